// SPEC §5 rules as zod building blocks, shared by forms (client) and /2.0 handlers (server).
// Schemas carry catalog keys, never words: `formatIssue` turns an issue into the person's language.
import { type CountryCode, isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import {
  isPasswordSameAsEmail,
  newPasswordProblem,
  PASSWORD_KEYS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGN_IN_PASSWORD_MAX,
  SIGN_IN_PASSWORD_MIN,
} from "./password-rule";

export const MSG = {
  required: "validation.required",
  invalidType: "validation.invalidType",
  email: "validation.email",
  phone: "VALIDATION.INVALID_PHONE",
  passwordInvalid: PASSWORD_KEYS.blank,
  acceptPolicy: "AUTH.ACCEPT_POLICY_ERROR",
  passwordMismatch: "RESET_PASSWORD.ERROR_PASSWORD_MISSMATCH",
  captchaRequired: "validation.captchaRequired",
  otpDigits: "validation.otpDigits",
} as const;

// A schema-level error map sees every issue of the schema: answer type errors only and
// let length checks keep their own codes.
const typeError = (issue: { code?: string; input?: unknown }) => {
  if (issue.code !== "invalid_type") return undefined;
  return issue.input === undefined || issue.input === null ? MSG.required : MSG.invalidType;
};

/** Trimmed text; `min` 1 means required (`validation.required`, SPEC's "Please enter %s"). */
export function text(bounds: { min?: number; max: number }) {
  let s = z.string({ error: typeError }).trim();
  if (bounds.min) s = s.min(bounds.min);
  return s.max(bounds.max);
}

export function optionalText(max = 2000) {
  return z.string({ error: typeError }).trim().max(max).optional();
}

export const emailField = z
  .string({ error: typeError })
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email({ error: MSG.email }))
  .transform((e) => e.toLowerCase());

/**
 * A password being set (sign-up, complete registration, reset, change): the one rule of
 * lib/password-rule.ts. Not trimmed: a space is a character the person chose.
 */
export const newPasswordField = z
  .string({ error: typeError })
  .min(1)
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((value) => newPasswordProblem(value) !== "blank", { error: PASSWORD_KEYS.blank });

/** A password typed to sign in: length only, so no existing password is refused (password-rule.ts). */
export const signInPasswordField = z
  .string({ error: typeError })
  .min(1)
  .min(SIGN_IN_PASSWORD_MIN)
  .max(SIGN_IN_PASSWORD_MAX);

/**
 * The rule's last clause for a schema that carries both the email and the new password: the
 * password must not be the email. Screens without the email in their input check it in the service.
 */
export function passwordNotEmail(names: { password: string; email: string }) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const password = value[names.password];
    const email = value[names.email];
    if (typeof password === "string" && typeof email === "string" && isPasswordSameAsEmail(password, email)) {
      ctx.addIssue({ code: "custom", path: [names.password], message: PASSWORD_KEYS.sameAsEmail });
    }
  };
}

/** SPEC §5: optional +84 or 0, then 3, 5, 7, 8 or 9, then 8 digits. */
const VN_PHONE = /^(\+?84|0)?[35789]\d{8}$/;

export function isVietnamesePhone(value: string): boolean {
  return VN_PHONE.test(value.replace(/[\s.()-]/g, ""));
}

/** SPEC §5 normalisation for Vietnam: +84 or 84 prefix becomes 0, non-digits removed. */
export function normalizeVietnamesePhone(value: string): string {
  const digits = value.replace(/\D/g, "");
  if (digits.startsWith("84") && digits.length === 11) return `0${digits.slice(2)}`;
  if (digits.length === 9) return `0${digits}`;
  return digits;
}

export function isValidPhone(phone: string, countryCode: string): boolean {
  const country = countryCode.toUpperCase();
  if (country === "VN") return isVietnamesePhone(phone);
  try {
    return isValidPhoneNumber(phone, country as CountryCode);
  } catch {
    return false;
  }
}

/** The stored form: Vietnamese numbers as 0xxxxxxxxx, others in E.164. */
export function normalizePhone(phone: string, countryCode: string): string {
  const country = countryCode.toUpperCase();
  if (country === "VN") return normalizeVietnamesePhone(phone);
  return parsePhoneNumberFromString(phone, country as CountryCode)?.number ?? phone.replace(/[^\d+]/g, "");
}

/** A stored phone in E.164 (`+84912345678`), as OIDC Core §5.1 wants `phone_number`. */
export function toE164(phone: string, countryCode: string | null | undefined): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, (countryCode ?? "vn").toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : undefined;
}

export const countryCodeField = z
  .string({ error: typeError })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: MSG.phone })
  .transform((c) => c.toLowerCase())
  .default("vn");

/**
 * Adds the phone rule to an object with `phone` and `country_code`, and normalises the phone.
 * A blank phone is allowed only when `required` is false.
 */
export function withPhone<T extends { phone?: string; country_code: string }>(
  schema: z.ZodType<T>,
  options: { required: boolean },
) {
  return schema
    .superRefine((value, ctx) => {
      const phone = value.phone?.trim() ?? "";
      if (!phone) {
        if (options.required) ctx.addIssue({ code: "custom", path: ["phone"], message: MSG.required });
        return;
      }
      if (!isValidPhone(phone, value.country_code)) {
        ctx.addIssue({ code: "custom", path: ["phone"], message: MSG.phone });
      }
    })
    .transform((value) => ({
      ...value,
      phone: value.phone?.trim()
        ? normalizePhone(value.phone.trim(), value.country_code)
        : value.phone?.trim(),
    }));
}

export const otpCodeField = z
  .string({ error: typeError })
  .transform((v) => v.replace(/\D/g, ""))
  .pipe(
    z
      .string()
      .min(1)
      .regex(/^\d{6}$/, { error: MSG.otpDigits }),
  );

type Translate = (key: string, values?: Record<string, string | number>) => string;
type Issue = z.core.$ZodIssue;

/** Turns one zod issue into a SPEC §5 message in the person's language. */
export function formatIssue(issue: Issue, t: Translate, fieldLabel: (name: string) => string): string {
  const name = String(issue.path[0] ?? "value");
  const field = fieldLabel(name);
  // A schema that names its own catalog key wins; zod's default texts contain spaces.
  if (/^[A-Za-z_]+(\.[A-Za-z_]+)+$/.test(issue.message) && issue.code !== "invalid_type") {
    return t(issue.message, { field });
  }
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1
          ? t(MSG.required, { field })
          : t("validation.minLength", { field, min: Number(issue.minimum) });
      }
      return t("validation.minValue", { field, min: Number(issue.minimum) });
    case "too_big":
      if (issue.origin === "string") return t("validation.maxLength", { field, max: Number(issue.maximum) });
      return t("validation.maxValue", { field, max: Number(issue.maximum) });
    case "invalid_format":
      return issue.format === "email" ? t(MSG.email, { field }) : t(issue.message, { field });
    case "invalid_type":
      // Our fields name their own key; a bare zod type check says "received undefined" when missing.
      if (/^[A-Za-z_]+(\.[A-Za-z_]+)+$/.test(issue.message)) return t(issue.message, { field });
      return t(/received undefined/.test(issue.message) ? MSG.required : MSG.invalidType, { field });
    case "custom":
      return t(issue.message, { field });
    default:
      return t(MSG.invalidType, { field });
  }
}

/** Field name → message for every failing field (first issue wins), for forms and the envelope. */
export function fieldErrors(
  error: z.ZodError,
  t: Translate,
  fieldLabel: (name: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "_");
    out[name] ??= formatIssue(issue, t, fieldLabel);
  }
  return out;
}
