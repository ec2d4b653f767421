import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult, CookieDirective } from "@/lib/http/call";
import { LANGUAGE_COOKIE } from "@/lib/locales";
import { hashPassword, verifyPassword } from "@/lib/password";
import { isPasswordSameAsEmail, PASSWORD_KEYS } from "@/lib/password-rule";
import { isValidPhone, normalizePhone } from "@/lib/validation";
import { type Ctx, requireAuth } from "@/server/context";
import { insertSecurityEvent } from "@/server/security/repository";
import { forgetCachedSessions, revokeAllSessions } from "@/server/session/service";
import { forgetTrustedDevices } from "@/server/two-factor/devices";
import { storeAvatar } from "./avatar";
import {
  countReferred,
  findAffiliate,
  findReferrer,
  findUserById,
  isCodeTaken,
  setAffiliate,
  updateAffiliate,
  updateUser,
} from "./repository";
import type {
  changeAffiliateCodeSchema,
  changePasswordSchema,
  updateAffiliateInfoSchema,
  updateProfileSchema,
} from "./schema";
import { toUserInfo } from "./service";

async function freshUser(ctx: Ctx) {
  const user = await findUserById(ctx.db, requireAuth(ctx).user.id);
  if (!user) throw new AppError("UNAUTHORIZED");
  return user;
}

function changed(userId: string) {
  void forgetCachedSessions({ userId });
}

/**
 * /user/update: name, phone (only while unverified), language (also the LANGUAGE cookie), time
 * zone and avatar (checked from its bytes and re-encoded). The email never changes here.
 */
export async function updateProfile(
  ctx: Ctx,
  input: z.output<typeof updateProfileSchema>,
): Promise<CallResult> {
  const user = await freshUser(ctx);
  const values: Parameters<typeof updateUser>[2] = { fullname: input.fullname };
  if (!user.isVerifyPhone && input.phone !== undefined) {
    const country = input.country_code || user.countryCode || "vn";
    if (input.phone && !isValidPhone(input.phone, country)) {
      throw new AppError("VALIDATION", { fields: { phone: "VALIDATION.INVALID_PHONE" } });
    }
    values.phone = input.phone ? normalizePhone(input.phone, country) : null;
    values.countryCode = country.toLowerCase();
  }
  if (input.time_zone) values.timezone = input.time_zone;
  if (input.language) values.language = input.language;
  if (input.avatar && input.avatar.size > 0) {
    values.avatar = await storeAvatar(input.avatar, { dataDir: ctx.env.DATA_DIR, userId: user.id });
  }
  const updated = await updateUser(ctx.db, user.id, values);
  if (!updated) throw new AppError("UNAUTHORIZED");
  changed(user.id);
  const cookies: CookieDirective[] = input.language
    ? [{ name: LANGUAGE_COOKIE, value: input.language, maxAge: 365 * 24 * 60 * 60, httpOnly: false }]
    : [];
  return { data: { user: toUserInfo(updated) }, message: "account.profile.saved", cookies };
}

/**
 * /user/change-password: the old password, then the new one (the rule of lib/password-rule.ts);
 * every other session and every trusted browser is signed out — this one stays.
 */
export async function changePassword(
  ctx: Ctx,
  input: z.output<typeof changePasswordSchema>,
): Promise<CallResult> {
  const user = await freshUser(ctx);
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw new AppError("PASSWORD_INCORRECT", { fields: { old_password: "errors.PASSWORD_INCORRECT" } });
  }
  if (isPasswordSameAsEmail(input.new_password, user.email)) {
    throw new AppError("VALIDATION", { fields: { new_password: PASSWORD_KEYS.sameAsEmail } });
  }
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.new_password) });
  const revoked = await revokeAllSessions(ctx, user.id, requireAuth(ctx).session.id, "password_changed");
  await forgetTrustedDevices(ctx, user.id);
  await insertSecurityEvent(ctx.db, {
    userId: user.id,
    type: "password_changed",
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    data: { revoked_sessions: revoked },
  });
  return { data: {}, message: "account.password.changed" };
}

