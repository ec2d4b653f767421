import { describe, expect, it, vi } from "vitest";
import type { Ctx } from "@/server/context";
import { warnIfCallbackDropped, warnIfFrameMessageDropped } from "./hand-off";

function fakeCtx() {
  const warn = vi.fn();
  return { ctx: { log: { warn } } as unknown as Ctx, warn };
}

describe("warnIfCallbackDropped (issue 25: what a product team looks for)", () => {
  it("logs one warning naming the host of a dropped callback", () => {
    const { ctx, warn } = fakeCtx();
    warnIfCallbackDropped(ctx, "http://127.0.0.1:4310/cb?x=1", false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toEqual({ callback_host: "http://127.0.0.1:4310" });
    expect(String(warn.mock.calls[0]?.[1])).toContain("127.0.0.1:4310");
  });

  it("stays silent when the callback was kept or none was asked for", () => {
    const { ctx, warn } = fakeCtx();
    warnIfCallbackDropped(ctx, "https://app.example.com/cb", true);
    warnIfCallbackDropped(ctx, undefined, false);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("warnIfFrameMessageDropped (issue 38: the frame's parent waits for a message that never comes)", () => {
  it("logs one warning naming the parent origin the message was refused", () => {
    const { ctx, warn } = fakeCtx();
    warnIfFrameMessageDropped(ctx, { iframe: true, parent_origin: "https://shop.dropped.example" }, null);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toEqual({ frame_parent: "https://shop.dropped.example" });
    expect(String(warn.mock.calls[0]?.[1])).toBe(
      "frame message dropped: https://shop.dropped.example is not in CALLBACK_ALLOWED_HOSTS or an APPS_CONFIG home (or is plain http off loopback, or not on the listed port)",
    );
  });

  it("names an origin once an hour, not once a sign-in (anyone can send any parent_origin)", () => {
    const { ctx, warn } = fakeCtx();
    for (let i = 0; i < 5; i++) {
      warnIfFrameMessageDropped(ctx, { iframe: true, parent_origin: "https://again.dropped.example" }, null);
    }
    warnIfFrameMessageDropped(ctx, { iframe: true, parent_origin: "https://other.dropped.example/" }, null);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      { frame_parent: "https://again.dropped.example" },
      { frame_parent: "https://other.dropped.example" },
    ]);
  });

  it("stays silent when the message went, outside a frame, or without a parent origin", () => {
    const { ctx, warn } = fakeCtx();
    warnIfFrameMessageDropped(
      ctx,
      { iframe: true, parent_origin: "https://app.example.com" },
      "https://app.example.com",
    );
    warnIfFrameMessageDropped(ctx, { iframe: false, parent_origin: "https://silent.example" }, null);
    warnIfFrameMessageDropped(ctx, { iframe: true }, null);
    expect(warn).not.toHaveBeenCalled();
  });
});
