// Issue 24, the package catalog in the console: /admin/packages/* (list, export, preview, import)
// and `npm run admin -- packages import`. A preview writes nothing; an import writes the whole file
// or nothing, with exactly one audit row naming each changed package's fields before and after.
import { writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { packages } from "@/server/db/tables/commerce";
import { type CatalogPackage, catalogSchema, type PackageDto } from "@/server/package/schema";
import { exportCatalog, importCatalog } from "@/server/package/service";
import { signIn } from "@/tests/factories/commerce";
import { adminWithoutSecondFactor, reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import { cliOperator } from "./audit";
import { packagesImport } from "./commerce";
import type { CatalogImportedDto, CatalogPreviewDto } from "./programme-schema";

const MINUTE = 60_000;
type Data = Record<string, unknown> & { error?: string; errors?: string[] };

/** The migration's catalog; each test starts from it. */
let original: CatalogPackage[];
beforeAll(async () => {
  original = await exportCatalog(await getDb());
});
beforeEach(async () => {
  resetLimitsForTests();
  earlier = new Set((await allImportRows()).map((row) => row.id));
});
afterEach(async () => {
  const db = await getDb();
  await db.delete(packages).where(and(eq(packages.appCode, "ls"), eq(packages.code, "TEAM")));
  await importCatalog(db, original, new Date());
});

const allImportRows = async () =>
  (await getDb()).select().from(auditLog).where(eq(auditLog.action, "packages.import"));
/** The audit rows of imports since the test began. */
let earlier: Set<string>;
const importRows = async () => (await allImportRows()).filter((row) => !earlier.has(row.id));

/** The catalog with la/PRO at 160,000 đ and inactive, ls/PRO's name changed, a new ls package, la/FREE left out. */
function editedCatalog(): CatalogPackage[] {
  const edited = original
    .filter((p) => !(p.app_code === "la" && p.code === "FREE"))
    .map((p) => {
      if (p.app_code === "la" && p.code === "PRO") return { ...p, price: 160_000, active: false };
      if (p.app_code === "ls" && p.code === "PRO") return { ...p, name: "Sales Pro+" };
      return p;
    });
  return [
    ...edited,
    { ...(original[0] as CatalogPackage), app_code: "ls", code: "TEAM", name: "Sales Team" },
  ];
}

const unprovedAdminCookie = async () => (await adminWithoutSecondFactor()).cookie;

describe("/admin/packages/* refusals", () => {
  it.each([
    ["/admin/packages/list", () => ({})],
    ["/admin/packages/export", () => ({})],
    ["/admin/packages/preview", () => ({ catalog: editedCatalog() })],
    ["/admin/packages/import", () => ({ catalog: editedCatalog() })],
  ] as const)("%s: no session, no scope, no second factor: refused, nothing written", async (p, body) => {
    const sent = body();
    expect((await call<Data>(p, sent)).body.data.error).toBe("UNAUTHORIZED");
    const person = await call<Data>(p, sent, { cookie: await signIn(await createUser()) });
    expect([person.status, person.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
    const unproved = await call<Data>(p, sent, { cookie: await unprovedAdminCookie() });
    expect([unproved.status, unproved.body.data.error]).toEqual([403, "ADMIN_2FA_REQUIRED"]);
    expect(await exportCatalog(await getDb())).toEqual(original);
    expect(await importRows()).toEqual([]);
  });
});

describe("/admin/packages/list and /admin/packages/export", () => {
  it("lists every app's packages, active or not, by app, status and part of a code or name", async () => {
    const { cookie } = await signedInOperator();
    const list = async (body: Record<string, unknown>) =>
      (await call<{ items: PackageDto[]; total: number }>("/admin/packages/list", body, { cookie })).body
        .data;
    expect((await list({})).total).toBe(28);
    await importCatalog(await getDb(), editedCatalog(), new Date());
    expect((await list({ limit: 200 })).total).toBe(29);
    const inactive = await list({ status: "inactive" });
    expect(inactive.items.map((p) => [p.app_code, p.code, p.price])).toEqual([["la", "PRO", 160_000]]);
    expect((await list({ app_code: "LS" })).total).toBe(8);
    expect((await list({ app_code: "ls", q: "team" })).items.map((p) => p.name)).toEqual(["Sales Team"]);
    expect((await list({ q: "premium_5" })).total).toBe(4);
  });

  it("exports the catalog file the command line prints, which the import accepts", async () => {
    const { cookie } = await signedInOperator();
    const res = await call<{ catalog: CatalogPackage[]; file_name: string }>(
      "/admin/packages/export",
      {},
      { cookie },
    );
    expect(res.body.data.catalog).toEqual(original);
    expect(catalogSchema.safeParse(res.body.data.catalog).success).toBe(true);
    expect(res.body.data.file_name).toMatch(/^packages-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await importRows()).toEqual([]);
  });
});

describe("/admin/packages/preview", () => {
  it("tells what the import would add, change (field by field) and keep, writing nothing", async () => {
    const { cookie } = await signedInOperator();
    const res = await call<CatalogPreviewDto>(
      "/admin/packages/preview",
      { catalog: editedCatalog() },
      { cookie },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const preview = res.body.data;
    expect(preview).toMatchObject({ ok: true, errors: [], kept: ["la/FREE"] });
    expect(preview.added.map((p) => `${p.app_code}/${p.code}`)).toEqual(["ls/TEAM"]);
    expect(preview.changed).toEqual([
      {
        app_code: "la",
        code: "PRO",
        name: "Link Pro",
        fields: [
          { field: "price", before: 150_000, after: 160_000 },
          { field: "active", before: true, after: false },
        ],
      },
      {
        app_code: "ls",
        code: "PRO",
        name: "Sales Pro+",
        fields: [{ field: "name", before: "Sales Pro", after: "Sales Pro+" }],
      },
    ]);
    expect(preview.unchanged).toHaveLength(28 - 3);
    expect(await exportCatalog(await getDb())).toEqual(original);
    expect(await importRows()).toEqual([]);
  });

  it("names every problem of a bad file at once", async () => {
    const { cookie } = await signedInOperator();
    const bad = [...original, { ...original[0], code: "bad code" }, { ...original[1], app_code: "zz" }];
    const res = await call<CatalogPreviewDto>("/admin/packages/preview", { catalog: bad }, { cookie });
    expect(res.body.data.ok).toBe(false);
    expect(res.body.data.errors).toEqual([expect.stringContaining("[28.code]")]);
    const unknownApp = [...original, { ...original[1], app_code: "zz" }];
    const again = await call<CatalogPreviewDto>(
      "/admin/packages/preview",
      { catalog: unknownApp },
      { cookie },
    );
    expect(again.body.data.errors).toEqual([expect.stringContaining('"zz" is not an app')]);
    const twoBad = [
      { ...original[0], price: -1 },
      { ...original[1], months: 0 },
    ];
    const both = await call<CatalogPreviewDto>("/admin/packages/preview", { catalog: twoBad }, { cookie });
    expect(both.body.data.errors).toHaveLength(2);
    const notAList = await call<CatalogPreviewDto>(
      "/admin/packages/preview",
      { catalog: { a: 1 } },
      { cookie },
    );
    expect(notAList.body.data.ok).toBe(false);
    expect(await importRows()).toEqual([]);
  });
});

describe("/admin/packages/import", () => {
  it("wants a re-authentication within 15 minutes, then writes the file and one audit row", async () => {
    const { user: operator, cookie } = await signedInOperator();
    const body = { catalog: editedCatalog(), file_name: "prices-june.json" };
    const now = Date.now();
    expect((await call<Data>("/admin/packages/import", body, { cookie })).body.data.error).toBe(
      "REAUTH_REQUIRED",
    );
    await reauthenticate(cookie, now - 16 * MINUTE);
    expect((await call<Data>("/admin/packages/import", body, { cookie })).body.data.error).toBe(
      "REAUTH_REQUIRED",
    );
    expect(await exportCatalog(await getDb())).toEqual(original);
    expect(await importRows()).toEqual([]);

    await reauthenticate(cookie, now - 14 * MINUTE);
    const done = await call<CatalogImportedDto>("/admin/packages/import", body, { cookie });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ count: 28, kept: ["la/FREE"] });
    const after = await exportCatalog(await getDb());
    expect(after.find((p) => p.app_code === "la" && p.code === "PRO")).toMatchObject({
      price: 160_000,
      active: false,
    });
    expect(after.find((p) => p.app_code === "la" && p.code === "FREE")).toEqual(
      original.find((p) => p.app_code === "la" && p.code === "FREE"),
    );
    const { app_code: _app, code: _code, ...team } = body.catalog.at(-1) as CatalogPackage;
    expect(await importRows()).toEqual([
      expect.objectContaining({
        id: done.body.data.audit_id,
        operatorId: operator.id,
        operator: operator.email,
        targetType: "packages",
        targetId: null,
        note: "prices-june.json",
        before: { packages: { "la/PRO": { price: 150_000, active: true }, "ls/PRO": { name: "Sales Pro" } } },
        after: {
          packages: {
            "la/PRO": { price: 160_000, active: false },
            "ls/PRO": { name: "Sales Pro+" },
            "ls/TEAM": team,
          },
        },
      }),
    ]);
  });

  it("writes nothing when one package of the file is wrong, and answers every problem", async () => {
    const { cookie } = await signedInOperator();
    await reauthenticate(cookie);
    const oneBad = [
      ...editedCatalog(),
      { ...original[2], code: "BROKEN", commission_type: "percent", commission_value: 150 },
    ];
    const res = await call<Data>("/admin/packages/import", { catalog: oneBad }, { cookie });
    expect([res.status, res.body.data.error]).toEqual([400, "CATALOG_INVALID"]);
    expect(res.body.data.errors).toEqual([expect.stringContaining("a percent commission is at most 100")]);
    expect(await exportCatalog(await getDb())).toEqual(original);
    expect(await importRows()).toEqual([]);
  });
});

describe("npm run admin -- packages import", () => {
  it("writes the file with one audit row under the command line's name; a bad file writes nothing", async () => {
    const db = await getDb();
    const dir = await mkdtemp(path.join(tmpdir(), "catalog-"));
    const good = path.join(dir, "good.json");
    writeFileSync(good, JSON.stringify(editedCatalog()));
    expect(await packagesImport(cliOperator(db, "carol"), good)).toBe(
      "imported 28 packages (1 added, 2 changed)",
    );
    expect(await importRows()).toEqual([
      expect.objectContaining({
        operator: "carol",
        operatorId: null,
        ip: null,
        note: "good.json",
        before: { packages: { "la/PRO": { price: 150_000, active: true }, "ls/PRO": { name: "Sales Pro" } } },
      }),
    ]);

    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify([...original, { ...original[0], code: "bad code" }]));
    await expect(packagesImport(cliOperator(db, "carol"), bad)).rejects.toThrow(/nothing written/);
    expect(await importRows()).toHaveLength(1);
  });
});
