import "server-only";
import { and, asc, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { containing } from "@/server/db/filters";
import type { PackageRow } from "@/server/db/tables/commerce";
import { packages } from "@/server/db/tables/commerce";

export type NewPackage = typeof packages.$inferInsert;

const SORT_COLUMNS = {
  name: packages.name,
  description: packages.description,
  price: packages.price,
  created_at: packages.createdAt,
} as const;

export async function findPackages(
  db: Executor,
  query: {
    appCode?: string;
    name?: string;
    active: boolean;
    limit: number;
    offset: number;
    sort?: { column: keyof typeof SORT_COLUMNS; desc: boolean };
  },
): Promise<{ items: PackageRow[]; total: number }> {
  const like = containing(query.name);
  const where = and(
    eq(packages.isActive, query.active),
    query.appCode ? eq(packages.appCode, query.appCode) : undefined,
    like ? ilike(packages.name, like) : undefined,
  );
  const order: SQL[] = query.sort
    ? [(query.sort.desc ? desc : asc)(SORT_COLUMNS[query.sort.column])]
    : [asc(packages.appCode), asc(packages.priority)];
  const items = await db
    .select()
    .from(packages)
    .where(where)
    .orderBy(...order, asc(packages.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items, total: await cappedCount(db, packages, where) };
}

export async function findPackageByCode(
  db: Executor,
  appCode: string,
  code: string,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.appCode, appCode), eq(packages.code, code)))
    .limit(1);
  return row;
}

export async function findAllPackages(db: Executor): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .orderBy(asc(packages.appCode), asc(packages.priority), asc(packages.code));
}

/** Inserts or updates by (app, code); packages missing from an import stay (deactivate them instead). */
export async function upsertPackage(db: Executor, values: NewPackage): Promise<void> {
  const { id: _id, createdAt: _created, ...changes } = values;
  await db
    .insert(packages)
    .values(values)
    .onConflictDoUpdate({ target: [packages.appCode, packages.code], set: changes });
}
