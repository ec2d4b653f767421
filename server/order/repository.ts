import "server-only";
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { within } from "@/server/db/filters";
import type { OrderLineRow, OrderRow } from "@/server/db/tables/commerce";
import { orderEvents, orderLines, orders } from "@/server/db/tables/commerce";
import { users } from "@/server/db/tables/users";

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

export async function insertOrder(db: Executor, order: NewOrder, lines: NewOrderLine[]): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error("order insert returned nothing");
  if (lines.length) await db.insert(orderLines).values(lines);
  return row;
}

export async function findOrderById(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export async function findOrderByReference(db: Executor, referenceNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.referenceNo, referenceNo)).limit(1);
  return row;
}

export async function findOrderByTransaction(
  db: Executor,
  transactionId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.transactionId, transactionId)).limit(1);
  return row;
}

export async function findOrderByIdempotencyKey(
  db: Executor,
  appCode: string,
  key: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.appCode, appCode), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function findLines(db: Executor, orderIds: string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(orderLines.id);
}

export async function findOrdersOf(
  db: Executor,
  userId: string,
  query: { status?: string; referenceNo?: string; from?: Date; to?: Date; limit: number; offset: number },
): Promise<{ items: OrderRow[]; total: number }> {
  const where = and(
    eq(orders.userId, userId),
    query.status ? eq(orders.status, query.status) : undefined,
    query.referenceNo ? eq(orders.referenceNo, query.referenceNo.toUpperCase()) : undefined,
    ...within(orders.createdAt, query),
  );
  // The page and its capped count at once: on PostgreSQL two connections, so the page waits for
  // the longer of the two, not their sum (DESIGN §7).
  const [items, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    cappedCount(db, orders, where),
  ]);
  return { items, total };
}

export async function findOrdersByStatus(db: Executor, status: string, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.status, status))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/**
 * The guarded move of DESIGN §10: changes the status only while it is still one of `from`, so a
 * replay or a race changes nothing twice. Returns the row when this call moved it.
 */
export async function moveOrderStatus(
  db: Executor,
  options: { id: string; from: readonly string[]; to: string; note?: string; actor: string; now: Date },
): Promise<OrderRow | undefined> {
  const paid = options.to === "PAID" || options.to === "PAID_DEBIT";
  const [row] = await db
    .update(orders)
    .set({
      status: options.to,
      statusNote: options.note ?? null,
      statusBy: options.actor,
      updatedAt: options.now,
      ...(paid ? { paidAt: options.now } : {}),
    })
    .where(and(eq(orders.id, options.id), inArray(orders.status, [...options.from]) as SQL))
    .returning();
  return row;
}

export async function insertOrderEvent(db: Executor, values: typeof orderEvents.$inferInsert): Promise<void> {
  await db.insert(orderEvents).values(values);
}

export async function findOrderEvents(db: Executor, orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt);
}

/** Reads and locks an order for the rest of the transaction (the state module's guard). */
export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  return row;
}

export async function findOwnerEmail(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? "";
}
export type { OrderLineRow, OrderRow };

/** Every order of a person, oldest first; never its checkout capability or request hash (the data export). */
export async function findAllOrdersOf(db: Executor, userId: string) {
  return db
    .select({
      id: orders.id,
      appCode: orders.appCode,
      referenceNo: orders.referenceNo,
      status: orders.status,
      total: orders.total,
      credit: orders.credit,
      note: orders.note,
      statusNote: orders.statusNote,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.createdAt, orders.id);
}
