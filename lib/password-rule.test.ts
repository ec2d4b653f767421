import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldLabeler, translator } from "@/lib/i18n";
import { LOCALES, type Locale } from "@/lib/locales";
import { fieldErrors } from "@/lib/validation";
import { completeRegisterSchema, signInSchema, signUpSchema } from "@/server/auth/schema";
import { changePasswordSchema, resetPasswordFormSchema, resetPasswordSchema } from "@/server/user/schema";
import {
  isPasswordSameAsEmail,
  newPasswordProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type PasswordProblem,
  passwordHint,
  passwordMessage,
  SIGN_IN_PASSWORD_MAX,
  SIGN_IN_PASSWORD_MIN,
  signInPasswordMessages,
  signInPasswordProblem,
} from "./password-rule";

const a = (n: number) => "a".repeat(n);

/** Passwords on every side of every clause of the rule. */
const SAMPLES = [
  "",
  a(7),
  a(8),
  a(45),
  a(64),
  a(65),
  " ".repeat(8),
  " ".repeat(65),
  "\t \n \t \n",
  "Abcdef1@",
  "correct horse battery staple",
  "รหัสผ่านของฉัน",
  "ann@example.com",
];

/** The first message zod gives for the password field of a schema, or undefined when it passes. */
function zodMessage(schema: z.ZodType, input: Record<string, unknown>, field: string, locale: Locale = "en") {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  const t = translator(locale);
  return fieldErrors(result.error, t, fieldLabeler(t))[field];
}

describe("newPasswordProblem: the one rule", () => {
  it("is 8–64 characters", () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([8, 64]);
  });

  it.each<[string, string, string | undefined, PasswordProblem | undefined]>([
    ["empty", "", undefined, "required"],
    ["7 characters", a(7), undefined, "tooShort"],
    ["8 characters", a(8), undefined, undefined],
    ["64 characters", a(64), undefined, undefined],
    ["65 characters", a(65), undefined, "tooLong"],
    ["only spaces", " ".repeat(10), undefined, "blank"],
    ["only tabs and newlines", "\t\n\t\n\t\n\t\n", undefined, "blank"],
    ["the email", "ann@example.com", "ann@example.com", "sameAsEmail"],
    ["the email in other case, with spaces", " ANN@example.COM ", "ann@example.com", "sameAsEmail"],
    ["the email plus a character", "ann@example.com!", "ann@example.com", undefined],
    ["any symbols and letters", "pa-ss.wo^rd_é", undefined, undefined],
    ["Thai letters", "รหัสผ่านของฉัน", "ann@example.com", undefined],
  ])("%s → %s", (_label, value, email, expected) => {
    expect(newPasswordProblem(value, { email })).toBe(expected);
  });

  it("without an email, nothing is 'the email'", () => {
    expect(isPasswordSameAsEmail("ann@example.com", undefined)).toBe(false);
    expect(isPasswordSameAsEmail("        ", "   ")).toBe(false);
  });
});

