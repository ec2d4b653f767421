import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import { securityEvents } from "@/server/db/tables/security-events";

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
  | "2fa_enabled"
  | "2fa_disabled"
  | "2fa_verified"
  | "2fa_failed"
  | "signout_all"
  | "device_signed_out"
  | "device_untrusted"
  | "password_changed";

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

/** Whether `userId` signed in successfully from `ip` since `since` (the owner's usual address). */
export async function signedInFrom(db: Executor, userId: string, ip: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.type, "signin"),
        eq(securityEvents.ip, ip),
        gt(securityEvents.createdAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
