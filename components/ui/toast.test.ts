import { describe, expect, it } from "vitest";
import { TOAST_REGION_CLASS } from "./toast";

describe("toast region", () => {
  it("sits at the top (centre on a phone, right from sm up), never at the bottom-left", () => {
    const classes = TOAST_REGION_CLASS.split(/\s+/);
    expect(classes).toEqual(expect.arrayContaining(["fixed", "top-4", "justify-center", "sm:right-4"]));
    expect(classes.some((c) => c.startsWith("bottom-") || c.includes(":bottom-"))).toBe(false);
    expect(classes).not.toContain("left-4");
  });
});
