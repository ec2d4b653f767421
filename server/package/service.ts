import "server-only";
import type { z } from "zod";
import { type Env, env } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { Page } from "@/lib/list-query";
import type { Ctx } from "@/server/context";
import type { Db, Executor } from "@/server/db/client";
import type { PackageRow } from "@/server/db/tables/commerce";
import { findAllPackages, findPackageByCode, findPackages, upsertPackage } from "./repository";
import {
  type CatalogPackage,
  catalogSchema,
  displayPackageCode,
  PACKAGE_APPS,
  type PackageApp,
  type PackageDto,
  type packageListSchema,
} from "./schema";

/** The family's app codes: SPEC's four defaults and every code APPS_CONFIG names. */
export function configuredAppCodes(config: Pick<Env, "APPS_CONFIG">): string[] {
  return [...new Set([...PACKAGE_APPS, ...Object.keys(config.APPS_CONFIG).map((c) => c.toLowerCase())])];
}

/** A catalog row as the operator's catalog file writes it. */
function toCatalogPackage(row: PackageRow): CatalogPackage {
  return {
    app_code: row.appCode as PackageApp,
    code: row.code,
    name: row.name,
    description: row.description,
    months: row.months,
    price: row.price,
    priority: row.priority,
    partner_discount: row.partnerDiscount,
    bonus_months: row.bonusMonths,
    commission_type: row.commissionType as CatalogPackage["commission_type"],
    commission_value: Number(row.commissionValue),
    active: row.isActive,
  };
}

export function toPackageDto(row: PackageRow): PackageDto {
  const { active, ...fields } = toCatalogPackage(row);
  return {
    _id: row.id,
    ...fields,
    display_code: displayPackageCode(row.code),
    status: active,
    created_at: row.createdAt.toISOString(),
  };
}

/** /package/list (no auth): the catalog, filtered by app and name, sorted on the server. */
export async function listPackages(
  ctx: Ctx,
  input: z.output<typeof packageListSchema>,
): Promise<Page<PackageDto>> {
  const { items, total } = await findPackages(ctx.db, {
    appCode: input.app_code,
    name: input.name,
    active: input.status,
    limit: input.limit,
    offset: input.offset,
    sort: input.sort,
  });
  return { items: items.map(toPackageDto), total };
}

/** One package of an app's catalog by its code (active or not), or undefined. */
export const findPackage = (db: Executor, appCode: string, code: string): Promise<PackageRow | undefined> =>
  findPackageByCode(db, appCode, code);

/** The catalog as the operator edits it (`npm run admin -- packages export`). */
export async function exportCatalog(db: Executor): Promise<CatalogPackage[]> {
  return (await findAllPackages(db)).map(toCatalogPackage);
}

/** Every package of every app, active or not, by app then priority (the operator's catalog). */
export async function listWholeCatalog(db: Executor): Promise<PackageDto[]> {
  return (await findAllPackages(db)).map(toPackageDto);
}

/** A catalog file checked: its packages with their defaults filled, or every problem as a readable line. */
export type CheckedCatalog = { ok: true; packages: CatalogPackage[] } | { ok: false; errors: string[] };

/**
 * The import's rules without writing (the console's preview): the file's shape, no package twice,
 * and every app one the family knows (SPEC's four or one APPS_CONFIG adds; a typo is not).
 */
export function checkCatalog(
  raw: unknown,
  apps: readonly string[] = configuredAppCodes(env()),
): CheckedCatalog {
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => `${i.path.length ? `[${i.path.join(".")}] ` : ""}${i.message}`),
    };
  }
  const unknown = parsed.data.flatMap((p, i) =>
    apps.includes(p.app_code)
      ? []
      : [`[${i}.app_code] "${p.app_code}" is not an app: add it to APPS_CONFIG (known: ${apps.join(", ")})`],
  );
  return unknown.length > 0 ? { ok: false, errors: unknown } : { ok: true, packages: parsed.data };
}

/** Writes checked packages with `tx` (the caller's transaction): inserted or updated by (app, code). */
export async function writeCatalog(tx: Executor, list: readonly CatalogPackage[], now: Date): Promise<void> {
  for (const p of list) {
    await upsertPackage(tx, {
      id: `pkg_${p.app_code}_${p.code.toLowerCase()}_${newId().slice(-6).toLowerCase()}`,
      appCode: p.app_code,
      code: p.code,
      name: p.name,
      description: p.description,
      months: p.months,
      price: p.price,
      priority: p.priority,
      partnerDiscount: p.partner_discount,
      bonusMonths: p.bonus_months,
      commissionType: p.commission_type,
      commissionValue: p.commission_value.toFixed(2),
      isActive: p.active,
      createdAt: now,
      updatedAt: now,
    });
  }
}

/**
 * Validates a whole catalog file, then writes it in one transaction: a bad file writes nothing.
 * Returns the problems as readable lines, or the number of packages written.
 */
export async function importCatalog(
  db: Db,
  raw: unknown,
  now: Date,
  apps: readonly string[] = configuredAppCodes(env()),
): Promise<{ ok: true; count: number } | { ok: false; errors: string[] }> {
  const checked = checkCatalog(raw, apps);
  if (!checked.ok) return checked;
  await db.transaction((tx) => writeCatalog(tx, checked.packages, now));
  return { ok: true, count: checked.packages.length };
}
