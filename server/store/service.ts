import "server-only";
import dayjs from "dayjs";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import type { StoreRow } from "@/server/db/tables/commerce";
import { findStore, findStoresOf, insertStore, updateStore } from "./repository";

/** The new expiry of a store bought for `months`: from its current expiry, or from now when it has lapsed. */
export function extendedExpiry(current: Date | null, now: Date, months: number): Date {
  const base = current && current > now ? current : now;
  return dayjs(base).add(months, "month").toDate();
}

/** True when the store exists and belongs to someone other than `ownerId`. */
export async function isStoreOfAnother(db: Executor, appCode: string, storeId: string, ownerId: string) {
  const store = await findStore(db, appCode, storeId);
  return Boolean(store && store.ownerId !== ownerId);
}

/**
 * DESIGN §10: a paid line sets its store's package and extends its expiry by months + bonus
 * months (the store is created for the buyer on its first purchase). Runs inside the payment's
 * transaction; the row is locked so concurrent purchases of one store add up.
 */
export async function extendStore(
  tx: Executor,
  line: {
    appCode: string;
    storeId: string;
    storeName: string;
    ownerId: string;
    packageCode: string;
    months: number;
    price: number;
  },
  now: Date,
): Promise<StoreRow | null> {
  const store =
    (await findStore(tx, line.appCode, line.storeId, { lock: true })) ??
    (await insertStore(tx, {
      id: newId(),
      appCode: line.appCode,
      storeId: line.storeId,
      name: line.storeName,
      ownerId: line.ownerId,
      createdAt: now,
      updatedAt: now,
    }));
  // Someone else took this store id after the order was made: their store is never touched.
  if (store.ownerId !== line.ownerId) return null;
  const expiresAt = extendedExpiry(store.expiresAt, now, line.months);
  const changes = {
    packageCode: line.packageCode,
    activatedAt: store.activatedAt ?? now,
    expiresAt,
    lastPrice: line.price,
    lastExpiresAt: store.expiresAt,
    updatedAt: now,
  };
  await updateStore(tx, store.id, changes);
  return { ...store, ...changes };
}

/** Every store a person owns (the data export). */
export function storesForExport(db: Executor, ownerId: string): Promise<StoreRow[]> {
  return findStoresOf(db, ownerId);
}
