import "server-only";
import type { UserRow } from "./repository";
import type { UserInfoDto } from "./schema";

export type { UserInfoDto };

/** SPEC §3 user info as the browser and sibling products receive it (never the token or secrets). */
export function toUserInfo(user: UserRow): UserInfoDto {
  return {
    _id: user.id,
    email: user.email,
    fullname: user.fullname,
    lastname: user.lastname,
    phone: user.phone,
    country_code: user.countryCode,
    avatar: user.avatar,
    language: user.language,
    timezone: user.timezone,
    point: Number(user.point),
    money: user.money,
    credit: Number(user.credit),
    credit_app: Number(user.creditApp),
    is_partner: user.isPartner,
    scope: user.scope,
    is_require_2fa: user.isRequire2fa,
    verify_2fa_type: user.twoFaType,
    is_not_enable_2fa: user.isRequire2fa && !user.twoFaEnabledAt,
    is_verify_phone: user.isVerifyPhone,
    is_verify_email: user.isVerifyEmail,
    is_not_verify: !user.isVerified,
    verify_type: user.verifyType,
    is_sent_mail: user.verifyMailSentAt?.toISOString() ?? null,
    is_refferral: Boolean(user.referralId || user.affilateCode),
    last_login: user.lastLoginAt?.toISOString() ?? null,
    status: user.status,
    packages: [],
    created_at: user.createdAt.toISOString(),
    code: user.code,
    ladiflow_ref: user.ladiflowRef,
  };
}
