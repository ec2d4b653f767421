import "server-only";
import { and, desc, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { containing, within } from "@/server/db/filters";
import type { InvoiceRow } from "@/server/db/tables/commerce";
import { commissions, invoices } from "@/server/db/tables/commerce";
import { users } from "@/server/db/tables/users";

/** Sets an invoice's total to the sum of its commissions that still count (not VOID). */
export async function retotalInvoice(db: Executor, invoiceId: string): Promise<void> {
  await db
    .update(invoices)
    .set({
      total: sql`(select coalesce(sum(${commissions.amount}), 0) from ${commissions} where ${commissions.invoiceId} = ${invoiceId} and ${commissions.status} <> 'VOID')`,
    })
    .where(eq(invoices.id, invoiceId));
}

/**
 * Per affiliate with not-invoiced commissions earned in [from, to) and no invoice of `month` yet
 * (one would make issuing skip them): how many, their total and the affiliate's email.
 */
export async function findInvoicePlan(
  db: Executor,
  options: { month: string; from: Date; to: Date },
): Promise<{ affiliateId: string; email: string; count: number; total: number }[]> {
  const rows = await db
    .select({
      affiliateId: commissions.affiliateId,
      email: users.email,
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${commissions.amount}), 0)`,
    })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.affiliateId))
    .where(
      and(
        eq(commissions.status, "UNPAID"),
        isNull(commissions.invoiceId),
        gte(commissions.createdAt, options.from),
        sql`${commissions.createdAt} < ${options.to.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${invoices} where ${invoices.affiliateId} = ${commissions.affiliateId} and ${invoices.month} = ${options.month} and ${invoices.status} <> 'CANCEL')`,
      ),
    )
    .groupBy(commissions.affiliateId, users.email)
    .orderBy(users.email);
  return rows.map((r) => ({ ...r, count: Number(r.count), total: Number(r.total) }));
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

/** PENDING → PAID (commissions PAID) or CANCEL (commissions released to be invoiced again), with a note. */
export async function closeInvoice(
  db: Executor,
  id: string,
  to: "PAID" | "CANCEL",
  now: Date,
  extra: { paidAt?: Date; note?: string } = {},
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({
      status: to,
      updatedAt: now,
      ...(to === "PAID" ? { paidAt: extra.paidAt ?? now } : {}),
      ...(extra.note ? { note: extra.note } : {}),
    })
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

/**
 * Every affiliate's invoices, newest first, with the affiliate's email and the count of their
 * commissions: by `person` (an exact account id, or part of the email), month, status and days
 * (or the one invoice `id`).
 */
export async function findInvoicesOfAll(
  db: Executor,
  query: {
    id?: string;
    person?: string;
    month?: string;
    status?: string;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
  },
) {
  const email = containing(query.person?.toLowerCase());
  const where = and(
    query.person && email
      ? or(
          eq(invoices.affiliateId, query.person),
          inArray(
            invoices.affiliateId,
            db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) like ${email}`),
          ),
        )
      : undefined,
    query.id ? eq(invoices.id, query.id) : undefined,
    query.month ? eq(invoices.month, query.month) : undefined,
    query.status ? eq(invoices.status, query.status) : undefined,
    ...within(invoices.createdAt, query),
  );
  const ofInvoice = and(eq(commissions.invoiceId, invoices.id), ne(commissions.status, "VOID"));
  const items = await db
    .select({
      invoice: invoices,
      email: users.email,
      count: sql<number>`(select count(*)::int from ${commissions} where ${ofInvoice})`,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.affiliateId))
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