/** /user/change-affilate-code and /user/change-flow-affilate-code: unique, case-insensitive. */
export async function changeAffiliateCode(
  ctx: Ctx,
  input: z.output<typeof changeAffiliateCodeSchema>,
  which: "builder" | "flow",
): Promise<CallResult> {
  const user = await freshUser(ctx);
  const code = input.affilate_code;
  const current = which === "builder" ? user.code : user.flowAffilateCode;
  if (current?.toLowerCase() !== code.toLowerCase() && (await isCodeTaken(ctx.db, code, which, user.id))) {
    throw new AppError("CODE_TAKEN", { fields: { affilate_code: "errors.CODE_TAKEN" }, params: { code } });
  }
  try {
    await updateUser(ctx.db, user.id, which === "builder" ? { code } : { flowAffilateCode: code });
  } catch {
    // Two people racing for one code: the unique index decides.
    throw new AppError("CODE_TAKEN", { fields: { affilate_code: "errors.CODE_TAKEN" }, params: { code } });
  }
  changed(user.id);
  return { data: { affilate_code: code }, message: "account.affiliate.codeChanged" };
}

/** The referral link: the registration page with the person's code (SPEC §2). */
export const referralUrl = (origin: string, code: string): string =>
  `${origin}/signup?referral_id=${encodeURIComponent(code)}`;

/** /affilate/my-affilate-info: the affiliate's info, or null for someone not in the programme. */
export async function myAffiliateInfo(ctx: Ctx): Promise<CallResult> {
  const user = await freshUser(ctx);
  const affiliate = await findAffiliate(ctx.db, user.id);
  if (!affiliate) return { data: { affilateInfo: null } };
  const counts = await countReferred(ctx.db, user.id);
  return {
    data: {
      affilateInfo: {
        code: user.code,
        flow_code: user.flowAffilateCode,
        level: Number(affiliate.level),
        payment_info: affiliate.paymentInfo ?? "",
        referral_url: referralUrl(ctx.origin, user.code),
        customer_count: counts.total,
        purchased_count: counts.purchased,
        total_purchased: counts.purchased,
      },
    },
  };
}

/** /affilate/update-my-info: the free-text payment information (never empty). */
export async function updateMyAffiliateInfo(
  ctx: Ctx,
  input: z.output<typeof updateAffiliateInfoSchema>,
): Promise<CallResult> {
  const user = await freshUser(ctx);
  if (!(await updateAffiliate(ctx.db, user.id, { paymentInfo: input.payment_info }))) {
    throw new AppError("NOT_AFFILIATE");
  }
  return { data: { payment_info: input.payment_info }, message: "account.affiliate.paymentSaved" };
}

/** /user/my-ref-affilate: who brought this person (the referrer's email and code), if anyone. */
export async function myReferrer(ctx: Ctx): Promise<CallResult> {
  const user = await freshUser(ctx);
  const referrer = await findReferrer(ctx.db, user.id);
  return {
    data: {
      referrer: referrer ? { email: referrer.email, code: referrer.code } : null,
      affilate_code: user.affilateCode,
      ladiflow_ref: user.ladiflowRef,
    },
  };
}

/** /user/my-refferral-info: the invite link and how many accounts it brought. */
export async function myReferralInfo(ctx: Ctx): Promise<CallResult> {
  const user = await freshUser(ctx);
  const counts = await countReferred(ctx.db, user.id);
  return {
    data: {
      code: user.code,
      referral_url: referralUrl(ctx.origin, user.code),
      total: counts.total,
      verified: counts.verified,
      purchased: counts.purchased,
    },
  };
}

/**
 * /affilate/create: the signed-in person joins the affiliate programme at level 1 with their
 * payment information (self-service, the safe half; levels are the operator's). Joining twice
 * only updates the payment information.
 */
export async function joinAffiliateProgramme(
  ctx: Ctx,
  input: z.output<typeof updateAffiliateInfoSchema>,
): Promise<CallResult> {
  const user = await freshUser(ctx);
  await ctx.db.transaction(async (tx) => {
    await setAffiliate(tx, user.id, true);
    await updateAffiliate(tx, user.id, { paymentInfo: input.payment_info });
  });
  changed(user.id);
  return myAffiliateInfo(ctx);
}
