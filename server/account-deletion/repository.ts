import "server-only";
import { and, eq, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { affiliates } from "@/server/db/tables/balances";
import { dataExports } from "@/server/db/tables/data-exports";
import { flowTokens } from "@/server/db/tables/flow-tokens";
import { oauthAccounts } from "@/server/db/tables/oauth-accounts";
import { passkeyChallenges, passkeys, sessionReauths } from "@/server/db/tables/passkeys";
import { securityEvents } from "@/server/db/tables/security-events";
import { sessions } from "@/server/db/tables/sessions";
import { backupCodes, trustedDevices } from "@/server/db/tables/two-factor";
import { type UserRow, users } from "@/server/db/tables/users";

export const PENDING = "DELETION_PENDING";
export const DELETED = "DELETED";

/** The address an erased account keeps: unique, undeliverable, and naming nobody. */
export const erasedEmailOf = (userId: string): string => `deleted-${userId}@deleted.invalid`;

/** Suspends an ACTIVE (or LOCKED) account for deletion; undefined when it is already pending or gone. */
export async function markDeletionPending(
  db: Executor,
  options: { userId: string; requestedAt: Date; dueAt: Date },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      status: PENDING,
      deletionRequestedAt: options.requestedAt,
      deletionDueAt: options.dueAt,
      updatedAt: options.requestedAt,
    })
    .where(and(eq(users.id, options.userId), ne(users.status, PENDING), ne(users.status, DELETED)))
    .returning();
  return row;
}

/**
 * Restores a pending account to ACTIVE — or to LOCKED when an operator had locked it (the reason is
 * kept while pending: cancelling a deletion never lifts a lock). Undefined when none was pending
 * (already cancelled or erased).
 */
export async function clearDeletion(db: Executor, userId: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      status: sql`case when ${users.lockedReason} is null then 'ACTIVE' else 'LOCKED' end`,
      deletionRequestedAt: null,
      deletionDueAt: null,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.status, PENDING)))
    .returning();
  return row;
}

/** Ids of the accounts whose grace period is over, oldest due first. */
export async function findDueDeletions(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, PENDING), isNotNull(users.deletionDueAt), lte(users.deletionDueAt, now)))
    .orderBy(users.deletionDueAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The products a person used (their sessions' apps and the app they signed up from). */
export async function findAppCodesOf(db: Executor, user: Pick<UserRow, "id" | "signupAppCode">) {
  const rows = await db
    .selectDistinct({ appCode: sessions.appCode })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  const codes = new Set(rows.map((r) => r.appCode.toLowerCase()));
  if (user.signupAppCode) codes.add(user.signupAppCode.toLowerCase());
  return [...codes];
}

export async function findSessionIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Erases the person's data in one transaction's `tx`: the user row becomes anonymous (it stays, so
 * orders, payments, invoices and commissions keep their owner's id) and every row that only
 * describes the person goes. Answers false when the account was no longer pending (cancelled, or
 * another sweep got there first): then nothing was written.
 */
export async function eraseAccount(tx: Executor, options: { userId: string; now: Date }): Promise<boolean> {
  const { userId, now } = options;
  const [before] = await tx
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = await tx
    .update(users)
    .set({
      email: erasedEmailOf(userId),
      passwordHash: null,
      fullname: "",
      lastname: null,
      phone: null,
      countryCode: null,
      avatar: null,
      isVerified: false,
      isVerifyPhone: false,
      isVerifyEmail: false,
      isRequire2fa: false,
      twoFaType: null,
      twoFaSecret: null,
      twoFaEnabledAt: null,
      twoFaPendingSecret: null,
      twoFaLastStep: null,
      verifyMailSentAt: null,
      code: `deleted-${userId}`,
      flowAffilateCode: null,
      ladiflowRef: null,
      utmSource: null,
      affSid: null,
      status: DELETED,
      deletionDueAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.status, PENDING)))
    .returning({ id: users.id });
  if (!row) return false;
  const ids = await findSessionIdsOf(tx, userId);
  if (ids.length > 0) await tx.delete(sessionReauths).where(inArray(sessionReauths.sessionId, ids));
  await tx.delete(sessionReauths).where(eq(sessionReauths.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(securityEvents).where(eq(securityEvents.userId, userId));
  await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
  await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
  await tx.delete(flowTokens).where(eq(flowTokens.userId, userId));
  // A prepared "download my data" file is personal data too (server/export/background.ts).
  await tx.delete(dataExports).where(eq(dataExports.userId, userId));
  await tx.update(affiliates).set({ paymentInfo: null, updatedAt: now }).where(eq(affiliates.userId, userId));
  await eraseFromOutbox(tx, { userId, email: before?.email, phone: before?.phone });
  return true;
}

/**
 * The outbox keeps what it sent and what it will retry: product events name the person (an
 * order's `user`, a store's `owner`) and messages carry their address and text. After erasure a
 * redelivery from the console must not send the person again: the events keep the id products
 * know, with the erased email and no phone, and the messages to the person's email or phone go.
 */
async function eraseFromOutbox(
  tx: Executor,
  person: { userId: string; email: string | undefined; phone: string | null | undefined },
): Promise<void> {
  const erased = erasedEmailOf(person.userId);
  await tx.execute(sql`
    UPDATE outbox SET payload = jsonb_set(payload, '{event,data,user,email}', to_jsonb(${erased}::text))
    WHERE kind = 'event' AND payload #>> '{event,data,user,id}' = ${person.userId}`);
  await tx.execute(sql`
    UPDATE outbox SET payload = jsonb_set(
      jsonb_set(payload, '{event,data,owner,email}', to_jsonb(${erased}::text)),
      '{event,data,owner,phone}', 'null'::jsonb)
    WHERE kind = 'event' AND payload #>> '{event,data,owner,id}' = ${person.userId}`);
  const addresses = [person.email, person.phone].filter((a): a is string => Boolean(a));
  if (addresses.length === 0) return;
  await tx.execute(sql`
    DELETE FROM outbox WHERE kind = 'message' AND payload #>> '{message,to}' IN (${sql.join(
      addresses.map((a) => sql`${a}`),
      sql`, `,
    )})`);
}
