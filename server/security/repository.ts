import "server-only";
import { newId } from "@/lib/ids";
import type { Executor } from "@/server/db/client";
import { securityEvents } from "@/server/db/tables/security-events";

export type SecurityEventType =
  | "signup"
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
