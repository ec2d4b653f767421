// Inputs and answers of sign-in with a one-time code (/2.0/auth/code-signin*): one schema per call,
// shared by the form (app/(public)/signin-code) and the handlers. No server imports: the form uses it.
// Kept beside schema.ts rather than in it so the password sign-in's schemas stay one screen long.
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import {
  countryCodeField,
  emailField,
  isValidPhone,
  MSG,
  normalizePhone,
  optionalText,
  otpCodeField,
  text,
  withPhone,
} from "@/lib/validation";
import { handoff, phoneText, policyField } from "./schema";

/** The catalog keys of the identifier's refusals (the `codeSignIn` group). */
export const CODE_SIGNIN_KEYS = {
  identifierRequired: "codeSignIn.identifierRequired",
  identifierInvalid: "codeSignIn.identifierInvalid",
  channelOff: "codeSignIn.channelOff",
} as const;

/** What the person typed, told apart: an email, or a phone in its stored form (lib/validation.ts). */
export type Identifier =
  | { kind: "email"; email: string }
  | {
      kind: "phone";
      phone: string /** Its country, as the phone field keeps it (vn, th…). */;
      country: string;
    };

const EMAIL = z.email();

/**
 * An email, a Vietnamese number (0912…, +84912…) or another country's in international form
 * (+66…); undefined when it is none of these.
 */
export function parseIdentifier(raw: string): Identifier | undefined {
  const value = raw.trim();
  if (value.includes("@")) {
    const email = value.toLowerCase();
    return EMAIL.safeParse(email).success && email.length <= 254 ? { kind: "email", email } : undefined;
  }
  const compact = value.replace(/[\s.()-]/g, "");
  if (!/^\+?\d{6,15}$/.test(compact)) return undefined;
  const country = compact.startsWith("+")
    ? (parsePhoneNumberFromString(compact)?.country ?? "").toLowerCase()
    : "vn";
  if (!country || !isValidPhone(compact, country)) return undefined;
  return { kind: "phone", phone: normalizePhone(compact, country), country };
}

const identifierField = z
  .string({ error: () => CODE_SIGNIN_KEYS.identifierRequired })
  .trim()
  .min(1, { error: CODE_SIGNIN_KEYS.identifierRequired })
  .max(254, { error: CODE_SIGNIN_KEYS.identifierInvalid })
  .transform((value, ctx) => {
    const parsed = parseIdentifier(value);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: CODE_SIGNIN_KEYS.identifierInvalid });
      return z.NEVER;
    }
    return parsed;
  });

/** /auth/code-signin: an email or a phone; the captcha from the address's second request on. */
export const codeSignInStartSchema = z.object({
  identifier: identifierField,
  /** The ALTCHA payload; asked for (CAPTCHA_REQUIRED) from an address's second request within the hour. */
  captcha: optionalText(20_000),
  ...handoff,
});
export type CodeSignInStartInput = z.input<typeof codeSignInStartSchema>;

/** The same answer whether or not the email or phone has an account (no enumeration). */
export const codeSignInStartDto = z.object({
  token: z.string().describe("The flow token /auth/code-signin-verify and /auth/code-signin-resend take"),
  channel: z.enum(["EMAIL", "PHONE"]).describe("EMAIL, or PHONE (Zalo ZNS, SMS when ZNS cannot deliver)"),
  destination: z.string().describe("Where the code went, masked"),
  exp_time: z.number().int().describe("Seconds the code has left"),
  resend_in: z.number().int().describe("Seconds until a resend is allowed"),
});
export type CodeSignInStartDto = z.infer<typeof codeSignInStartDto>;

/** /auth/code-signin-verify: the flow token and the six digits. */
export const codeSignInVerifySchema = z.object({
  token: text({ min: 1, max: 200 }),
  code: otpCodeField,
  client_id: optionalText(200),
});
export type CodeSignInVerifyInput = z.input<typeof codeSignInVerifySchema>;

/** /auth/code-signin-resend: another code for the flow, 60 s after the last. */
export const codeSignInResendSchema = z.object({ token: text({ min: 1, max: 200 }) });

export const codeSignInResentDto = z.object({
  exp_time: z.number().int(),
  resend_in: z.number().int(),
});

/**
 * /auth/code-signup: a new account for the email or phone a code sign-in started with (its flow
 * token, from the browser that started it). The person adds a name and the other identifier —
 * a phone for an email, an email for a phone — as SPEC's complete registration asks; no password.
 */
const codeSignUpFields = z.object({
  token: text({ min: 1, max: 200 }),
  fullname: text({ min: 1, max: 100 }),
  email: emailField.optional(),
  phone: phoneText.optional(),
  country_code: countryCodeField,
  /** The ALTCHA payload: every sign-up carries one, as /auth/signup's does. */
  captcha: z
    .string({ error: () => MSG.captchaRequired })
    .min(1, { error: MSG.captchaRequired })
    .max(20_000),
  referral_id: optionalText(100),
  affilate_code: optionalText(100),
  ladiflow_ref: optionalText(100),
  utm_source: optionalText(200),
  aff_sid: optionalText(200),
  ...handoff,
});
export const codeSignUpSchema = withPhone(codeSignUpFields, { required: false });
export type CodeSignUpInput = z.input<typeof codeSignUpSchema>;

/** The short form's own rules: the identifier the code did not go to is required, and the policy box. */
export function codeSignUpFormSchema(channel: CodeSignInStartDto["channel"]) {
  // The flow token is the form's own, not a field; the identifier the code went to is not asked.
  const base = codeSignUpFields.omit({ token: true, email: true }).extend(policyField);
  return channel === "EMAIL"
    ? withPhone(base, { required: true })
    : withPhone(base.extend({ email: emailField }), { required: false });
}
