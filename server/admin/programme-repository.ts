import "server-only";
import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { COUNT_CAP } from "@/server/db/count";
import { containing, within } from "@/server/db/filters";
import { affiliates } from "@/server/db/tables/balances";
import { commissions, orders } from "@/server/db/tables/commerce";
import { referrals } from "@/server/db/tables/referrals";
import { users } from "@/server/db/tables/users";

// The console's read of the affiliate programme: each affiliate with their customers and the
// totals of their commissions by state, in one query per page.

/** The customers an affiliate brought, and how many of them paid at least one order. */
const customers = sql<number>`(select count(*) from ${referrals} where ${referrals.referrerId} = ${users.id})::int`;
const payingCustomers = sql<number>`(select count(*) from ${referrals} where ${referrals.referrerId} = ${users.id}
  and exists (select 1 from ${orders} where ${orders.userId} = ${referrals.referredId}
  and ${orders.status} in ('PAID', 'PAID_DEBIT')))::int`;

/** The sum of the affiliate's commissions in `states`, as text (bigint sums overflow a JS int's type). */
const commissionSum = (states: readonly string[]) =>
  sql<string>`(select coalesce(sum(${commissions.amount}), 0)::text from ${commissions}
    where ${commissions.affiliateId} = ${users.id} and ${commissions.status} in (${sql.join(
      states.map((s) => sql`${s}`),
      sql`, `,
    )}))`;

export type AffiliateSummaryRow = {
  id: string;
  email: string;
  fullname: string;
  code: string;
  level: string;
  joinedAt: Date;
  customers: number;
  payingCustomers: number;
  earned: string;
  unpaid: string;
  invoiced: string;
  paid: string;
};

function affiliateWhere(query: {
  id?: string;
  q?: string;
  level?: string;
  from?: Date;
  to?: Date;
}): SQL | undefined {
  const q = query.q?.trim().toLowerCase();
  const pattern = containing(q);
  return and(
    query.id ? eq(users.id, query.id) : undefined,
    q && pattern
      ? or(
          eq(users.id, query.q?.trim() ?? ""),
          sql`lower(${users.email}) like ${pattern}`,
          sql`lower(${users.fullname}) like ${pattern}`,
          sql`lower(${users.code}) = ${q}`,
        )
      : undefined,
    query.level ? eq(affiliates.level, query.level) : undefined,
    ...within(affiliates.createdAt, query),
  );
}

/** Affiliates newest first: `q` is part of an email or name, an exact code or account id. */
export async function findAffiliateSummaries(
  db: Executor,
  query: { id?: string; q?: string; level?: string; from?: Date; to?: Date; limit: number; offset: number },
): Promise<{ items: AffiliateSummaryRow[]; total: number }> {
  const where = affiliateWhere(query);
  const items = await db
    .select({
      id: users.id,
      email: users.email,
      fullname: users.fullname,
      code: users.code,
      level: affiliates.level,
      joinedAt: affiliates.createdAt,
      customers,
      payingCustomers,
      earned: commissionSum(["UNPAID", "INVOICED", "PAID"]),
      unpaid: commissionSum(["UNPAID"]),
      invoiced: commissionSum(["INVOICED"]),
      paid: commissionSum(["PAID"]),
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(where)
    .orderBy(desc(affiliates.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(where)
    .limit(COUNT_CAP)
    .as("capped");
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return { items, total: counted?.n ?? 0 };
}

/**
 * Serialises catalog imports until the transaction ends: each one's before/after is read and
 * written with no other import in between, so its audit row says what it really changed.
 */
export async function lockCatalogImports(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('packages.import'))`);
}
