import "server-only";
import { and, asc, type Column, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { COUNT_CAP } from "@/server/db/count";
import { containing, within } from "@/server/db/filters";
import {
  type BankTransferRow,
  bankTransfers,
  type OrderRow,
  orderEvents,
  orderLines,
  orders,
  type PaymentRow,
  payments,
} from "@/server/db/tables/commerce";
import { users } from "@/server/db/tables/users";

// The operator console's reads of every person's orders and payments (/admin/orders,
// /admin/payments): the same filters as a person's own lists, plus whose and which product.

type Who = { email: string; fullname: string };
export type OrderWithPerson = OrderRow & Who;
export type PaymentWithOrder = PaymentRow & Who & { orderReferenceNo: string; appCode: string };

/** `person` is part of the email or the person's exact id. */
function whose(person: string | undefined, userId: Column): SQL | undefined {
  const q = person?.trim();
  const pattern = containing(q?.toLowerCase());
  if (!q || !pattern) return undefined;
  return or(eq(userId, q), sql`lower(${users.email}) like ${pattern}`);
}

type Range = { from?: Date; to?: Date; limit: number; offset: number };

/** Every person's orders, newest first. */
export async function findAnyOrdersPage(
  db: Executor,
  query: Range & { status?: string; referenceNo?: string; person?: string; app?: string },
): Promise<{ items: OrderWithPerson[]; total: number }> {
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.referenceNo ? eq(orders.referenceNo, query.referenceNo.toUpperCase()) : undefined,
    query.app ? eq(orders.appCode, query.app.toLowerCase()) : undefined,
    whose(query.person, orders.userId),
    ...within(orders.createdAt, query),
  );
  const page = db
    .select({ order: orders, email: users.email, fullname: users.fullname })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .limit(COUNT_CAP)
    .as("capped");
  const [rows, [counted]] = await Promise.all([page, db.select({ n: count() }).from(capped)]);
  return {
    items: rows.map((r) => ({ ...r.order, email: r.email, fullname: r.fullname })),
    total: counted?.n ?? 0,
  };
}

/** An order by its id or its reference number, with whose it is. */
export async function findOrderWithPerson(db: Executor, key: string): Promise<OrderWithPerson | undefined> {
  const [row] = await db
    .select({ order: orders, email: users.email, fullname: users.fullname })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(or(eq(orders.id, key), eq(orders.referenceNo, key.toUpperCase())))
    .limit(1);
  return row && { ...row.order, email: row.email, fullname: row.fullname };
}

/** An order's lines, attempts (oldest first), status changes and the bank transfers that named it. */
export async function findOrderHistory(db: Executor, order: OrderRow) {
  const [lines, attempts, events, transfers] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select()
      .from(bankTransfers)
      .where(or(eq(bankTransfers.orderId, order.id), eq(bankTransfers.referenceNo, order.referenceNo)))
      .orderBy(asc(bankTransfers.createdAt)) as Promise<BankTransferRow[]>,
  ]);
  return { lines, attempts, events, transfers };
}

const PAYMENT_SORTS = {
  reference_no: payments.referenceNo,
  method: payments.method,
  amount: payments.amount,
  created_at: payments.createdAt,
  status: payments.status,
} as const;

/** Every person's payment attempts (hidden ones too), newest first unless sorted. */
export async function findAnyPaymentsPage(
  db: Executor,
  query: Range & {
    status?: string;
    method?: string;
    referenceNo?: string;
    person?: string;
    app?: string;
    sort?: { column: keyof typeof PAYMENT_SORTS; desc: boolean };
  },
): Promise<{ items: PaymentWithOrder[]; total: number }> {
  const reference = query.referenceNo?.toUpperCase();
  const where = and(
    query.status ? eq(payments.status, query.status) : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
    // The reference the operator holds may be the payment's or its order's.
    reference ? or(eq(payments.referenceNo, reference), eq(orders.referenceNo, reference)) : undefined,
    query.app ? eq(orders.appCode, query.app.toLowerCase()) : undefined,
    whose(query.person, payments.userId),
    ...within(payments.createdAt, query),
  );
  const order: SQL[] = query.sort
    ? [(query.sort.desc ? desc : asc)(PAYMENT_SORTS[query.sort.column]), desc(payments.id)]
    : [desc(payments.createdAt), desc(payments.id)];
  const page = db
    .select({
      payment: payments,
      orderReferenceNo: orders.referenceNo,
      appCode: orders.appCode,
      email: users.email,
      fullname: users.fullname,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where)
    .limit(COUNT_CAP)
    .as("capped");
  const [rows, [counted]] = await Promise.all([page, db.select({ n: count() }).from(capped)]);
  return {
    items: rows.map(({ payment, ...rest }) => ({ ...payment, ...rest })),
    total: counted?.n ?? 0,
  };
}
