import { describe, expect, it } from "vitest";
import { activeSection, sectionForHash } from "./sections";

describe("the profile's sections (issue 39)", () => {
  it.each([
    ["/account/profile", "profile"],
    ["/account/profile/security", "security"],
    ["/account/profile/data", "data"],
  ])("%s shows the %s section", (path, section) => {
    expect(activeSection(path)).toBe(section);
  });

  it("sends the one-page profile's hashes on to their section", () => {
    expect(sectionForHash("#security")).toBe("/account/profile/security");
    expect(sectionForHash("#devices")).toBe("/account/profile/security");
    expect(sectionForHash("#data")).toBe("/account/profile/data");
    expect(sectionForHash("#privacy")).toBe("/account/profile/data");
    expect(sectionForHash("#affiliate")).toBeNull();
    expect(sectionForHash("")).toBeNull();
  });
});
