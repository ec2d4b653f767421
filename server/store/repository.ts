import "server-only";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import type { StoreRow } from "@/server/db/tables/commerce";
import { stores } from "@/server/db/tables/commerce";

/** A store of an app by its id there; `lock` holds the row for the rest of the transaction (two orders extending one store queue up). */
export async function findStore(
  db: Executor,
  appCode: string,
  storeId: string,
  options: { lock?: boolean } = {},
): Promise<StoreRow | undefined> {
  const query = db
    .select()
    .from(stores)
    .where(and(eq(stores.appCode, appCode), eq(stores.storeId, storeId)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function insertStore(db: Executor, values: typeof stores.$inferInsert): Promise<StoreRow> {
  const [row] = await db
    .insert(stores)
    .values(values)
    .onConflictDoNothing({ target: [stores.appCode, stores.storeId] })
    .returning();
  if (row) return row;
  const existing = await findStore(db, values.appCode, values.storeId, { lock: true });
  if (!existing) throw new Error("store vanished during insert");
  return existing;
}

export async function updateStore(
  db: Executor,
  id: string,
  changes: Partial<typeof stores.$inferInsert>,
): Promise<void> {
  await db.update(stores).set(changes).where(eq(stores.id, id));
}

/** Every store a person owns, oldest first (the data export). */
export async function findStoresOf(db: Executor, ownerId: string): Promise<StoreRow[]> {
  return db.select().from(stores).where(eq(stores.ownerId, ownerId)).orderBy(stores.createdAt);
}
