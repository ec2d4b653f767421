import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldLabeler, translator } from "@/lib/i18n";
import { LOCALES, type Locale } from "@/lib/locales";
import {
  newPasswordProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordMessage,
  SIGN_IN_PASSWORD_MAX,
  SIGN_IN_PASSWORD_MIN,
  signInPasswordMessages,
  signInPasswordProblem,
} from "@/lib/password-rule";
import { fieldErrors } from "@/lib/validation";
import { changePasswordSchema, resetPasswordFormSchema, resetPasswordSchema } from "@/server/user/schema";
import { completeRegisterSchema, signInSchema, signUpSchema } from "./schema";

// lib/password-rule.ts is the browser's check; the server's zod schemas must judge every password
// the same, in the same words.

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
