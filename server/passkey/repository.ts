import "server-only";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import {
  type NewPasskey,
  type PasskeyRow,
  passkeyChallenges,
  passkeys,
  sessionReauths,
} from "@/server/db/tables/passkeys";

export type { PasskeyRow };

/** Registration and re-authentication challenges belong to the person asking; sign-in ones to nobody yet. */
export type ChallengePurpose = "register" | "signin" | "reauth";

export async function insertChallenge(
  db: Executor,
  values: typeof passkeyChallenges.$inferInsert,
): Promise<void> {
  await db.insert(passkeyChallenges).values(values);
}

/** Forgets challenges that expired before `before` (nobody can answer them any more). */
export async function deleteStaleChallenges(db: Executor, before: Date): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, before));
}

/**
 * Spends a live challenge in one statement: true only for its first use before it expires (and,
 * for registration, by the person it was made for).
 */
export async function spendChallenge(
  db: Executor,
  options: { challenge: string; purpose: ChallengePurpose; userId?: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeyChallenges)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(passkeyChallenges.challenge, options.challenge),
        eq(passkeyChallenges.purpose, options.purpose),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, options.now),
        options.userId ? eq(passkeyChallenges.userId, options.userId) : undefined,
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return rows.length === 1;
}

export function findPasskeysOf(db: Executor, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
}

export async function findPasskeyByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

/** Inserts a passkey; undefined when its credential id is registered already. */
export async function insertPasskey(db: Executor, values: NewPasskey): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Records a use: the new counter only if it still grows from the one read (two assertions racing
 * cannot both move it), the backup state, the time. False when another use got there first.
 */
export async function recordPasskeyUse(
  db: Executor,
  options: { id: string; fromCounter: number; counter: number; isBackedUp: boolean; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: options.counter, isBackedUp: options.isBackedUp, lastUsedAt: options.now })
    .where(and(eq(passkeys.id, options.id), eq(passkeys.counter, options.fromCounter)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Renames one of the person's passkeys; false when they have none with that id. */
export async function renamePasskey(
  db: Executor,
  options: { id: string; userId: string; name: string },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ name: options.name })
    .where(and(eq(passkeys.id, options.id), eq(passkeys.userId, options.userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Deletes one of the person's passkeys; the row deleted, or undefined when they have none with that id. */
export async function deletePasskey(
  db: Executor,
  options: { id: string; userId: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, options.id), eq(passkeys.userId, options.userId)))
    .returning();
  return row;
}

export async function upsertReauth(
  db: Executor,
  values: { sessionId: string; userId: string; at: Date },
): Promise<void> {
  await db
    .insert(sessionReauths)
    .values(values)
    .onConflictDoUpdate({ target: sessionReauths.sessionId, set: { at: values.at } });
}

export async function findReauthAt(db: Executor, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sessionReauths.at })
    .from(sessionReauths)
    .where(eq(sessionReauths.sessionId, sessionId))
    .limit(1);
  return row?.at;
}
