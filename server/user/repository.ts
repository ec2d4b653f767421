import "server-only";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { affiliates } from "@/server/db/tables/balances";
import { referrals } from "@/server/db/tables/referrals";
import type { UserRow } from "@/server/db/tables/users";
import { users } from "@/server/db/tables/users";

export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The account that proved it owns `phone` (a code reached it), or undefined. */
export async function findUserByVerifiedPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.isVerifyPhone, true)))
    .orderBy(users.createdAt)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; undefined when the email (or code) is already taken. */
export async function insertUser(db: Executor, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<Omit<NewUser, "id">>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** People for the operator tool, newest first; `search` matches email or name. */
export async function listUsers(
  db: Executor,
  options: { limit: number; search?: string },
): Promise<UserRow[]> {
  const pattern = options.search ? `%${options.search.toLowerCase()}%` : undefined;
  return db
    .select()
    .from(users)
    .where(
      pattern
        ? sql`lower(${users.email}) like ${pattern} or lower(${users.fullname}) like ${pattern}`
        : undefined,
    )
    .orderBy(desc(users.createdAt))
    .limit(options.limit);
}

/** True when another account already uses `code` (case-insensitive) as its builder or flow code. */
export async function isCodeTaken(
  db: Executor,
  code: string,
  which: "builder" | "flow",
  exceptUserId: string,
): Promise<boolean> {
  const column = which === "builder" ? users.code : users.flowAffilateCode;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${column}) = ${code.toLowerCase()}`, ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

export async function findAffiliate(db: Executor, userId: string) {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId)).limit(1);
  return row;
}

/** Updates an affiliate's row; false when the person is not an affiliate. */
export async function updateAffiliate(
  db: Executor,
  userId: string,
  values: { paymentInfo?: string; level?: string },
): Promise<boolean> {
  const rows = await db
    .update(affiliates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(affiliates.userId, userId))
    .returning({ id: affiliates.userId });
  return rows.length === 1;
}

/** Makes a person an affiliate (or not); idempotent. */
export async function setAffiliate(db: Executor, userId: string, isAffiliate: boolean): Promise<void> {
  if (isAffiliate) await db.insert(affiliates).values({ userId }).onConflictDoNothing();
  else await db.delete(affiliates).where(eq(affiliates.userId, userId));
}

/** The account that referred `userId`, if any. */
export async function findReferrer(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(eq(referrals.referredId, userId))
    .limit(1);
  return row?.user;
}

/** How many accounts a person referred: all, with a verified email, with a purchase reward. */
export async function countReferred(
  db: Executor,
  referrerId: string,
): Promise<{ total: number; verified: number; purchased: number }> {
  const [row] = await db
    .select({
      total: count(),
      verified: sql<number>`count(*) filter (where ${users.isVerifyEmail})::int`,
      // A paying customer has a paid order (the purchase reward may be configured off).
      purchased: sql<number>`count(*) filter (where exists (select 1 from orders o where o.user_id = ${referrals.referredId} and o.status in ('PAID', 'PAID_DEBIT')))::int`,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, referrerId));
  return {
    total: row?.total ?? 0,
    verified: Number(row?.verified ?? 0),
    purchased: Number(row?.purchased ?? 0),
  };
}
