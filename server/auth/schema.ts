// Inputs of the /2.0/auth/* calls: one schema per call, shared by the forms and the handlers.
// No server imports here: client components import this file.
import { z } from "zod";
import {
  countryCodeField,
  emailField,
  MSG,
  optionalText,
  otpCodeField,
  password,
  text,
  withPhone,
} from "@/lib/validation";

export const flag = z
  .union([
    z.boolean(),
    z.literal("1"),
    z.literal("0"),
    z.literal("true"),
    z.literal("false"),
    z.literal(1),
    z.literal(0),
  ])
  .transform((v) => v === true || v === "1" || v === "true" || v === 1)
  .optional();

/** The query a sign-in started from, carried through every step to the hand-off. */
export const handoff = {
  url_callback: optionalText(2000),
  callback_url: optionalText(2000),
  app_code: optionalText(20),
  store_id: optionalText(100),
  client_id: optionalText(200),
  search: optionalText(4000),
  path: optionalText(500),
  iframe: flag,
  /** The embedding page's origin (iframe mode), checked against the allow-list. */
  parent_origin: optionalText(300),
};

/** The phone as typed; `withPhone` checks it for its country and normalises it. */
const phoneText = z
  .string({ error: () => MSG.required })
  .trim()
  .max(30);

export const VERIFY_TYPES = ["EMAIL", "SMS", "ZNS"] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

export const signInSchema = z.object({
  email: emailField,
  password: password({ min: 8, max: 45, strength: false }),
  ...handoff,
});
export type SignInInput = z.input<typeof signInSchema>;

const signUpFields = z.object({
  fullname: text({ min: 1, max: 100 }),
  email: emailField,
  password: password({ min: 8, max: 20, strength: true }),
  phone: phoneText,
  country_code: countryCodeField,
  /** The ALTCHA payload. */
  token: z
    .string({ error: () => MSG.captchaRequired })
    .min(1, { error: MSG.captchaRequired })
    .max(20_000),
  /** Channel for the verification code; EMAIL unless a product asks for SMS or ZNS. */
  verify_type: z.enum(VERIFY_TYPES).default("EMAIL"),
  referral_id: optionalText(100),
  affilate_code: optionalText(100),
  ladiflow_ref: optionalText(100),
  utm_source: optionalText(200),
  aff_sid: optionalText(200),
  event_track: optionalText(100),
  ...handoff,
});

export const signUpSchema = withPhone(signUpFields, { required: true });
export type SignUpInput = z.input<typeof signUpSchema>;

/** The policy box of the sign-up and complete-registration forms; it never leaves the browser. */
const policyField = {
  policy: z.boolean({ error: () => MSG.acceptPolicy }).refine((v) => v, { error: MSG.acceptPolicy }),
};

export const signUpFormSchema = withPhone(signUpFields.extend(policyField), { required: true });

export const resendOtpSchema = z.object({ token: text({ min: 1, max: 200 }) });

export const verifyAccountSchema = z.object({
  code: otpCodeField,
  token: text({ min: 1, max: 200 }),
  search: optionalText(4000),
  client_id: optionalText(200),
});
export type VerifyAccountInput = z.input<typeof verifyAccountSchema>;

export const userInfoSchema = z.object({
  token: optionalText(200),
  search: optionalText(4000),
  path: optionalText(500),
});

export const emptySchema = z.object({});

/** The page's query a social sign-in starts from; logout, iframe and layout never enter the state. */
export const socialUrlSchema = z.object({
  ...handoff,
  layout: optionalText(5),
  logout: optionalText(5),
  referral_id: optionalText(100),
  affilate_code: optionalText(100),
  ladiflow_ref: optionalText(100),
  ref: optionalText(100),
  utm_source: optionalText(200),
  aff_sid: optionalText(200),
});
export type SocialUrlInput = z.input<typeof socialUrlSchema>;

/** What the provider sent back to /oauth2-google or /oauth2-facebook (query or fragment). */
export const socialCallbackSchema = z.object({
  code: optionalText(2000),
  state: text({ min: 1, max: 8000 }),
  error: optionalText(200),
  error_description: optionalText(1000),
  client_id: optionalText(200),
  search: optionalText(8000),
  path: optionalText(500),
});
export type SocialCallbackInput = z.input<typeof socialCallbackSchema>;

const completeRegisterFields = z.object({
  fullname: text({ min: 1, max: 100 }),
  password: password({ min: 8, max: 20, strength: true }),
  phone: phoneText,
  country_code: countryCodeField,
  ...handoff,
});

export const completeRegisterSchema = withPhone(completeRegisterFields, { required: true });
export type CompleteRegisterInput = z.input<typeof completeRegisterSchema>;

export const completeRegisterFormSchema = withPhone(completeRegisterFields.extend(policyField), {
  required: true,
});

/** /iframe: a sibling product hands its token over so the framed portal shares the session. */
export const adoptTokenSchema = z.object({
  token: text({ min: 1, max: 200 }),
  app_code: optionalText(20),
  callback_url: optionalText(2000),
  /** Set by /iframe when the browser says the page is framed: the cookie must be cross-site. */
  frame: flag,
});

/** /auth/open-app: the dashboard opens a product of the family with a token of its own. */
export const openAppSchema = z.object({ app_code: text({ min: 1, max: 20 }) });
