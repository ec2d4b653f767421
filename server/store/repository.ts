import "server-only";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { stores } from "@/server/db/tables/commerce";

export type StoreRow = typeof stores.$inferSelect;

export async function findStore(
  db: Executor,
  appCode: string,
  storeId: string,
): Promise<StoreRow | undefined> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.appCode, appCode), eq(stores.storeId, storeId)))
    .limit(1);
  return row;
}

/** Locks the store row for the rest of the transaction (two orders extending one store queue up). */
export async function findStoreForUpdate(
  db: Executor,
  appCode: string,
  storeId: string,
): Promise<StoreRow | undefined> {
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.appCode, appCode), eq(stores.storeId, storeId)))
    .limit(1)
    .for("update");
  return row;
}

export async function insertStore(db: Executor, values: typeof stores.$inferInsert): Promise<StoreRow> {
  const [row] = await db
    .insert(stores)
    .values(values)
    .onConflictDoNothing({ target: [stores.appCode, stores.storeId] })
    .returning();
  if (row) return row;
  const existing = await findStoreForUpdate(db, values.appCode, values.storeId);
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
