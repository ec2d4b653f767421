import "server-only";
import { and, count, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { securityEvents } from "@/server/db/tables/security-events";
import { sessions } from "@/server/db/tables/sessions";
import { backupCodes, trustedDevices } from "@/server/db/tables/two-factor";
import { users } from "@/server/db/tables/users";

export type TrustedDeviceRow = typeof trustedDevices.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SecurityEventRow = typeof securityEvents.$inferSelect;

/** Records `step` as the last accepted TOTP step; false when it (or a later one) was used already. */
export async function claimTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFaLastStep), lt(users.twoFaLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function replaceBackupCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
  if (hashes.length === 0) return;
  await db.insert(backupCodes).values(hashes.map((codeHash) => ({ id: newId(), userId, codeHash })));
}

/** Spends a backup code once; false when it does not exist or was used. */
export async function spendBackupCode(
  db: Executor,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: now })
    .where(
      and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)),
    )
    .returning({ id: backupCodes.id });
  return rows.length === 1;
}

export async function countUnusedBackupCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertTrustedDevice(
  db: Executor,
  values: typeof trustedDevices.$inferInsert,
): Promise<TrustedDeviceRow> {
  const [row] = await db.insert(trustedDevices).values(values).returning();
  if (!row) throw new Error("trusted device insert returned nothing");
  return row;
}

export async function findLiveTrustedDevice(
  db: Executor,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<TrustedDeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, tokenHash),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Ids of the person's trusted devices still in force. */
export async function liveTrustedDeviceIds(db: Executor, userId: string, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, now),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Revokes one trusted device (`id`) or all of the person's. */
export async function revokeTrustedDevices(
  db: Executor,
  userId: string,
  now: Date,
  id?: string,
): Promise<number> {
  const rows = await db
    .update(trustedDevices)
    .set({ revokedAt: now })
    .where(
      and(
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        id ? eq(trustedDevices.id, id) : undefined,
      ),
    )
    .returning({ id: trustedDevices.id });
  return rows.length;
}

/** The person's live sessions, newest activity first (optionally only one app's). */
export async function findLiveSessions(
  db: Executor,
  userId: string,
  now: Date,
  appCode?: string,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        appCode ? eq(sessions.appCode, appCode) : undefined,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Whether this person ever signed in before from a browser with this User-Agent. */
export async function hasSignedInWithAgent(
  db: Executor,
  userId: string,
  userAgent: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.userAgent, userAgent)))
    .limit(1);
  return Boolean(row);
}

export async function findSecurityEvents(
  db: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ items: SecurityEventRow[]; total: number }> {
  const items = await db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items, total: await cappedCount(db, securityEvents, eq(securityEvents.userId, userId)) };
}

/** How many live sessions a person has (optionally one app's): the device limit's check on every sign-in. */
export async function countLiveSessions(
  db: Executor,
  userId: string,
  now: Date,
  appCode?: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        appCode ? eq(sessions.appCode, appCode) : undefined,
      ),
    );
  return row?.n ?? 0;
}
