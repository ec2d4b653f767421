/** SPEC §3 referral cookies, set by /cookie and sent with a sign-up. */
export const REFERRAL_COOKIES = {
  affiliate: "AFFILATE_CODE",
  flow: "LADIFLOW_REF",
  referral: "REFERRAL_ID",
} as const;

const DAY = 24 * 60 * 60;
/** SPEC §9: the affiliate code lives 120 days; the others' lifetimes are not given, so 30 days. */
export const REFERRAL_COOKIE_MAX_AGE: Record<keyof typeof REFERRAL_COOKIES, number> = {
  affiliate: 120 * DAY,
  flow: 30 * DAY,
  referral: 30 * DAY,
};
