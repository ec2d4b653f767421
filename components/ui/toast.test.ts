import { describe, expect, it } from "vitest";
import { TOAST_REGION_CLASS } from "./toast";

describe("toast region", () => {
  it("sits at the top (centre on a phone, right from sm up), never at the bottom-left", () => {
    const classes = TOAST_REGION_CLASS.split(/\s+/);
    expect(classes).toEqual(expect.arrayContaining(["fixed", "top-20", "justify-center", "sm:right-4"]));
    expect(classes.some((c) => c.startsWith("bottom-") || c.includes(":bottom-"))).toBe(false);
    expect(classes).not.toContain("left-4");
  });

  it("starts below the signed-in pages' top bar (h-16, 4rem) instead of covering it (issue 39)", () => {
    const top = TOAST_REGION_CLASS.split(/\s+/).find((c) => /^top-\d+$/.test(c));
    // Tailwind's spacing scale: top-N is N × 0.25rem.
    expect(Number(top?.slice(4)) * 0.25).toBeGreaterThan(4);
  });
});
