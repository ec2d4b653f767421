import { describe, expect, it, vi } from "vitest";
import type { Ctx } from "@/server/context";
import { warnIfCallbackDropped } from "./hand-off";

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
