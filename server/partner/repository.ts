import "server-only";
import { and, asc, desc, eq, ilike, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { containing, within } from "@/server/db/filters";
import { orderLines, orders, packages, stores } from "@/server/db/tables/commerce";
import { referrals } from "@/server/db/tables/referrals";
import { users } from "@/server/db/tables/users";

export type StoreWithOwner = Awaited<ReturnType<typeof findCustomerStores>>["items"][number];

const storeColumns = {
  store: stores,
  ownerEmail: users.email,
  ownerName: users.fullname,
  packageName: packages.name,
  priority: packages.priority,
};

/** The stores of the people `referrerId` brought (SPEC §7 /partner/list-store). */
export async function findCustomerStores(
  db: Executor,
  referrerId: string,
  query: { email?: string; appCode?: string; storeName?: string; limit: number; offset: number },
) {
  const like = containing(query.storeName);
  const where = and(
    eq(referrals.referrerId, referrerId),
    query.email ? sql`lower(${users.email}) = ${query.email.toLowerCase()}` : undefined,
    query.appCode ? eq(stores.appCode, query.appCode) : undefined,
    like ? ilike(stores.name, like) : undefined,
  );
  const base = db
    .select(storeColumns)
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .innerJoin(referrals, eq(referrals.referredId, stores.ownerId))
    .leftJoin(packages, and(eq(packages.appCode, stores.appCode), eq(packages.code, stores.packageCode)));
  const items = await base
    .where(where)
    .orderBy(desc(stores.createdAt), desc(stores.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .innerJoin(referrals, eq(referrals.referredId, stores.ownerId))
    .where(where);
  return { items, total: counted?.n ?? 0 };
}

/** One store, with its owner and whether `referrerId` brought that owner. */
export async function findStoreOfCustomer(db: Executor, referrerId: string, storeRowId: string) {
  const [row] = await db
    .select(storeColumns)
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .innerJoin(referrals, and(eq(referrals.referredId, stores.ownerId), eq(referrals.referrerId, referrerId)))
    .leftJoin(packages, and(eq(packages.appCode, stores.appCode), eq(packages.code, stores.packageCode)))
    .where(eq(stores.id, storeRowId))
    .limit(1);
  return row;
}

export async function countStoresOf(db: Executor, ownerId: string, appCode: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stores)
    .where(and(eq(stores.ownerId, ownerId), eq(stores.appCode, appCode)));
  return row?.n ?? 0;
}

/** The app's active, paid packages in catalog order (priority ascending). */
export async function findAppPackages(db: Executor, appCode: string) {
  return db
    .select()
    .from(packages)
    .where(and(eq(packages.appCode, appCode), eq(packages.isActive, true), sql`${packages.price} > 0`))
    .orderBy(asc(packages.priority), asc(packages.code));
}

/** A customer's order lines (the customer detail's Orders tab). */
export async function findCustomerOrderLines(
  db: Executor,
  customerId: string,
  query: { appCode?: string; from?: Date; to?: Date; limit: number; offset: number },
) {
  const where = and(
    eq(orders.userId, customerId),
    query.appCode ? eq(orderLines.appCode, query.appCode) : undefined,
    ...within(orders.createdAt, query),
  );
  const items = await db
    .select({ line: orderLines, order: orders })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orderLines.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(where);
  return { items, total: counted?.n ?? 0 };
}
