import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { packages } from "@/server/db/tables/commerce";
import { catalogSchema, type PackageDto } from "@/server/package/schema";
import { exportCatalog, importCatalog } from "@/server/package/service";
import { call } from "@/tests/setup/api";

type Page = { items: PackageDto[]; total: number };

async function list(body: Record<string, unknown>) {
  const r = await call<Page>("/package/list", body);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}
const codes = (page: Page) => page.items.map((p) => p.code);

describe("/package/list (no sign-in)", () => {
  it("lists the active catalog, by app then priority, 20 a page", async () => {
    const page = await list({});
    expect(page.total).toBe(28);
    expect(page.items).toHaveLength(20);
    expect(page.items.slice(0, 7).map((p) => [p.app_code, p.code])).toEqual(
      ["FREE", "STARTER", "PRO", "PREMIUM_5", "PREMIUM_10", "PREMIUM_20", "ENTERPRISE"].map((c) => ["la", c]),
    );
    expect((await list({ offset: 20 })).items).toHaveLength(8);
  });

  it("filters by app, in any case", async () => {
    const ls = await list({ app_code: "LS", limit: 50 });
    expect(ls.total).toBe(7);
    expect(ls.items.every((p) => p.app_code === "ls")).toBe(true);
    expect(ls.items.find((p) => p.code === "PREMIUM_5")).toMatchObject({
      display_code: "BUSSINESS_3",
      name: "Sales Business 3",
      months: 12,
      bonus_months: 2,
      price: 4000000,
      partner_discount: 40,
      commission_type: "percent",
      commission_value: 15,
      status: true,
    });
    expect(ls.items.find((p) => p.code === "ENTERPRISE")).toMatchObject({
      display_code: "ENTERPRISE",
      commission_type: "fixed",
      commission_value: 2400000,
    });
  });

  it("filters by a part of the name, case-insensitively, wildcards taken literally", async () => {
    const business = await list({ name: "business", limit: 50 });
    expect(business.total).toBe(12);
    expect(new Set(codes(business))).toEqual(new Set(["PREMIUM_5", "PREMIUM_10", "PREMIUM_20"]));
    expect(codes(await list({ name: "SALES BUSINESS", app_code: "ls", sort: "price" }))).toEqual([
      "PREMIUM_5",
      "PREMIUM_10",
      "PREMIUM_20",
    ]);
    for (const name of ["%", "_", "Sales%Pro", "\\"]) expect((await list({ name })).total, name).toBe(0);
    expect((await list({ name: "nothing like this" })).total).toBe(0);
  });

  it("sorts by price, name and created_at, both ways", async () => {
    expect(codes(await list({ app_code: "ls", sort: "price" }))).toEqual([
      "FREE",
      "STARTER",
      "PRO",
      "PREMIUM_5",
      "PREMIUM_10",
      "PREMIUM_20",
      "ENTERPRISE",
    ]);
    expect(codes(await list({ app_code: "ls", sort: "-price" }))).toEqual([
      "ENTERPRISE",
      "PREMIUM_20",
      "PREMIUM_10",
      "PREMIUM_5",
      "PRO",
      "STARTER",
      "FREE",
    ]);
    const prices = (await list({ sort: "-price", limit: 200 })).items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect((await list({ app_code: "la", sort: "name" })).items.map((p) => p.name)).toEqual([
      "Link Business 10",
      "Link Business 20",
      "Link Business 3",
      "Link Enterprise",
      "Link Free",
      "Link Pro",
      "Link Starter",
    ]);
    expect((await list({ app_code: "la", sort: "-name" })).items.map((p) => p.name)[0]).toBe("Link Starter");
    expect((await list({ sort: "created_at" })).total).toBe(28);
  });

  it("pages with limit and offset, keeping the total", async () => {
    const page = await list({ app_code: "ls", sort: "price", limit: 2, offset: 2 });
    expect(codes(page)).toEqual(["PRO", "PREMIUM_5"]);
    expect(page.total).toBe(7);
    const last = await list({ app_code: "ls", sort: "price", limit: 2, offset: 6 });
    expect(codes(last)).toEqual(["ENTERPRISE"]);
    expect((await list({ app_code: "ls", offset: 7 })).items).toEqual([]);
  });

  it("lists inactive packages only with status false", async () => {
    const db = await getDb();
    const where = and(eq(packages.appCode, "lp"), eq(packages.code, "STARTER"));
    expect((await list({ status: false })).total).toBe(0);
    await db.update(packages).set({ isActive: false }).where(where);
    try {
      for (const status of [false, "false"]) {
        const inactive = await list({ status });
        expect(inactive.items.map((p) => [p.app_code, p.code, p.status])).toEqual([["lp", "STARTER", false]]);
      }
      expect((await list({ app_code: "lp" })).total).toBe(6);
      expect((await list({ status: true })).total).toBe(27);
      expect((await list({ status: "true" })).total).toBe(27);
    } finally {
      await db.update(packages).set({ isActive: true }).where(where);
    }
  });

  it.each([
    // Any configured app may be asked for (issue 25); a code of the wrong shape is refused.
    ["an app code of the wrong shape", { app_code: "X Y!" }],
    ["an unknown sort", { sort: "priority" }],
    ["a page too large", { limit: 201 }],
    ["a negative offset", { offset: -1 }],
    ["a status that is not a boolean", { status: "maybe" }],
    ["a name too long", { name: "x".repeat(101) }],
  ])("refuses %s", async (_label, body) => {
    const r = await call("/package/list", body);
    expect(r.status).toBe(400);
    expect((r.body.data as { error: string }).error).toBe("VALIDATION");
  });
});

describe("the catalog file", () => {
  it("exports the default catalog in a shape the import accepts, and imports all or nothing", async () => {
    const db = await getDb();
    const exported = await exportCatalog(db);
    expect(exported).toHaveLength(28);
    expect(catalogSchema.safeParse(exported).success).toBe(true);

    const changed = exported.map((p) =>
      p.app_code === "la" && p.code === "PRO" ? { ...p, price: 160000 } : p,
    );
    const bad = [...changed, { ...exported[0], code: "bad code" }];
    const refused = await importCatalog(db, bad, new Date());
    expect(refused.ok).toBe(false);
    expect((await list({ app_code: "la", name: "Link Pro" })).items[0]?.price).toBe(150000);

    try {
      expect(await importCatalog(db, changed, new Date())).toEqual({ ok: true, count: 28 });
      expect((await list({ app_code: "la", name: "Link Pro" })).items[0]?.price).toBe(160000);
      expect((await list({})).total).toBe(28);
    } finally {
      await importCatalog(db, exported, new Date());
    }
  });
});
