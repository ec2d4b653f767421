import "server-only";
import { randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import type { Ctx } from "@/server/context";
import { recordReferral, referralFields } from "@/server/referral/service";
import { recordSecurityEvent } from "@/server/security/service";
import { createUser, findUserByEmail } from "@/server/user/service";
import { finishSignIn, type SignInOutcome } from "./finish-signin";
import type { VerifyType } from "./schema";
import type { SignInQuery } from "./signin-result";
import { findSignUpOwner, startDecoySignUp, type TakenBy } from "./signup-decoy";

/** A short, unique, shareable code for the person's invite link. */
export function newReferralCode(): string {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toLowerCase();
}

/** What a sign-up knows of the new person: typed at /signup, or at the code sign-up's short form. */
export type NewAccountDetails = {
  fullname: string;
  email: string;
  phone: string;
  country_code: string;
  /** The channel of the /verify-account code. */
  verify_type: VerifyType;
  referral_id?: string;
  affilate_code?: string;
  ladiflow_ref?: string;
  utm_source?: string;
  aff_sid?: string;
  app_code?: string;
};

/**
 * A new account, unverified, and its /verify-account step; or, when the email or a verified phone
 * already has an account, the same step on a decoy flow whose codes never match, and a notice to
 * the owner (signup-decoy.ts). Shared by the password sign-up and the sign-up by code (no password).
 */
export async function openAccount(
  ctx: Ctx,
  details: NewAccountDetails & { passwordHash: string | null; query: SignInQuery },
): Promise<SignInOutcome> {
  const { query } = details;
  const decoy = (by: TakenBy) =>
    startDecoySignUp(ctx, {
      ...by,
      channel: details.verify_type,
      destination: details.verify_type === "EMAIL" ? details.email : details.phone,
      query,
      appCode: details.app_code,
    });
  const taken = await findSignUpOwner(ctx, details);
  if (taken) return decoy(taken);
  const referral = referralFields(ctx, details);
  const user = await createUser(ctx, {
    id: newId(),
    email: details.email,
    passwordHash: details.passwordHash,
    fullname: details.fullname,
    phone: details.phone,
    countryCode: details.country_code,
    language: ctx.lang,
    verifyType: details.verify_type,
    code: newReferralCode(),
    referralId: referral.referral_id,
    affilateCode: referral.affilate_code,
    ladiflowRef: referral.ladiflow_ref,
    utmSource: details.utm_source,
    affSid: details.aff_sid,
    signupAppCode: details.app_code,
  });
  if (!user) {
    // Two sign-ups of one email racing: the unique index decides, the other is a taken email.
    const winner = await findUserByEmail(ctx, details.email);
    if (!winner) throw new Error("sign-up: the insert found a conflict but no account");
    return decoy({ owner: winner, reason: "email" });
  }
  await recordReferral(ctx, user.id, referral);
  await recordSecurityEvent(ctx, user.id, "signup", { app_code: details.app_code ?? null });
  // A new account is unverified: this stops at the code step, whose success is the sign-in ("code").
  return finishSignIn(ctx, { user, source: "signup", method: "code", query, isNew: true });
}
