import "server-only";
import { and, asc, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { within } from "@/server/db/filters";
import type { PaymentRow } from "@/server/db/tables/commerce";
import { orders, payments } from "@/server/db/tables/commerce";

export type NewPayment = typeof payments.$inferInsert;

const SORT_COLUMNS = {
  reference_no: payments.referenceNo,
  method: payments.method,
  amount: payments.amount,
  created_at: payments.createdAt,
  status: payments.status,
} as const;

export async function insertPayment(db: Executor, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error("payment insert returned nothing");
  return row;
}

export async function findPaymentById(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export async function findPaymentByGatewayRef(
  db: Executor,
  gateway: string,
  gatewayRef: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayRef, gatewayRef)))
    .limit(1);
  return row;
}

export async function findPendingPaymentsOfOrder(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "PENDING")))
    .for("update");
}

export async function findPaymentsOf(
  db: Executor,
  userId: string,
  query: {
    status?: string;
    method?: string;
    referenceNo?: string;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
    sort?: { column: keyof typeof SORT_COLUMNS; desc: boolean };
  },
): Promise<{ items: (PaymentRow & { orderReferenceNo: string; appCode: string })[]; total: number }> {
  const reference = query.referenceNo?.toUpperCase();
  const where = and(
    eq(payments.userId, userId),
    eq(payments.isHidden, false),
    query.status ? eq(payments.status, query.status) : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
    // The reference the person holds may be the payment's or its order's.
    reference
      ? sql`(${payments.referenceNo} = ${reference} or ${orders.referenceNo} = ${reference})`
      : undefined,
    ...within(payments.createdAt, query),
  );
  const order: SQL[] = query.sort
    ? [(query.sort.desc ? desc : asc)(SORT_COLUMNS[query.sort.column]), desc(payments.id)]
    : [desc(payments.createdAt), desc(payments.id)];
  const rows = await db
    .select({ payment: payments, orderReferenceNo: orders.referenceNo, appCode: orders.appCode })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1`.as("one") })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(where)
      .limit(10_001)
      .as("capped"),
  );
  return {
    items: rows.map((r) => ({ ...r.payment, orderReferenceNo: r.orderReferenceNo, appCode: r.appCode })),
    total: counted?.n ?? 0,
  };
}

/** The guarded status move of an attempt: only while it is still PENDING. */
export async function movePaymentStatus(
  db: Executor,
  options: {
    id: string;
    to: string;
    now: Date;
    gatewayTxn?: string;
    rawCallback?: unknown;
    note?: string;
    operator?: string;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      status: options.to,
      updatedAt: options.now,
      ...(options.to === "PAID" ? { paidAt: options.now } : {}),
      ...(options.gatewayTxn ? { gatewayTxn: options.gatewayTxn } : {}),
      ...(options.rawCallback !== undefined ? { rawCallback: options.rawCallback } : {}),
      ...(options.note ? { note: options.note } : {}),
      ...(options.operator ? { operator: options.operator } : {}),
    })
    .where(and(eq(payments.id, options.id), eq(payments.status, "PENDING")))
    .returning();
  return row;
}

export async function hidePaymentRow(
  db: Executor,
  id: string,
  userId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ isHidden: true })
    .where(
      and(eq(payments.id, id), eq(payments.userId, userId), inArray(payments.status, ["CANCEL", "INVALID"])),
    )
    .returning();
  return row;
}

export async function countPayments(db: Executor, orderId: string): Promise<number> {
  return cappedCount(db, payments, eq(payments.orderId, orderId));
}

/** Pending attempts past their expiry, oldest first (the sweeper and the reconciliation). */
export async function findExpiredPending(db: Executor, now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "PENDING"), lte(payments.expiresAt, now)))
    .orderBy(asc(payments.expiresAt))
    .limit(limit);
}

/** The pending attempts of an order by `gateway`, newest first (a bank transfer pays one the person opened). */
export async function findPendingAttempts(
  db: Executor,
  orderId: string,
  gateway: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.gateway, gateway), eq(payments.status, "PENDING")))
    .orderBy(desc(payments.createdAt));
}

export async function setPaymentGatewayRef(db: Executor, id: string, gatewayRef: string): Promise<void> {
  await db.update(payments).set({ gatewayRef }).where(eq(payments.id, id));
}

/**
 * Money a gateway took for an attempt that had already ended (another attempt paid the order,
 * or it expired): kept findable for the refund, once. Its points came back when it ended.
 */
export async function recordLatePayment(
  db: Executor,
  options: { id: string; gatewayTxn?: string; rawCallback: unknown; note: string; now: Date },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      status: "INVALID",
      gatewayTxn: options.gatewayTxn || null,
      rawCallback: options.rawCallback,
      note: options.note,
      updatedAt: options.now,
    })
    .where(
      and(
        eq(payments.id, options.id),
        inArray(payments.status, ["CANCEL", "INVALID"]),
        sql`${payments.gatewayTxn} is null`,
      ),
    )
    .returning();
  return row;
}
export type { PaymentRow };

/** Every payment attempt of a person, hidden ones too, oldest first; no gateway callback (the data export). */
export async function findAllPaymentsOf(db: Executor, userId: string) {
  return db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      orderReferenceNo: orders.referenceNo,
      referenceNo: payments.referenceNo,
      method: payments.method,
      gateway: payments.gateway,
      amount: payments.amount,
      pointsUsed: payments.pointsUsed,
      status: payments.status,
      note: payments.note,
      isHidden: payments.isHidden,
      expiresAt: payments.expiresAt,
      paidAt: payments.paidAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}
