import "server-only";
import {
  and,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { affiliates } from "@/server/db/tables/balances";
import { commissions, invoices, orders } from "@/server/db/tables/commerce";
import { referrals } from "@/server/db/tables/referrals";
import { users } from "@/server/db/tables/users";

export type CommissionRow = typeof commissions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** Who referred `userId`, with what the commission chain needs of them. */
export async function findChainLink(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      isPartner: users.isPartner,
      level: affiliates.level,
      affiliateId: affiliates.userId,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .leftJoin(affiliates, eq(affiliates.userId, users.id))
    .where(eq(referrals.referredId, userId))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    isPartner: row.isPartner,
    isAffiliate: row.affiliateId !== null,
    level: Number(row.level ?? 1),
  };
}

export async function insertCommissions(
  db: Executor,
  rows: (typeof commissions.$inferInsert)[],
): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await db
    .insert(commissions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: commissions.id });
  return inserted.length;
}

/** Ends an order's commissions that were not paid out; invoices that held them are re-totalled. */
export async function voidOrderCommissions(db: Executor, orderId: string): Promise<void> {
  const voided = await db
    .update(commissions)
    .set({ status: "VOID" })
    .where(and(eq(commissions.orderId, orderId), inArray(commissions.status, ["UNPAID", "INVOICED"])))
    .returning({ invoiceId: commissions.invoiceId });
  const touched = [...new Set(voided.map((v) => v.invoiceId).filter((v): v is string => Boolean(v)))];
  for (const invoiceId of touched) await retotalInvoice(db, invoiceId);
}

async function retotalInvoice(db: Executor, invoiceId: string): Promise<void> {
  await db
    .update(invoices)
    .set({
      total: sql`(select coalesce(sum(${commissions.amount}), 0) from ${commissions} where ${commissions.invoiceId} = ${invoiceId} and ${commissions.status} <> 'VOID')`,
    })
    .where(eq(invoices.id, invoiceId));
}

