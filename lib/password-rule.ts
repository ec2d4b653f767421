// The one password rule of the portal. Every screen that sets a password (sign-up, complete
// registration, reset, change) applies `newPasswordProblem`; every form shows `passwordHint`.
// A plain module with no zod and no "use client": /signin's form imports it without a schema
// library, the server page and the /2.0 schemas (lib/validation.ts) import the very same values.
// How guessable a new password is, the rule's other half, is lib/password-strength.ts: kept apart
// so that /signin never loads its estimator.

/** Bounds of a new password. 64 leaves room for passphrases; any character counts. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Sign-in checks length only, within bounds that hold every password an account may have: the
 * rules before this one set 8–20 (sign-up, reset) and 8–45 (change), so an existing password is
 * never refused for a rule it was not made under (no "only spaces" or "not the email" check here).
 */
export const SIGN_IN_PASSWORD_MIN = 8;
export const SIGN_IN_PASSWORD_MAX = Math.max(PASSWORD_MAX, 45);

/** Catalog keys of the rule's messages; the length ones are the generic `validation` templates. */
export const PASSWORD_KEYS = {
  required: "validation.required",
  tooShort: "validation.minLength",
  tooLong: "validation.maxLength",
  /** SPEC's "invalid password format": here, nothing but spaces. */
  blank: "AUTH.PASSWORD_INVALID",
  sameAsEmail: "validation.passwordIsEmail",
  hint: "validation.passwordHint",
} as const;

export type PasswordProblem = "required" | "tooShort" | "tooLong" | "blank" | "sameAsEmail";
export type SignInPasswordProblem = Extract<PasswordProblem, "required" | "tooShort" | "tooLong">;

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** True when the password is the account's email (case and surrounding spaces ignored). */
export function isPasswordSameAsEmail(password: string, email: string | null | undefined): boolean {
  const address = email?.trim().toLowerCase();
  return Boolean(address) && password.trim().toLowerCase() === address;
}

/** The first way a new password breaks the rule, or undefined when it is good. */
export function newPasswordProblem(
  password: string,
  options: { email?: string | null } = {},
): PasswordProblem | undefined {
  if (!password) return "required";
  if (password.length < PASSWORD_MIN) return "tooShort";
  if (password.length > PASSWORD_MAX) return "tooLong";
  if (!password.trim()) return "blank";
  if (isPasswordSameAsEmail(password, options.email)) return "sameAsEmail";
  return undefined;
}

/** The first way a typed sign-in password cannot be anyone's password, or undefined. */
export function signInPasswordProblem(password: string): SignInPasswordProblem | undefined {
  if (!password) return "required";
  if (password.length < SIGN_IN_PASSWORD_MIN) return "tooShort";
  if (password.length > SIGN_IN_PASSWORD_MAX) return "tooLong";
  return undefined;
}

/**
 * The words for a problem, in the person's language: the same text the zod issue of
 * lib/validation.ts turns into, so a form and the /2.0 envelope never disagree.
 * `t` translates full keys (`validation.minLength`); `field` is the field's label.
 */
export function passwordMessage(
  problem: PasswordProblem,
  t: Translate,
  field: string,
  bounds: { min: number; max: number } = { min: PASSWORD_MIN, max: PASSWORD_MAX },
): string {
  switch (problem) {
    case "tooShort":
      return t(PASSWORD_KEYS.tooShort, { field, min: bounds.min });
    case "tooLong":
      return t(PASSWORD_KEYS.tooLong, { field, max: bounds.max });
    default:
      return t(PASSWORD_KEYS[problem], { field });
  }
}

/** /signin's three messages, rendered on the server and handed to its catalog-free form. */
export function signInPasswordMessages(t: Translate, field: string): Record<SignInPasswordProblem, string> {
  const bounds = { min: SIGN_IN_PASSWORD_MIN, max: SIGN_IN_PASSWORD_MAX };
  return {
    required: passwordMessage("required", t, field, bounds),
    tooShort: passwordMessage("tooShort", t, field, bounds),
    tooLong: passwordMessage("tooLong", t, field, bounds),
  };
}

/** The one hint under every new-password box. */
export function passwordHint(t: Translate): string {
  return t(PASSWORD_KEYS.hint, { min: PASSWORD_MIN, max: PASSWORD_MAX });
}
