import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/password";
import { isPasswordSameAsEmail, PASSWORD_KEYS } from "@/lib/password-rule";
import { isValidPhone, normalizePhone } from "@/lib/validation";
import { checkNewPassword } from "@/server/auth/new-password";
import { type Ctx, requireAuth } from "@/server/context";
import { requireRecentReauth } from "@/server/passkey/reauth";
import { recordSecurityEvent } from "@/server/security/service";
import { forgetCachedSessions, revokeAllSessions } from "@/server/session/service";
import { forgetTrustedDevices } from "@/server/two-factor/devices";
import { storeAvatar } from "./avatar";
import { updateUser } from "./repository";
import type { changePasswordSchema, setPasswordSchema, UserInfoDto, updateProfileSchema } from "./schema";
import { getCurrentUser, toUserInfo } from "./service";

/**
 * /user/update: name, phone (only while unverified), language, time zone and avatar (checked from
 * its bytes and re-encoded). The email never changes here. Answers the person as saved and the
 * language they chose (the handler keeps it in the LANGUAGE cookie too).
 */
export async function updateProfile(
  ctx: Ctx,
  input: z.output<typeof updateProfileSchema>,
): Promise<{ user: UserInfoDto; language?: string }> {
  const user = await getCurrentUser(ctx);
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
  void forgetCachedSessions({ userId: user.id });
  return { user: toUserInfo(updated), ...(input.language ? { language: input.language } : {}) };
}

/**
 * /user/change-password: the old password, then the new one (the rule of lib/password-rule.ts);
 * every other session and every trusted browser is signed out — this one stays.
 */
/**
 * /user/set-password: a first password, for an account without one. Asks for a recent proof of
 * the person (an emailed code for someone without a password) instead of the current password;
 * an account that has one changes it with /user/change-password. Other sessions stay signed in:
 * nothing that let them in has changed.
 */
export async function setPassword(ctx: Ctx, input: z.output<typeof setPasswordSchema>): Promise<void> {
  await requireRecentReauth(ctx);
  const user = await getCurrentUser(ctx);
  if (user.passwordHash) throw new AppError("PASSWORD_ALREADY_SET");
  if (isPasswordSameAsEmail(input.new_password, user.email)) {
    throw new AppError("VALIDATION", { fields: { new_password: PASSWORD_KEYS.sameAsEmail } });
  }
  await checkNewPassword(ctx, { password: input.new_password, field: "new_password", person: user });
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.new_password) });
  await forgetCachedSessions({ userId: user.id });
  await recordSecurityEvent(ctx, user.id, "password_changed", { first: true, revoked_sessions: 0 });
}

export async function changePassword(ctx: Ctx, input: z.output<typeof changePasswordSchema>): Promise<void> {
  const user = await getCurrentUser(ctx);
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw new AppError("PASSWORD_INCORRECT", { fields: { old_password: "errors.PASSWORD_INCORRECT" } });
  }
  if (isPasswordSameAsEmail(input.new_password, user.email)) {
    throw new AppError("VALIDATION", { fields: { new_password: PASSWORD_KEYS.sameAsEmail } });
  }
  await checkNewPassword(ctx, { password: input.new_password, field: "new_password", person: user });
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.new_password) });
  const revoked = await revokeAllSessions(ctx, user.id, requireAuth(ctx).session.id, "password_changed");
  await forgetTrustedDevices(ctx, user.id);
  await recordSecurityEvent(ctx, user.id, "password_changed", { revoked_sessions: revoked });
}
