import { describe, expect, it } from "vitest";
import { commissionAmount, MAX_DEPTH, offeredPackages, partnerCredit, rateFor, walkChain } from "./rules";

const RATES = [
  [20, 5, 2, 1],
  [25, 6, 3, 1],
  [30, 7, 3, 2],
  [35, 8, 4, 2],
];

describe("rateFor: the affiliate's level picks the row, the depth the column", () => {
  it.each([
    [1, 1, 20],
    [1, 4, 1],
    [2, 2, 6],
    [4, 3, 4],
    [9, 1, 35], // a level past the table uses the last row
    [0, 1, 20], // and below it the first
    [1, 5, 0], // no fifth depth
  ])("level %i depth %i → %i%%", (level, depth, rate) => expect(rateFor(RATES, level, depth)).toBe(rate));
});

describe("commissionAmount: percent of the line or of the fixed value, whole đồng", () => {
  it.each([
    [{ subtotal: 239_000, commissionType: "percent", commissionValue: 20 }, 20, 47_800],
    [{ subtotal: 239_000, commissionType: "percent", commissionValue: 20 }, 3, 7_170],
    [{ subtotal: 99_999, commissionType: "percent", commissionValue: 20 }, 5, 5_000], // 4,999.95 rounds up
    [{ subtotal: 99_990, commissionType: "percent", commissionValue: 20 }, 1, 1_000], // 999.9
    [{ subtotal: 30_000_000, commissionType: "fixed", commissionValue: 3_000_000 }, 20, 600_000],
    [{ subtotal: 30_000_000, commissionType: "fixed", commissionValue: 3_000_000 }, 1, 30_000],
    [{ subtotal: 0, commissionType: "percent", commissionValue: 0 }, 20, 0],
    [{ subtotal: 239_000, commissionType: "percent", commissionValue: 20 }, 0, 0],
  ])("%o at %i%% → %i", (line, rate, amount) => expect(commissionAmount(line, rate)).toBe(amount));
});

describe("walkChain: at most four affiliates up the referral chain, never forever", () => {
  const people = (links: Record<string, string | undefined>, affiliates: string[]) => async (id: string) => {
    const up = links[id];
    return up ? { id: up, isAffiliate: affiliates.includes(up) } : undefined;
  };

  it("climbs buyer → affiliate → its referrer … up to four", async () => {
    const links = { buyer: "a", a: "b", b: "c", c: "d", d: "e", e: "f" };
    const chain = await walkChain("buyer", people(links, ["a", "b", "c", "d", "e", "f"]));
    expect(chain.map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
    expect(chain).toHaveLength(MAX_DEPTH);
  });

  it("stops at someone who is not an affiliate", async () => {
    const chain = await walkChain("buyer", people({ buyer: "a", a: "x", x: "b" }, ["a", "b"]));
    expect(chain.map((p) => p.id)).toEqual(["a"]);
  });

  it("a loop in the referrals (a brought b, b brought a) ends the chain instead of hanging", async () => {
    const chain = await walkChain("buyer", people({ buyer: "a", a: "b", b: "a" }, ["a", "b"]));
    expect(chain.map((p) => p.id)).toEqual(["a", "b"]);
    const self = await walkChain("a", people({ a: "b", b: "a" }, ["a", "b"]));
    expect(self.map((p) => p.id)).toEqual(["b"]);
  });

  it("nobody referred the buyer: no chain", async () => {
    expect(await walkChain("buyer", people({}, []))).toEqual([]);
  });
});

describe("partnerCredit: SPEC §9", () => {
  it.each([
    [239_000, 50, 119], // floor(119.5)
    [99_000, 50, 49],
    [79_000, 50, 39],
    [5_000_000, 40, 2_000],
    [30_000_000, 35, 10_500],
    [299_000, 0, 299], // no discount: price / 1000
    [99_500, 0, 99.5],
    [1_999, 10, 0],
  ])("price %i at %i%% → %f credit", (price, discount, credit) =>
    expect(partnerCredit(price, discount)).toBe(credit),
  );
});

describe("offeredPackages: priority at or above the current one; everything when expired", () => {
  const catalog = [
    { code: "PRO", priority: 20 },
    { code: "STARTER", priority: 10 },
    { code: "PREMIUM_5", priority: 30 },
  ];
  const now = new Date("2026-11-22T00:00:00Z");
  const later = new Date("2027-01-01T00:00:00Z");
  const earlier = new Date("2026-01-01T00:00:00Z");

  it("a live PRO store: PRO and above, in catalog order (the first is preselected)", () => {
    expect(offeredPackages(catalog, { priority: 20, expiresAt: later }, now).map((p) => p.code)).toEqual([
      "PRO",
      "PREMIUM_5",
    ]);
  });
  it("an expired store: every package", () => {
    expect(offeredPackages(catalog, { priority: 30, expiresAt: earlier }, now).map((p) => p.code)).toEqual([
      "STARTER",
      "PRO",
      "PREMIUM_5",
    ]);
  });
  it("a store without a package: every package", () => {
    expect(offeredPackages(catalog, { priority: null, expiresAt: null }, now)).toHaveLength(3);
  });
  it("the top package: only itself", () => {
    expect(offeredPackages(catalog, { priority: 30, expiresAt: later }, now).map((p) => p.code)).toEqual([
      "PREMIUM_5",
    ]);
  });
});
