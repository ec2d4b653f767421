import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldLabeler, translator } from "@/lib/i18n";
import {
  emailField,
  fieldErrors,
  formatIssue,
  isValidPhone,
  isVietnamesePhone,
  MSG,
  newPasswordField,
  normalizePhone,
  normalizeVietnamesePhone,
  otpCodeField,
  passwordNotEmail,
  signInPasswordField,
  text,
  withPhone,
} from "@/lib/validation";

const t = translator("en");
const label = fieldLabeler(t);

/** The per-field English messages of a failed parse, or `null` when the input passes. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> | null {
  const result = schema.safeParse(input);
  return result.success ? null : fieldErrors(result.error, t, label);
}

/** The data of a successful parse; fails the test with the messages otherwise. */
function dataOf<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(JSON.stringify(fieldErrors(result.error, t, label)));
  return result.data;
}

const repeat = (s: string, n: number) => s.repeat(n);

describe("newPasswordField / signInPasswordField (lib/password-rule.ts)", () => {
  const newPassword = z.object({ password: newPasswordField });
  const signIn = z.object({ password: signInPasswordField });

  it.each([
    ["8 characters", repeat("a", 8)],
    ["64 characters", repeat("a", 64)],
    ["letters only", "password"],
    ["spaces inside and around", " pass word "],
    ["any symbol", "pa-ss.wo^rd_"],
    ["non-ASCII letters", "รหัสผ่านของฉัน"],
  ])("a new password of %s is accepted as typed", (_label, value) => {
    expect(dataOf(newPassword, { password: value })).toEqual({ password: value });
  });

  it.each<[string, unknown, string]>([
    ["empty", "", "Password is required"],
    ["missing", undefined, "Password is required"],
    ["7 characters", repeat("a", 7), "Password must be at least 8 characters"],
    ["65 characters", repeat("a", 65), "Password must be at most 64 characters"],
    ["only spaces", repeat(" ", 8), t(MSG.passwordInvalid)],
    ["a number", 12345678, "Password is not valid"],
  ])("a new password that is %s is refused", (_label, value, message) => {
    expect(errorsOf(newPassword, { password: value })).toEqual({ password: message });
  });

  it("AUTH.PASSWORD_INVALID (SPEC's invalid password format) names the rule's format clause", () => {
    expect(MSG.passwordInvalid).toBe("AUTH.PASSWORD_INVALID");
    expect(t(MSG.passwordInvalid)).toBe("Password can’t be only spaces");
  });

  it.each([
    ["an old sign-up password (8–20, strong)", "Abcdef1@"],
    ["an old change-password password (45, no strength)", repeat("a", 45)],
    ["an old password of only spaces", repeat(" ", 8)],
    ["a 32-character generated key", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA=="],
    ["a new 64-character password", repeat("b", 64)],
  ])("sign-in accepts %s", (_label, value) => {
    expect(errorsOf(signIn, { password: value })).toBeNull();
  });

  it.each<[unknown, string]>([
    ["", "Password is required"],
    [repeat("a", 7), "Password must be at least 8 characters"],
    [repeat("a", 65), "Password must be at most 64 characters"],
  ])("sign-in refuses %j with %j", (value, message) => {
    expect(errorsOf(signIn, { password: value })).toEqual({ password: message });
  });

  it("passwordNotEmail marks the password when it is the email, in any case", () => {
    const form = z
      .object({ email: emailField, password: newPasswordField })
      .superRefine(passwordNotEmail({ password: "password", email: "email" }));
    expect(errorsOf(form, { email: "Ann@Example.com", password: "ann@example.com" })).toEqual({
      password: "Password can’t be the same as your email address",
    });
    expect(errorsOf(form, { email: "ann@example.com", password: "ann@example.com1" })).toBeNull();
  });
});

describe("isVietnamesePhone (SPEC §5)", () => {
  it.each([
    "0912345678",
    "0312345678",
    "0512345678",
    "0712345678",
    "0812345678",
    "0987654321",
    "+84912345678",
    "84912345678",
    "+84312345678",
    "912345678",
    "+84 91 234 5678",
    "091.234.5678",
    "(091) 234-5678",
  ])("accepts %j", (value) => {
    expect(isVietnamesePhone(value)).toBe(true);
  });

  it.each([
    ["02x landline", "0212345678"],
    ["02x landline, 11 digits", "02412345678"],
    ["02x landline with +84", "+842412345678"],
    ["first digit 1", "0112345678"],
    ["first digit 4", "0412345678"],
    ["first digit 6", "0612345678"],
    ["too short", "091234567"],
    ["too long", "09123456789"],
    ["too long with +84", "+849123456789"],
    ["+ without 84", "+0912345678"],
    ["+84 then 0", "+840912345678"],
    ["letters", "09123abc78"],
    ["empty", ""],
  ])("refuses %s (%j)", (_label, value) => {
    expect(isVietnamesePhone(value)).toBe(false);
  });
});

describe("normalizeVietnamesePhone (SPEC §5)", () => {
  it.each([
    ["+84912345678", "0912345678"],
    ["84912345678", "0912345678"],
    ["+84 91 234 5678", "0912345678"],
    ["+84-91-234-5678", "0912345678"],
    ["0912345678", "0912345678"],
    ["091.234.5678", "0912345678"],
    ["(091) 234-5678", "0912345678"],
    ["912345678", "0912345678"],
    ["+84312345678", "0312345678"],
  ])("%j becomes %j", (input, expected) => {
    expect(normalizeVietnamesePhone(input)).toBe(expected);
  });
});

describe("isValidPhone / normalizePhone", () => {
  it.each([
    ["vn", "0912345678", true],
    ["VN", "+84 912 345 678", true],
    ["vn", "0212345678", false],
    ["vn", "2015550123", false],
    ["th", "0812345678", true],
    ["th", "+66812345678", true],
    ["TH", "081 234 5678", true],
    ["th", "123", false],
    ["us", "(201) 555-0123", true],
    ["US", "2015550123", true],
    ["us", "555-0123", false],
    ["zz", "0812345678", false],
  ])("country %s: %j valid=%s", (country, phone, expected) => {
    expect(isValidPhone(phone, country)).toBe(expected);
  });

  it.each([
    ["vn", "+84 912 345 678", "0912345678"],
    ["VN", "84912345678", "0912345678"],
    ["th", "081 234 5678", "+66812345678"],
    ["th", "+66 81 234 5678", "+66812345678"],
    ["us", "(201) 555-0123", "+12015550123"],
    ["US", "201.555.0123", "+12015550123"],
  ])("country %s: %j is stored as %j", (country, phone, expected) => {
    expect(normalizePhone(phone, country)).toBe(expected);
  });
});

describe("emailField", () => {
  const schema = z.object({ email: emailField });

  it.each([
    ["a@example.com", "a@example.com"],
    ["  a@example.com  ", "a@example.com"],
    ["A.B@Example.COM", "a.b@example.com"],
    [" First.Last+Tag@Sub.Example.Org ", "first.last+tag@sub.example.org"],
  ])("%j becomes %j", (input, expected) => {
    expect(dataOf(schema, { email: input })).toEqual({ email: expected });
  });

  it.each([
    ["missing", undefined, "Email is required"],
    ["empty", "", "Email is required"],
    ["blank", "   ", "Email is required"],
    ["not a string", 42, "Email is not valid"],
    ["no @", "a.example.com", "Please enter a valid email address"],
    ["no domain", "a@", "Please enter a valid email address"],
    ["no top-level domain", "a@example", "Please enter a valid email address"],
    ["two @", "a@b@example.com", "Please enter a valid email address"],
    ["inner space", "a b@example.com", "Please enter a valid email address"],
    ["too long", `${repeat("a", 250)}@x.io`, "Email must be at most 254 characters"],
  ])("refuses %s", (_label, input, message) => {
    expect(errorsOf(schema, { email: input })).toEqual({ email: message });
  });
});

describe("text({ min, max })", () => {
  it.each([
    [{ min: 1, max: 5 }, "  abc  ", "abc"],
    [{ min: 1, max: 5 }, "abcde", "abcde"],
    [{ min: 1, max: 5 }, " abcde ", "abcde"],
    [{ min: 2, max: 45 }, "ab", "ab"],
    [{ min: 2, max: 45 }, repeat("a", 45), repeat("a", 45)],
    [{ max: 5 }, "", ""],
    [{ max: 5 }, "   ", ""],
  ])("%j: %j becomes %j", (bounds, input, expected) => {
    expect(dataOf(z.object({ fullname: text(bounds) }), { fullname: input })).toEqual({ fullname: expected });
  });

  it.each([
    [{ min: 1, max: 5 }, undefined, "Full name is required"],
    [{ min: 1, max: 5 }, null, "Full name is required"],
    [{ min: 1, max: 5 }, "", "Full name is required"],
    [{ min: 1, max: 5 }, "    ", "Full name is required"],
    [{ min: 1, max: 5 }, "abcdef", "Full name must be at most 5 characters"],
    [{ min: 1, max: 5 }, 12, "Full name is not valid"],
    [{ min: 2, max: 45 }, "a", "Full name must be at least 2 characters"],
    [{ min: 2, max: 45 }, " a ", "Full name must be at least 2 characters"],
    [{ min: 2, max: 45 }, repeat("a", 46), "Full name must be at most 45 characters"],
  ])("%j refuses %j with %j", (bounds, input, message) => {
    expect(errorsOf(z.object({ fullname: text(bounds) }), { fullname: input })).toEqual({
      fullname: message,
    });
  });
});

describe("otpCodeField", () => {
  const schema = z.object({ code: otpCodeField });

  it.each([
    ["123456", "123456"],
    [" 123456 ", "123456"],
    ["123 456", "123456"],
    ["123-456", "123456"],
    ["code: 1-2-3-4-5-6", "123456"],
  ])("%j becomes %j", (input, expected) => {
    expect(dataOf(schema, { code: input })).toEqual({ code: expected });
  });

  it.each([
    ["missing", undefined, "Verification code is required"],
    ["empty", "", "Verification code is required"],
    ["no digits at all", "abcdef", "Verification code is required"],
    ["five digits", "12345", "The code has 6 digits"],
    ["seven digits", "1234567", "The code has 6 digits"],
    ["five digits among letters", "1a2b3c4d5", "The code has 6 digits"],
    ["a number, not a string", 123456, "Verification code is not valid"],
  ])("refuses %s", (_label, input, message) => {
    expect(errorsOf(schema, { code: input })).toEqual({ code: message });
  });
});

describe("withPhone", () => {
  const base = z.object({ phone: z.string().optional(), country_code: z.string() });
  const SCHEMAS = {
    required: withPhone(base, { required: true }),
    optional: withPhone(base, { required: false }),
  };
  type Mode = keyof typeof SCHEMAS;
  type Input = { phone?: string; country_code: string };

  it.each<[Mode, string, Input, string | undefined]>([
    ["required", "vn +84", { phone: "+84 912 345 678", country_code: "vn" }, "0912345678"],
    ["required", "vn 84", { phone: "84912345678", country_code: "vn" }, "0912345678"],
    ["required", "vn 0", { phone: " 0912345678 ", country_code: "vn" }, "0912345678"],
    ["required", "th", { phone: "081 234 5678", country_code: "th" }, "+66812345678"],
    ["required", "us", { phone: "(201) 555-0123", country_code: "us" }, "+12015550123"],
    ["optional", "vn", { phone: "+84912345678", country_code: "vn" }, "0912345678"],
    ["optional", "missing", { country_code: "vn" }, undefined],
    ["optional", "empty", { phone: "", country_code: "vn" }, ""],
  ])("%s, %s: phone stored as %j", (mode, _label, input, expected) => {
    expect(dataOf(SCHEMAS[mode], input).phone).toBe(expected);
  });

  it.each<[Mode, string, Input, string]>([
    ["required", "missing", { country_code: "vn" }, "Phone number is required"],
    ["required", "empty", { phone: "", country_code: "vn" }, "Phone number is required"],
    ["required", "blank", { phone: "   ", country_code: "vn" }, "Phone number is required"],
    [
      "required",
      "vn landline",
      { phone: "0212345678", country_code: "vn" },
      "Please enter a valid phone number",
    ],
    [
      "required",
      "vn too short",
      { phone: "091234567", country_code: "vn" },
      "Please enter a valid phone number",
    ],
    [
      "required",
      "us number as vn",
      { phone: "2015550123", country_code: "vn" },
      "Please enter a valid phone number",
    ],
    [
      "required",
      "th too short",
      { phone: "081234", country_code: "th" },
      "Please enter a valid phone number",
    ],
    ["optional", "invalid", { phone: "0212345678", country_code: "vn" }, "Please enter a valid phone number"],
  ])("%s, %s: refused with %j", (mode, _label, input, message) => {
    const result = SCHEMAS[mode].safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.path)).toEqual([["phone"]]);
    expect(fieldErrors(result.error, t, label)).toEqual({ phone: message });
  });

  it("the invalid-phone key is the SPEC VALIDATION.INVALID_PHONE text", () => {
    expect(MSG.phone).toBe("VALIDATION.INVALID_PHONE");
    expect(t(MSG.phone)).toBe("Please enter a valid phone number");
  });
});

