import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import type { ReferralRow } from "@/server/db/tables/referrals";
import { referrals } from "@/server/db/tables/referrals";
import { users } from "@/server/db/tables/users";

/** The id of the account whose own code is `code` (case-insensitive), if any. */
export async function findUserIdByCode(db: Executor, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.code}) = ${code.toLowerCase()}`)
    .limit(1);
  return row?.id;
}

/** Records who referred `referredId`; the first referrer wins. */
export async function insertReferral(
  db: Executor,
  values: { referrerId: string; referredId: string; createdAt: Date },
): Promise<ReferralRow | undefined> {
  const [row] = await db
    .insert(referrals)
    .values({ id: newId(), ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findReferralOf(db: Executor, referredId: string): Promise<ReferralRow | undefined> {
  const [row] = await db.select().from(referrals).where(eq(referrals.referredId, referredId)).limit(1);
  return row;
}

/** Grants the verify reward once (only while it is still empty). */
export async function setVerifyReward(db: Executor, referredId: string, months: number): Promise<boolean> {
  const rows = await db
    .update(referrals)
    .set({ verifyReward: months })
    .where(and(eq(referrals.referredId, referredId), isNull(referrals.verifyReward)))
    .returning({ id: referrals.id });
  return rows.length === 1;
}

/** Grants the purchase reward once: the referred account's first paid order. */
export async function setPurchasedReward(db: Executor, referredId: string, months: number): Promise<boolean> {
  const rows = await db
    .update(referrals)
    .set({ purchasedReward: months })
    .where(and(eq(referrals.referredId, referredId), isNull(referrals.purchasedReward)))
    .returning({ id: referrals.id });
  return rows.length === 1;
}
