import "server-only";
import { aliasedTable, and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { within } from "@/server/db/filters";
import type { CreditLogRow, PointLogRow } from "@/server/db/tables/balances";
import { creditLogs, pointLogs } from "@/server/db/tables/balances";
import { referrals } from "@/server/db/tables/referrals";
import { users } from "@/server/db/tables/users";

export type Balance = "credit" | "credit_app" | "money" | "point";

type Range = { from?: Date; to?: Date };
type Paging = { limit: number; offset: number };

const COLUMN = {
  credit: users.credit,
  credit_app: users.creditApp,
  money: users.money,
  point: users.point,
} as const;

/**
 * Moves one balance by `amount` (signed) and returns the new value; refuses to go below zero
 * (the caller runs this inside the transaction that writes the log row).
 */
export async function moveBalance(
  db: Executor,
  userId: string,
  balance: Balance,
  amount: string,
): Promise<string | null> {
  const column = COLUMN[balance];
  const [row] = await db
    .update(users)
    .set({
      [balance === "credit_app" ? "creditApp" : balance]: sql`${column} + ${amount}::numeric`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), sql`${column} + ${amount}::numeric >= 0`))
    .returning({ value: sql<string>`${column}::text` });
  return row?.value ?? null;
}

/** One balance, the person's row locked for the rest of the transaction (a checkout spends points). */
export async function readBalanceForUpdate(db: Executor, userId: string, balance: Balance): Promise<number> {
  const [row] = await db
    .select({ value: COLUMN[balance] })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return Number(row?.value ?? 0);
}

export async function insertCreditLog(db: Executor, values: typeof creditLogs.$inferInsert): Promise<void> {
  await db.insert(creditLogs).values(values);
}

export async function insertPointLog(db: Executor, values: typeof pointLogs.$inferInsert): Promise<void> {
  await db.insert(pointLogs).values(values);
}

export async function findCreditLogs(
  db: Executor,
  userId: string,
  query: Range & Paging & { type?: string; balance?: Exclude<Balance, "point"> },
): Promise<{ items: (CreditLogRow & { customerEmail: string | null })[]; total: number }> {
  const where = and(
    eq(creditLogs.userId, userId),
    query.type ? eq(creditLogs.type, query.type) : undefined,
    query.balance ? eq(creditLogs.balance, query.balance) : undefined,
    ...within(creditLogs.createdAt, query),
  );
  const customer = aliasedTable(users, "customer");
  // The page and its capped count at once (DESIGN §7): the page waits for the longer, not the sum.
  const [rows, total] = await Promise.all([
    db
      .select({ log: creditLogs, customerEmail: customer.email })
      .from(creditLogs)
      .leftJoin(customer, eq(customer.id, creditLogs.customerId))
      .where(where)
      .orderBy(desc(creditLogs.createdAt), desc(creditLogs.id))
      .limit(query.limit)
      .offset(query.offset),
    cappedCount(db, creditLogs, where),
  ]);
  return { items: rows.map((r) => ({ ...r.log, customerEmail: r.customerEmail })), total };
}

export async function findPointLogs(
  db: Executor,
  userId: string,
  query: Range & Paging,
): Promise<{ items: PointLogRow[]; total: number }> {
  const where = and(eq(pointLogs.userId, userId), ...within(pointLogs.createdAt, query));
  const items = await db
    .select()
    .from(pointLogs)
    .where(where)
    .orderBy(desc(pointLogs.createdAt), desc(pointLogs.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items, total: await cappedCount(db, pointLogs, where) };
}

export async function findReferralsOf(
  db: Executor,
  referrerId: string,
  query: Range & Paging,
): Promise<{
  items: {
    id: string;
    email: string;
    verifyReward: number | null;
    purchasedReward: number | null;
    createdAt: Date;
  }[];
  total: number;
}> {
  const where = and(eq(referrals.referrerId, referrerId), ...within(referrals.createdAt, query));
  const items = await db
    .select({
      id: referrals.id,
      email: users.email,
      verifyReward: referrals.verifyReward,
      purchasedReward: referrals.purchasedReward,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(where)
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items, total: await cappedCount(db, referrals, where) };
}

export async function hasCreditLogs(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditLogs.id })
    .from(creditLogs)
    .where(eq(creditLogs.userId, userId))
    .limit(1);
  return Boolean(row);
}
export type { CreditLogRow, PointLogRow };

/** Every credit/money and point log row of a person, oldest first (the data export). */
export async function findAllLogsOf(db: Executor, userId: string) {
  return {
    credit: await db
      .select()
      .from(creditLogs)
      .where(eq(creditLogs.userId, userId))
      .orderBy(creditLogs.createdAt, creditLogs.id),
    point: await db
      .select()
      .from(pointLogs)
      .where(eq(pointLogs.userId, userId))
      .orderBy(pointLogs.createdAt, pointLogs.id),
  };
}

/** Everyone a person referred, with the email the referral list shows, oldest first (the data export). */
export async function findAllReferralsOf(db: Executor, referrerId: string) {
  return db
    .select({
      id: referrals.id,
      email: users.email,
      verifyReward: referrals.verifyReward,
      purchasedReward: referrals.purchasedReward,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(referrals.createdAt, referrals.id);
}
