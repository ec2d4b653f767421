import "server-only";
import { desc, eq } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import { cappedCount } from "@/server/db/count";
import { type SecurityEventRow, securityEvents } from "@/server/db/tables/security-events";

export type SecurityEventType =
  | "signup"
  /** A sign-up with this account's email or verified phone (answered as a new one, the owner told). */
  | "signup_attempt"
  | "signin"
  | "signin_failed"
  | "account_verified"
  | "otp_sent"
  | "otp_failed"
  | "signout"
  | "password_reset_requested"
  | "password_reset"
  | "email_verification_sent"
  | "email_verified"
  | "registration_completed"
  | "social_linked"
  | "social_unlinked"
  | "2fa_enabled"
  | "2fa_disabled"
  | "2fa_verified"
  | "2fa_failed"
  | "signout_all"
  | "device_signed_out"
  | "device_untrusted"
  | "password_changed"
  /** The person downloaded their data (Profile → Your data). */
  | "data_exported"
  | "reauth_failed"
  /** A signed-in person proved themselves again (password, passkey or emailed code). */
  | "reauthenticated"
  | "passkey_added"
  | "passkey_removed"
  /** A passkey's signature counter did not grow: a copy of the key exists (a cloned authenticator). */
  | "passkey_clone_suspected"
  /** The account was suspended for deletion (data: by, due_at); by an operator when `operator` is set. */
  | "account_deletion_requested"
  | "account_deletion_cancelled"
  /** An operator locked or unlocked sign-in (data: operator, reason), or reset two-factor (server/admin). */
  | "account_locked"
  | "account_unlocked"
  | "2fa_reset";

export async function insertSecurityEvent(
  db: Executor,
  event: {
    userId: string | null;
    type: SecurityEventType;
    ip: string;
    userAgent: string;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(securityEvents).values({ id: newId(), ...event, data: event.data ?? {} });
}

/** A page of the person's events, newest first, and how many there are (capped). */
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

/** Every event of a person's security history, oldest first (the data export). */
export async function findAllSecurityEventsOf(db: Executor, userId: string): Promise<SecurityEventRow[]> {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(securityEvents.createdAt, securityEvents.id);
}