describe("the same rule on both sides: client check, server schemas", () => {
  const SCHEMAS = {
    "sign-up": [
      signUpSchema,
      (password: string) => ({
        fullname: "Ann",
        email: "ann@example.com",
        password,
        phone: "0912345678",
        country_code: "vn",
        token: "x",
      }),
      "password",
    ],
    "complete registration": [
      completeRegisterSchema,
      (password: string) => ({ fullname: "Ann", password, phone: "0912345678", country_code: "vn" }),
      "password",
    ],
    reset: [resetPasswordSchema, (password: string) => ({ token: "t", password }), "password"],
    "reset form": [
      resetPasswordFormSchema,
      (password: string) => ({ password, confirm_password: password }),
      "password",
    ],
    change: [
      changePasswordSchema,
      (password: string) => ({ old_password: "old", new_password: password, confirm_password: password }),
      "new_password",
    ],
  } as const;

  for (const [screen, [schema, input, field]] of Object.entries(SCHEMAS)) {
    it.each(SAMPLES)(
      `${screen}: %j is judged as newPasswordProblem judges it, in the same words`,
      (value) => {
        // Sign-up carries the email, so only it can tell "the email" apart in its schema.
        const email = screen === "sign-up" ? "ann@example.com" : undefined;
        const problem = newPasswordProblem(value, { email });
        const t = translator("en");
        const label = fieldLabeler(t)(field);
        expect(zodMessage(schema, input(value), field)).toBe(
          problem ? passwordMessage(problem, t, label) : undefined,
        );
      },
    );
  }

  it.each(SAMPLES)("sign-in: %j is judged as signInPasswordProblem judges it, in the same words", (value) => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      const problem = signInPasswordProblem(value);
      const expected = problem ? signInPasswordMessages(t, fieldLabeler(t)("password"))[problem] : undefined;
      expect(
        zodMessage(signInSchema, { email: "ann@example.com", password: value }, "password", locale),
      ).toBe(expected);
    }
  });

  it("sign-in never refuses a password the rule (or an older rule, 8–45) allowed", () => {
    expect(SIGN_IN_PASSWORD_MIN).toBeLessThanOrEqual(Math.min(PASSWORD_MIN, 8));
    expect(SIGN_IN_PASSWORD_MAX).toBeGreaterThanOrEqual(Math.max(PASSWORD_MAX, 45));
    for (const value of [...SAMPLES, " ".repeat(8), "ann@example.com", a(45)]) {
      if (!newPasswordProblem(value) || (value.length >= 8 && value.length <= 45)) {
        expect(signInPasswordProblem(value)).toBeUndefined();
      }
    }
  });
});

describe("signInPasswordMessages (the /signin page's length messages)", () => {
  it.each([
    [
      "en",
      "Password is required",
      "Password must be at least 8 characters",
      "Password must be at most 64 characters",
    ],
    [
      "vi",
      "Mật khẩu không được để trống",
      "Mật khẩu phải có ít nhất 8 ký tự",
      "Mật khẩu không được vượt quá 64 ký tự",
    ],
  ] as const)("%s", (locale, required, tooShort, tooLong) => {
    const t = translator(locale);
    expect(signInPasswordMessages(t, t("fields.password"))).toEqual({ required, tooShort, tooLong });
  });

  it.each(LOCALES)("%s: real words with the bound, never code or a raw key", (locale) => {
    const t = translator(locale);
    const messages = signInPasswordMessages(t, t("fields.password"));
    for (const message of Object.values(messages)) {
      expect(message).not.toMatch(/function|throw|Attempted to call|validation\.|\{/);
      expect(message).toContain(t("fields.password"));
    }
    expect(messages.tooShort).toMatch(/(^|\D)8(\D|$)/);
    expect(messages.tooLong).toMatch(/(^|\D)64(\D|$)/);
  });
});

describe("passwordHint: one hint everywhere", () => {
  it.each(LOCALES)("%s names the rule's bounds", (locale) => {
    const hint = passwordHint(translator(locale));
    expect(hint).not.toMatch(/validation\.|\{/);
    expect(hint).toMatch(/(^|\D)8\D.*(^|\D)64(\D|$)/);
  });

  it("every form that sets a password shows passwordHint and no hint of its own", () => {
    const forms = [
      "app/(public)/signup/signup-form.tsx",
      "app/(public)/complete-reg/complete-reg-form.tsx",
      "app/(public)/resetpass/resetpass-form.tsx",
      "app/(account)/account/profile/change-password-dialog.tsx",
    ];
    for (const file of forms) {
      const source = readFileSync(path.join(import.meta.dirname, "..", file), "utf8");
      const hints = [...source.matchAll(/hint=\{[^\n]*/g)].map((m) => m[0]);
      expect(hints.length, file).toBeGreaterThan(0);
      for (const hint of hints) expect(hint, file).toContain("passwordHint(");
    }
  });
});
