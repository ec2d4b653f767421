import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type CatalogPackage,
  catalogPackageSchema,
  catalogSchema,
  displayPackageCode,
  packageDisplayName,
} from "./schema";

describe("displayPackageCode (SPEC §3 display remap)", () => {
  it.each([
    ["PREMIUM_5", "BUSSINESS_3"],
    ["PREMIUM_10", "BUSSINESS_10"],
    ["PREMIUM_20", "BUSSINESS_20"],
    ["premium_5", "BUSSINESS_3"],
    ["Premium_10", "BUSSINESS_10"],
    ["PREMIUM_3", "BUSSINESS"],
    ["PREMIUM", "BUSSINESS"],
    ["PREMIUM_50", "BUSSINESS"],
    ["premium_x", "BUSSINESS"],
    ["FREE", "FREE"],
    ["STARTER", "STARTER"],
    ["PRO", "PRO"],
    ["ENTERPRISE", "ENTERPRISE"],
    ["pro", "pro"],
    ["SUPER_PREMIUM", "SUPER_PREMIUM"],
    ["BUSSINESS_3", "BUSSINESS_3"],
  ])("%s → %s", (code, shown) => {
    expect(displayPackageCode(code)).toBe(shown);
  });
});

describe("packageDisplayName (words for people; the wire keeps the codes)", () => {
  it.each([
    ["PREMIUM_5", "Business 3"],
    ["PREMIUM_10", "Business 10"],
    ["PREMIUM_20", "Business 20"],
    ["PREMIUM_50", "Business"],
    ["BUSSINESS_3", "Business 3"],
    ["FREE", "Free"],
    ["STARTER", "Starter"],
    ["PRO", "Pro"],
    ["pro", "Pro"],
    ["ENTERPRISE", "Enterprise"],
    ["SUPER_PREMIUM", "Super Premium"],
    ["B2", "B2"],
  ])("%s → %s", (code, words) => {
    expect(packageDisplayName(code)).toBe(words);
  });

  it("never shows the misspelt wire word or an underscore", () => {
    for (const code of ["PREMIUM_5", "PREMIUM_10", "PREMIUM_20", "PREMIUM_X", "BUSSINESS"]) {
      expect(packageDisplayName(code)).not.toMatch(/BUSSINESS|_/i);
    }
  });
});

/** The default catalog the commerce migration inserts, read back as catalog-file entries. */
function defaultCatalog(): CatalogPackage[] {
  const sql = readFileSync(path.join(import.meta.dirname, "../db/migrations/0004_commerce.sql"), "utf8");
  const insert = sql.slice(sql.indexOf('INSERT INTO "packages"'));
  const rows = insert.split("\n").filter((line) => line.startsWith("('pkg_"));
  return rows.map((line) => {
    const values = [...line.matchAll(/'((?:[^']|'')*)'|([^,\s()]+)/g)].map((m) =>
      m[1] !== undefined ? m[1].replace(/''/g, "'") : (m[2] as string),
    );
    const [, app, code, name, description, months, price, priority, discount, bonus, type, value, active] =
      values;
    return {
      app_code: app,
      code,
      name,
      description,
      months: Number(months),
      price: Number(price),
      priority: Number(priority),
      partner_discount: Number(discount),
      bonus_months: Number(bonus),
      commission_type: type,
      commission_value: Number(value),
      active: active === "true",
    } as CatalogPackage;
  });
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  app_code: "ls",
  code: "PRO",
  name: "Sales Pro",
  months: 1,
  price: 239000,
  priority: 20,
  ...overrides,
});

describe("catalogSchema", () => {
  it("accepts the default catalog of the migration (7 tiers × 4 apps)", () => {
    const catalog = defaultCatalog();
    expect(catalog).toHaveLength(28);
    const parsed = catalogSchema.safeParse(catalog);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(new Set(catalog.map((p) => p.app_code))).toEqual(new Set(["lp", "luid", "ls", "la"]));
    expect(parsed.data?.find((p) => p.app_code === "lp" && p.code === "ENTERPRISE")).toMatchObject({
      commission_type: "fixed",
      commission_value: 3000000,
      bonus_months: 6,
    });
  });

  it("fills the defaults of an entry and normalises the app code", () => {
    const parsed = catalogSchema.parse([valid({ app_code: " LS " })]);
    expect(parsed[0]).toMatchObject({
      app_code: "ls",
      description: "",
      partner_discount: 0,
      bonus_months: 0,
      commission_type: "percent",
      commission_value: 0,
      active: true,
    });
  });

  it("refuses the same app and code twice, naming the second entry", () => {
    const parsed = catalogSchema.safeParse([valid(), valid({ name: "Again" }), valid({ app_code: "lp" })]);
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues ?? [];
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual([1]);
    expect(issues[0]?.message).toBe("duplicate package ls/PRO");
  });

  it("allows one code in several apps", () => {
    expect(
      catalogSchema.safeParse([valid(), valid({ app_code: "lp" }), valid({ app_code: "la" })]).success,
    ).toBe(true);
  });

  it.each(["pro", "Pro", "1PRO", "P", "PRO-1", "PRO 1", "", `P${"A".repeat(40)}`])(
    "refuses the code %j",
    (code) => {
      const parsed = catalogPackageSchema.safeParse(valid({ code }));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.some((i) => i.path[0] === "code")).toBe(true);
    },
  );

  it.each(["PRO", "PREMIUM_5", "B2", `P${"A".repeat(39)}`])("accepts the code %j", (code) => {
    expect(catalogPackageSchema.safeParse(valid({ code })).success).toBe(true);
  });

  it("refuses a percent commission above 100, not a fixed one", () => {
    const over = catalogPackageSchema.safeParse(
      valid({ commission_type: "percent", commission_value: 100.01 }),
    );
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.path).toEqual(["commission_value"]);
    expect(over.error?.issues[0]?.message).toBe("a percent commission is at most 100");
    expect(
      catalogPackageSchema.safeParse(valid({ commission_type: "percent", commission_value: 100 })).success,
    ).toBe(true);
    expect(
      catalogPackageSchema.safeParse(valid({ commission_type: "fixed", commission_value: 3000000 })).success,
    ).toBe(true);
    // The default type is percent.
    expect(catalogPackageSchema.safeParse(valid({ commission_value: 150 })).success).toBe(false);
  });

  it.each([
    ["an app code of the wrong shape", { app_code: "X Y!" }],
    ["0 months", { months: 0 }],
    ["37 months", { months: 37 }],
    ["fractional months", { months: 1.5 }],
    ["a negative price", { price: -1 }],
    ["a fractional price", { price: 1.5 }],
    ["a partner discount above 100", { partner_discount: 101 }],
    ["an unknown commission type", { commission_type: "share" }],
    ["an empty name", { name: " " }],
    ["an unknown field", { colour: "red" }],
  ])("refuses %s", (_label, overrides) => {
    expect(catalogSchema.safeParse([valid(overrides)]).success).toBe(false);
  });

  it("refuses the whole file when one entry is bad", () => {
    expect(catalogSchema.safeParse([...defaultCatalog(), valid({ code: "bad" })]).success).toBe(false);
  });
});
