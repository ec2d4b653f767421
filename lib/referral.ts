/** SPEC §3 referral cookies, set by /cookie and sent with a sign-up. */
export const REFERRAL_COOKIES = {
  affiliate: "AFFILATE_CODE",
  flow: "LADIFLOW_REF",
  referral: "REFERRAL_ID",
} as const;
