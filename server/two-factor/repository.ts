import "server-only";
import { and, eq, gt, isNull, lt, or, type SQL } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import type { TrustedDeviceRow } from "@/server/db/tables/two-factor";
import { backupCodes, trustedDevices } from "@/server/db/tables/two-factor";
import { users } from "@/server/db/tables/users";

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

export async function insertTrustedDevice(
  db: Executor,
  values: typeof trustedDevices.$inferInsert,
): Promise<TrustedDeviceRow> {
  const [row] = await db.insert(trustedDevices).values(values).returning();
  if (!row) throw new Error("trusted device insert returned nothing");
  return row;
}

/** The person's trusted devices still in force. */
function liveTrustedOf(userId: string, now: Date): SQL | undefined {
  return and(
    eq(trustedDevices.userId, userId),
    isNull(trustedDevices.revokedAt),
    gt(trustedDevices.expiresAt, now),
  );
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
    .where(and(liveTrustedOf(userId, now), eq(trustedDevices.tokenHash, tokenHash)))
    .limit(1);
  return row;
}

/** Ids of the person's trusted devices still in force. */
export async function liveTrustedDeviceIds(db: Executor, userId: string, now: Date): Promise<Set<string>> {
  const rows = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(liveTrustedOf(userId, now));
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

export type { TrustedDeviceRow };

/** A person's trusted browsers, live or ended, without the token's hash (the data export). */
export async function findTrustedDevicesOf(db: Executor, userId: string) {
  return db
    .select({
      id: trustedDevices.id,
      userAgent: trustedDevices.userAgent,
      ip: trustedDevices.ip,
      createdAt: trustedDevices.createdAt,
      expiresAt: trustedDevices.expiresAt,
      revokedAt: trustedDevices.revokedAt,
    })
    .from(trustedDevices)
    .where(eq(trustedDevices.userId, userId))
    .orderBy(trustedDevices.createdAt);
}

/** How many backup codes a person has and how many are left; never the codes (the data export). */
export async function countBackupCodes(
  db: Executor,
  userId: string,
): Promise<{ total: number; unused: number }> {
  const rows = await db
    .select({ usedAt: backupCodes.usedAt })
    .from(backupCodes)
    .where(eq(backupCodes.userId, userId));
  return { total: rows.length, unused: rows.filter((r) => r.usedAt === null).length };
}
