import "server-only";
import { and, desc, eq, gte, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { within } from "@/server/db/filters";
import type { InvoiceRow } from "@/server/db/tables/commerce";
import { commissions, invoices } from "@/server/db/tables/commerce";

/** Sets an invoice's total to the sum of its commissions that still count (not VOID). */
export async function retotalInvoice(db: Executor, invoiceId: string): Promise<void> {
  await db
    .update(invoices)
    .set({
      total: sql`(select coalesce(sum(${commissions.amount}), 0) from ${commissions} where ${commissions.invoiceId} = ${invoiceId} and ${commissions.status} <> 'VOID')`,
    })
    .where(eq(invoices.id, invoiceId));
}

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
    ...within(invoices.createdAt, query),
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

/** Every invoice of an affiliate, oldest first (the data export). */
export async function findAllInvoicesOf(db: Executor, affiliateId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.affiliateId, affiliateId))
    .orderBy(invoices.createdAt, invoices.id);
}