describe("formatIssue", () => {
  /** The first issue of a failed parse, formatted in English. */
  function firstMessage(schema: z.ZodType, input: unknown): string {
    const result = schema.safeParse(input);
    if (result.success) throw new Error("expected a failure");
    const [issue] = result.error.issues;
    if (!issue) throw new Error("expected an issue");
    return formatIssue(issue, t, label);
  }

  it.each([
    [
      "missing text → required",
      z.object({ fullname: text({ min: 1, max: 5 }) }),
      {},
      "Full name is required",
    ],
    [
      "short text → min length",
      z.object({ fullname: text({ min: 3, max: 5 }) }),
      { fullname: "ab" },
      "Full name must be at least 3 characters",
    ],
    [
      "long text → max length",
      z.object({ fullname: text({ min: 1, max: 5 }) }),
      { fullname: "abcdef" },
      "Full name must be at most 5 characters",
    ],
    [
      "small number → min value",
      z.object({ age: z.number().min(5).max(10) }),
      { age: 3 },
      "age must be at least 5",
    ],
    [
      "big number → max value",
      z.object({ age: z.number().min(5).max(10) }),
      { age: 11 },
      "age must be at most 10",
    ],
    ["bad email", z.object({ email: emailField }), { email: "nope" }, "Please enter a valid email address"],
    ["wrong type", z.object({ email: emailField }), { email: true }, "Email is not valid"],
    [
      "custom refine key",
      z.object({ password: newPasswordField }),
      { password: "         " },
      "Password can’t be only spaces",
    ],
    [
      "custom key without a catalog label",
      z.object({ policy: z.boolean().refine((v) => v, { error: MSG.acceptPolicy }) }),
      { policy: false },
      "Please accept the terms of use and privacy policy",
    ],
    ["regex key", z.object({ code: otpCodeField }), { code: "123" }, "The code has 6 digits"],
    [
      "other issue codes → not valid",
      z.object({ kind: z.enum(["a", "b"]) }),
      { kind: "c" },
      "kind is not valid",
    ],
    ["root issue → value", z.object({}).strict(), { extra: 1 }, "value is not valid"],
  ])("%s", (_label, schema, input, expected) => {
    expect(firstMessage(schema, input)).toBe(expected);
  });

  it("uses the field label in another language", () => {
    const vi = translator("vi");
    const result = z.object({ email: emailField }).safeParse({});
    if (result.success) throw new Error("expected a failure");
    const [issue] = result.error.issues;
    if (!issue) throw new Error("expected an issue");
    const message = formatIssue(issue, vi, fieldLabeler(vi));
    expect(message).not.toBe("Email is required");
    expect(message).not.toContain("validation.");
  });

  it("a missing field of a plain zod schema still gets the catalog's required template", () => {
    // zod's own invalid_type text is English; it must not reach the person untranslated.
    expect(firstMessage(z.object({ age: z.number() }), {})).toBe("age is required");
  });

  it("works with a fake translator (keys and values pass through)", () => {
    const fake = (key: string, values?: Record<string, string | number>) =>
      key + JSON.stringify(values ?? {});
    const result = z.object({ fullname: text({ min: 2, max: 5 }) }).safeParse({ fullname: "a" });
    if (result.success) throw new Error("expected a failure");
    const [issue] = result.error.issues;
    if (!issue) throw new Error("expected an issue");
    expect(formatIssue(issue, fake, (name) => name.toUpperCase())).toBe(
      'validation.minLength{"field":"FULLNAME","min":2}',
    );
  });
});

describe("fieldErrors", () => {
  const signUp = z.object({
    fullname: text({ min: 1, max: 45 }),
    email: emailField,
    password: newPasswordField,
  });

  it("gives one message per failing field, the first issue winning", () => {
    expect(errorsOf(signUp, { fullname: "  ", email: "x", password: "" })).toEqual({
      fullname: "Full name is required",
      email: "Please enter a valid email address",
      password: "Password is required",
    });
  });

  it("leaves passing fields out", () => {
    expect(errorsOf(signUp, { fullname: "Ann", email: "ann@example.com", password: "short" })).toEqual({
      password: "Password must be at least 8 characters",
    });
  });

  it("puts issues without a path under _", () => {
    const result = z
      .object({ a: z.string() })
      .refine(() => false, { error: MSG.passwordMismatch })
      .safeParse({ a: "x" });
    if (result.success) throw new Error("expected a failure");
    expect(fieldErrors(result.error, t, label)).toEqual({ _: "Password and confirmation do not match" });
  });

  it("all empty → every required message", () => {
    expect(errorsOf(signUp, {})).toEqual({
      fullname: "Full name is required",
      email: "Email is required",
      password: "Password is required",
    });
  });
});
