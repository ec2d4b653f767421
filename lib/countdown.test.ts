import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown";

describe("formatCountdown (m:ss)", () => {
  it.each([
    [60, "1:00"],
    [59, "0:59"],
    [65, "1:05"],
    [9, "0:09"],
    [0, "0:00"],
    [300, "5:00"],
    [299, "4:59"],
    [3600, "60:00"],
  ])("%d s reads %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it("never shows a negative, fractional or missing time", () => {
    expect(formatCountdown(-3)).toBe("0:00");
    expect(formatCountdown(4.2)).toBe("0:05");
    expect(formatCountdown(Number.NaN)).toBe("0:00");
  });
});
