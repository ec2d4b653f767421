import "server-only";
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { containing, within } from "@/server/db/filters";
import { affiliates } from "@/server/db/tables/balances";
import { commissions, orders } from "@/server/db/tables/commerce";
import { referrals } from "@/server/db/tables/referrals";
import { users } from "@/server/db/tables/users";

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

/** Ends an order's commissions that were not paid out; answers the invoices that held them. */
export async function voidOrderCommissions(db: Executor, orderId: string): Promise<string[]> {
  const voided = await db
    .update(commissions)
    .set({ status: "VOID" })
    .where(and(eq(commissions.orderId, orderId), inArray(commissions.status, ["UNPAID", "INVOICED"])))
    .returning({ invoiceId: commissions.invoiceId });
  return [...new Set(voided.map((v) => v.invoiceId).filter((v): v is string => Boolean(v)))];
}

/** The customers an affiliate brought (SPEC: signed up with their code), newest first. */
export async function findCustomers(
  db: Executor,
  affiliateId: string,
  query: { search?: string; from?: Date; to?: Date; limit: number; offset: number },
) {
  const like = containing(query.search);
  const where = and(
    eq(referrals.referrerId, affiliateId),
    like ? or(ilike(users.email, like), ilike(users.phone, like)) : undefined,
    ...within(referrals.createdAt, query),
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

/** `affiliateId` undefined: every affiliate's (an operator's list). */
function commissionWhere(
  affiliateId: string | undefined,
  query: { invoiced?: "INVOICED" | "NOT_INVOICED"; from?: Date; to?: Date },
): SQL | undefined {
  return and(
    affiliateId === undefined ? undefined : eq(commissions.affiliateId, affiliateId),
    sql`${commissions.status} <> 'VOID'`,
    query.invoiced === "INVOICED" ? isNotNull(commissions.invoiceId) : undefined,
    query.invoiced === "NOT_INVOICED" ? isNull(commissions.invoiceId) : undefined,
    ...within(commissions.createdAt, query),
  );
}

/** A commission with its customer's email and its order's reference, as every list shows it. */
const selectCommissions = (db: Executor) =>
  db
    .select({ commission: commissions, email: users.email, orderReferenceNo: orders.referenceNo })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.customerId))
    .innerJoin(orders, eq(orders.id, commissions.orderId));

export async function findCommissions(
  db: Executor,
  affiliateId: string | undefined,
  query: { invoiced?: "INVOICED" | "NOT_INVOICED"; from?: Date; to?: Date; limit: number; offset: number },
) {
  const where = commissionWhere(affiliateId, query);
  const items = await selectCommissions(db)
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
    const page = await selectCommissions(db)
      .where(commissionWhere(affiliateId, query))
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(batch)
      .offset(offset);
    yield page;
    if (page.length < batch) return;
  }
}

export async function findCommission(db: Executor, id: string) {
  const [row] = await selectCommissions(db).where(eq(commissions.id, id)).limit(1);
  return row;
}

export async function findCommissionsOfInvoice(db: Executor, invoiceId: string) {
  return selectCommissions(db)
    .where(eq(commissions.invoiceId, invoiceId))
    .orderBy(desc(commissions.createdAt));
}

/** Unpaid commissions of an affiliate, for the operator. */
export async function findUnpaidCommissions(db: Executor, affiliateId: string, limit: number) {
  return selectCommissions(db)
    .where(and(eq(commissions.affiliateId, affiliateId), eq(commissions.status, "UNPAID")))
    .orderBy(desc(commissions.createdAt))
    .limit(limit);
}

/** Every commission an affiliate earned, with the customer's email the list shows, oldest first (the data export). */
export async function findAllCommissionsOf(db: Executor, affiliateId: string) {
  return db
    .select({ commission: commissions, email: users.email, orderReferenceNo: orders.referenceNo })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.customerId))
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(eq(commissions.affiliateId, affiliateId))
    .orderBy(commissions.createdAt, commissions.id);
}