/** The customers an affiliate brought (SPEC: signed up with their code), newest first. */
export async function findCustomers(
  db: Executor,
  affiliateId: string,
  query: { search?: string; from?: Date; to?: Date; limit: number; offset: number },
) {
  const like = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(referrals.referrerId, affiliateId),
    like ? or(ilike(users.email, like), ilike(users.phone, like)) : undefined,
    query.from ? gte(referrals.createdAt, query.from) : undefined,
    query.to ? lte(referrals.createdAt, query.to) : undefined,
  );
  const purchased = sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${users.id} and ${orders.status} in ('PAID', 'PAID_DEBIT'))`;
  const items = await db
    .select({
      id: users.id,
      email: users.email,
      fullname: users.fullname,
      phone: users.phone,
      createdAt: referrals.createdAt,
      hasPurchased: purchased,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(where)
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      purchased: sql<number>`count(*) filter (where ${purchased})::int`,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(where);
  return { items, total: counts?.total ?? 0, totalPurchased: counts?.purchased ?? 0 };
}

/** The referred customer with this email, only when `affiliateId` brought them. */
export async function findCustomerByEmail(db: Executor, affiliateId: string, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullname: users.fullname, phone: users.phone })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(and(eq(referrals.referrerId, affiliateId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row;
}

function commissionWhere(
  affiliateId: string,
  query: { invoiced?: "INVOICED" | "NOT_INVOICED"; from?: Date; to?: Date },
): SQL | undefined {
  return and(
    eq(commissions.affiliateId, affiliateId),
    sql`${commissions.status} <> 'VOID'`,
    query.invoiced === "INVOICED" ? isNotNull(commissions.invoiceId) : undefined,
    query.invoiced === "NOT_INVOICED" ? isNull(commissions.invoiceId) : undefined,
    query.from ? gte(commissions.createdAt, query.from) : undefined,
    query.to ? lte(commissions.createdAt, query.to) : undefined,
  );
}

const commissionColumns = {
  commission: commissions,
  email: users.email,
  orderReferenceNo: orders.referenceNo,
};

export async function findCommissions(
  db: Executor,
  affiliateId: string,
  query: { invoiced?: "INVOICED" | "NOT_INVOICED"; from?: Date; to?: Date; limit: number; offset: number },
) {
  const where = commissionWhere(affiliateId, query);
  const items = await db
    .select(commissionColumns)
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.customerId))
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(where)
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(query.limit)
    .offset(query.offset);
  const [sum] = await db
    .select({ amount: sql<string>`coalesce(sum(${commissions.amount}), 0)::text` })
    .from(commissions)
    .where(where);
  return { items, total: await cappedCount(db, commissions, where), totalAmount: Number(sum?.amount ?? 0) };
}

/** Every commission of a filter, in pages of `batch`, for the CSV export (streamed). */
export async function* iterateCommissions(
  db: Executor,
  affiliateId: string,
  query: { invoiced?: "INVOICED" | "NOT_INVOICED"; from?: Date; to?: Date },
  batch = 500,
) {
  for (let offset = 0; ; offset += batch) {
    const page = await db
      .select(commissionColumns)
      .from(commissions)
      .innerJoin(users, eq(users.id, commissions.customerId))
      .innerJoin(orders, eq(orders.id, commissions.orderId))
      .where(commissionWhere(affiliateId, query))
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(batch)
      .offset(offset);
    yield page;
    if (page.length < batch) return;
  }
}

export async function findCommission(db: Executor, id: string) {
  const [row] = await db
    .select(commissionColumns)
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.customerId))
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(eq(commissions.id, id))
    .limit(1);
  return row;
}

export async function findCommissionsOfInvoice(db: Executor, invoiceId: string) {
  return db
    .select(commissionColumns)
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.customerId))
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(eq(commissions.invoiceId, invoiceId))
    .orderBy(desc(commissions.createdAt));
}

/** Unpaid commissions of an affiliate, for the operator. */
export async function findUnpaidCommissions(db: Executor, affiliateId: string, limit: number) {
  return db
    .select(commissionColumns)
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.customerId))
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(and(eq(commissions.affiliateId, affiliateId), eq(commissions.status, "UNPAID")))
    .orderBy(desc(commissions.createdAt))
    .limit(limit);
}

// --- invoices ---------------------------------------------------------------------------------

/** Affiliates with not-invoiced commissions earned in [from, to). */
export async function findAffiliatesToInvoice(db: Executor, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: commissions.affiliateId })
    .from(commissions)
    .where(
      and(
        eq(commissions.status, "UNPAID"),
        isNull(commissions.invoiceId),
        gte(commissions.createdAt, from),
        sql`${commissions.createdAt} < ${to.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Gathers one affiliate's not-invoiced commissions of [from, to) into a PENDING invoice, in the
 * caller's transaction; the unique (affiliate, month) index makes a second run issue nothing.
 */
export async function issueInvoice(
  db: Executor,
  options: { id: string; affiliateId: string; month: string; from: Date; to: Date; now: Date },
): Promise<InvoiceRow | undefined> {
  const [invoice] = await db
    .insert(invoices)
    .values({
      id: options.id,
      affiliateId: options.affiliateId,
      month: options.month,
      total: 0,
      status: "PENDING",
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!invoice) return undefined;
  await db
    .update(commissions)
    .set({ status: "INVOICED", invoiceId: invoice.id, invoicedAt: options.now })
    .where(
      and(
        eq(commissions.affiliateId, options.affiliateId),
        eq(commissions.status, "UNPAID"),
        isNull(commissions.invoiceId),
        gte(commissions.createdAt, options.from),
        sql`${commissions.createdAt} < ${options.to.toISOString()}::timestamptz`,
      ),
    );
  await retotalInvoice(db, invoice.id);
  const [fresh] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
  return fresh;
}

export async function findInvoice(db: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** PENDING → PAID (commissions PAID) or CANCEL (commissions released to be invoiced again). */
export async function closeInvoice(
  db: Executor,
  id: string,
  to: "PAID" | "CANCEL",
  now: Date,
  paidAt?: Date,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: to, updatedAt: now, ...(to === "PAID" ? { paidAt: paidAt ?? now } : {}) })
    .where(and(eq(invoices.id, id), eq(invoices.status, "PENDING")))
    .returning();
  if (!row) return undefined;
  if (to === "PAID") {
    await db
      .update(commissions)
      .set({ status: "PAID" })
      .where(and(eq(commissions.invoiceId, id), eq(commissions.status, "INVOICED")));
  } else {
    await db
      .update(commissions)
      .set({ status: "UNPAID", invoiceId: null, invoicedAt: null })
      .where(and(eq(commissions.invoiceId, id), eq(commissions.status, "INVOICED")));
  }
  return row;
}

export async function findInvoices(
  db: Executor,
  affiliateId: string,
  query: { status?: string; from?: Date; to?: Date; limit: number; offset: number },
) {
  const where = and(
    eq(invoices.affiliateId, affiliateId),
    query.status ? eq(invoices.status, query.status) : undefined,
    query.from ? gte(invoices.createdAt, query.from) : undefined,
    query.to ? lte(invoices.createdAt, query.to) : undefined,
  );
  // The condition stays a nested `and(…)`: drizzle writes a one-table select's own columns
  // unqualified, so a bare `${invoices.id}` here would read as commissions' own "id" (always 0).
  const ofInvoice = and(eq(commissions.invoiceId, invoices.id), ne(commissions.status, "VOID"));
  const items = await db
    .select({
      invoice: invoices,
      count: sql<number>`(select count(*)::int from ${commissions} where ${ofInvoice})`,
    })
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items, total: await cappedCount(db, invoices, where) };
}
