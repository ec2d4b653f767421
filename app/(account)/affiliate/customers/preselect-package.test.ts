import { describe, expect, it } from "vitest";
import { preselectPackage } from "./preselect-package";

const pkg = (code: string, priority: number) => ({ code, priority });
const CATALOG = [pkg("STARTER", 0), pkg("PRO", 10), pkg("PREMIUM_5", 20), pkg("ENTERPRISE", 30)];

describe("preselectPackage", () => {
  it("starts on the first package above the store's current one, not on the current one", () => {
    expect(preselectPackage(CATALOG.slice(1), "PRO")?.code).toBe("PREMIUM_5");
    expect(preselectPackage(CATALOG, "STARTER")?.code).toBe("PRO");
  });

  it("an expired store is offered everything: still the first one above what it had", () => {
    expect(preselectPackage(CATALOG, "PREMIUM_5")?.code).toBe("ENTERPRISE");
  });

  it("the top package has nothing above it: the renewal of the same one", () => {
    expect(preselectPackage(CATALOG.slice(3), "ENTERPRISE")?.code).toBe("ENTERPRISE");
  });

  it("codes match whatever their case; the list's order does not matter", () => {
    const shuffled = [pkg("ENTERPRISE", 30), pkg("PRO", 10), pkg("PREMIUM_5", 20)];
    expect(preselectPackage(shuffled, "pro")?.code).toBe("PREMIUM_5");
  });

  it("two packages on the same step above: the catalog's first of them", () => {
    const tied = [pkg("PRO", 10), pkg("PRO_PLUS", 20), pkg("TEAM", 20)];
    expect(preselectPackage(tied, "PRO")?.code).toBe("PRO_PLUS");
  });

  it("no package, or one the list does not hold: the first offered; an empty list: none", () => {
    expect(preselectPackage(CATALOG.slice(1), null)?.code).toBe("PRO");
    expect(preselectPackage(CATALOG.slice(1), "LEGACY_GOLD")?.code).toBe("PRO");
    expect(preselectPackage([], "PRO")).toBeUndefined();
  });
});
