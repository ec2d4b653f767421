import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Page } from "@/lib/list-query";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { CatalogPackage, PackageDto } from "@/server/package/schema";
import { checkCatalog, exportCatalog, listWholeCatalog, writeCatalog } from "@/server/package/service";
import { type OperatorCtx, recordAudit } from "./audit";
import { lockCatalogImports } from "./programme-repository";
import type {
  adminPackageListSchema,
  CatalogChangesDto,
  CatalogImportedDto,
  CatalogPreviewDto,
} from "./programme-schema";

// The operator console's package catalog (/admin/packages) and `npm run admin -- packages import`:
// one import, checked by the catalog's own rules (server/package/service.ts), previewed without
// writing, written whole or not at all with one audit row.

/** A catalog file as it came (a browser's upload, a file the command line read), and its name. */
type CatalogUpload = { catalog: unknown; file_name?: string };

const keyOf = (p: { app_code: string; code: string }) => `${p.app_code}/${p.code}`;

/** /admin/packages/list: every app's packages, active or not, by app then priority; paged here (a catalog is small). */
export async function listCatalog(
  ctx: Pick<Ctx, "db">,
  input: z.output<typeof adminPackageListSchema>,
): Promise<Page<PackageDto>> {
  const q = input.q?.toLowerCase();
  const rows = (await listWholeCatalog(ctx.db)).filter(
    (p) =>
      (!input.app_code || p.app_code === input.app_code) &&
      (!input.status || p.status === (input.status === "active")) &&
      (!q || p.code.toLowerCase().includes(q) || p.name.toLowerCase().includes(q)),
  );
  return { items: rows.slice(input.offset, input.offset + input.limit), total: rows.length };
}

/** /admin/packages/export: the catalog file `npm run admin -- packages export` prints, and a name for it. */
export async function exportCatalogFile(
  ctx: Pick<Ctx, "db" | "clock">,
): Promise<{ catalog: CatalogPackage[]; file_name: string }> {
  const day = ctx.clock().toISOString().slice(0, 10);
  return { catalog: await exportCatalog(ctx.db), file_name: `packages-${day}.json` };
}

type Field = Exclude<keyof CatalogPackage, "app_code" | "code">;
const FIELDS: readonly Field[] = [
  "name",
  "description",
  "months",
  "price",
  "priority",
  "partner_discount",
  "bonus_months",
  "commission_type",
  "commission_value",
  "active",
];

/**
 * What writing `incoming` over `current` does, by (app, code): packages added, fields changed,
 * packages already as the file says, and the ones it leaves out (the import keeps them).
 */
export function diffCatalog(
  current: readonly CatalogPackage[],
  incoming: readonly CatalogPackage[],
): CatalogChangesDto {
  const now = new Map(current.map((p) => [keyOf(p), p]));
  const changes: CatalogChangesDto = { added: [], changed: [], unchanged: [], kept: [] };
  for (const p of incoming) {
    const was = now.get(keyOf(p));
    if (!was) {
      changes.added.push(p);
      continue;
    }
    const fields = FIELDS.filter((f) => was[f] !== p[f]).map((f) => ({
      field: f,
      before: was[f],
      after: p[f],
    }));
    if (fields.length) changes.changed.push({ app_code: p.app_code, code: p.code, name: p.name, fields });
    else changes.unchanged.push(keyOf(p));
  }
  const named = new Set(incoming.map(keyOf));
  changes.kept = current.map(keyOf).filter((key) => !named.has(key));
  return changes;
}

const NO_CHANGES: CatalogChangesDto = { added: [], changed: [], unchanged: [], kept: [] };

/** /admin/packages/preview: every problem of the file, or what importing it would change. Writes nothing. */
export async function previewCatalog(db: Executor, input: CatalogUpload): Promise<CatalogPreviewDto> {
  const checked = checkCatalog(input.catalog);
  if (!checked.ok) return { ok: false, errors: checked.errors, ...NO_CHANGES };
  return { ok: true, errors: [], ...diffCatalog(await exportCatalog(db), checked.packages) };
}

/**
 * The audit's before and after: under `packages`, each package changed as `app/code` → its changed
 * fields (an added one: all of them, on the after side only). Package codes are kept one level down
 * so that none is ever read as a field name.
 */
function auditedChanges(changes: CatalogChangesDto) {
  const before: Record<string, Record<string, unknown>> = {};
  const after: Record<string, Record<string, unknown>> = {};
  for (const { app_code, code, ...fields } of changes.added) after[`${app_code}/${code}`] = fields;
  for (const c of changes.changed) {
    const key = keyOf(c);
    before[key] = Object.fromEntries(c.fields.map((f) => [f.field, f.before]));
    after[key] = Object.fromEntries(c.fields.map((f) => [f.field, f.after]));
  }
  return { before: { packages: before }, after: { packages: after } };
}

/**
 * /admin/packages/import and `npm run admin -- packages import`: the whole file in one
 * transaction with its audit row (packages.import), or CATALOG_INVALID naming every problem and
 * nothing written. Packages the file leaves out stay as they are.
 */
export async function importCatalogFile(ctx: OperatorCtx, input: CatalogUpload): Promise<CatalogImportedDto> {
  const checked = checkCatalog(input.catalog);
  if (!checked.ok) throw new AppError("CATALOG_INVALID", { data: { errors: checked.errors } });
  return ctx.db.transaction(async (tx) => {
    await lockCatalogImports(tx);
    const changes = diffCatalog(await exportCatalog(tx), checked.packages);
    await writeCatalog(tx, checked.packages, ctx.clock());
    const auditId = await recordAudit(tx, ctx, {
      action: "packages.import",
      targetType: "packages",
      targetId: null,
      ...auditedChanges(changes),
      note: input.file_name,
    });
    return { ...changes, count: checked.packages.length, audit_id: auditId };
  });
}
