import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n";
import { LOCALES } from "@/lib/locales";
import {
  isPasswordSameAsEmail,
  newPasswordProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type PasswordProblem,
  passwordHint,
  signInPasswordMessages,
} from "./password-rule";

const a = (n: number) => "a".repeat(n);

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
