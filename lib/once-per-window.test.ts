import { describe, expect, it } from "vitest";
import { oncePerWindow } from "./once-per-window";

describe("oncePerWindow", () => {
  it("lets each key through once per window", () => {
    let now = 0;
    const gate = oncePerWindow({ windowMs: 1000, maxKeys: 10, now: () => now });
    expect(gate("a")).toBe(true);
    expect(gate("a")).toBe(false);
    expect(gate("b")).toBe(true);
    now = 999;
    expect(gate("a")).toBe(false);
    now = 1000;
    expect(gate("a")).toBe(true);
    expect(gate("a")).toBe(false);
  });

  it("remembers at most maxKeys keys a window: a flood of new keys is not let through", () => {
    let now = 0;
    const gate = oncePerWindow({ windowMs: 1000, maxKeys: 3, now: () => now });
    const passed = Array.from({ length: 50 }, (_, i) => gate(`k${i}`)).filter(Boolean);
    expect(passed).toHaveLength(3);
    now = 1000;
    expect(gate("k49")).toBe(true);
  });
});
