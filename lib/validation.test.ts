import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldLabeler, translator } from "@/lib/i18n";
import {
  emailField,
  fieldErrors,
  formatIssue,
  isStrongPassword,
  isValidPhone,
  isVietnamesePhone,
  MSG,
  normalizePhone,
  normalizeVietnamesePhone,
  otpCodeField,
  password,
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

describe("isStrongPassword (SPEC §5 password strength)", () => {
  it.each([
    ["letters, digit, @", "abcdef1@"],
    ["each allowed special: $", "Abcdef1$"],
    ["each allowed special: !", "Abcdef1!"],
    ["each allowed special: %", "Abcdef1%"],
    ["each allowed special: *", "Abcdef1*"],
    ["each allowed special: #", "Abcdef1#"],
    ["each allowed special: ?", "Abcdef1?"],
    ["each allowed special: &", "Abcdef1&"],
    ["special first, digit last", "@bcdefg1"],
    ["upper-case letters only", "ABCDEF1!"],
    ["32-character base64-like key", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA=="],
    ["32-character url-safe base64 key", "abcDEF0123456789-_abcDEF01234567"],
    ["32-character key with + and /", "abc+DEF/0123456789abcDEF01234567"],
  ])("accepts %s (%s)", (_label, value) => {
    expect(isStrongPassword(value)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["letters only", "abcdefgh"],
    ["digits only", "12345678"],
    ["specials only", "@$!%*#?&"],
    ["letters and digit, no special", "abcdefg1"],
    ["letters and special, no digit", "abcdefg@"],
    ["digit and special, no letter", "1234567@"],
    ["a space", "abc def1@"],
    ["a disallowed special: -", "abcdef1@-"],
    ["a disallowed special: .", "abcdef1@."],
    ["a disallowed special: ^", "abcdef1@^"],
    ["a disallowed special: _", "abcdef1@_"],
    ["a non-ASCII letter", "abcdéf1@"],
    ["a 31-character key", repeat("a", 31)],
    ["a 33-character key", repeat("a", 33)],
    ["a 32-character string with a space", `${repeat("a", 31)} `],
    ["a 32-character string with a dot", `${repeat("a", 31)}.`],
  ])("refuses %s", (_label, value) => {
    expect(isStrongPassword(value)).toBe(false);
  });

  it("accepts the 32-character key length exactly", () => {
    expect(isStrongPassword(repeat("a", 32))).toBe(true);
  });
});

describe("password({ min, max, strength }) per screen", () => {
  const SCREENS = {
    "sign-in": z.object({ password: password({ min: 8, max: 45, strength: false }) }),
    "sign-up": z.object({ password: password({ min: 8, max: 20, strength: true }) }),
    reset: z.object({ password: password({ min: 8, max: 20, strength: true }) }),
    change: z.object({ password: password({ min: 6, max: 45, strength: false }) }),
  };
  type Screen = keyof typeof SCREENS;
  const signIn = SCREENS["sign-in"];
  const signUp = SCREENS["sign-up"];

  it.each<[Screen, string]>([
    ["sign-in", repeat("a", 8)],
    ["sign-in", repeat("a", 45)],
    ["sign-in", "password"],
    ["sign-in", " pass word "],
    ["sign-up", "abcdef1@"],
    ["sign-up", `${repeat("a", 18)}1@`],
    ["reset", "Abcdef1!"],
    ["change", repeat("a", 6)],
    ["change", repeat("a", 45)],
  ])("%s accepts %j (kept as is)", (screen, value) => {
    expect(dataOf(SCREENS[screen], { password: value })).toEqual({ password: value });
  });

  it.each<[Screen, unknown, string]>([
    ["sign-in", "", "Please enter Password"],
    ["sign-in", undefined, "Please enter Password"],
    ["sign-in", repeat("a", 7), "Password must be greater than 8 letters"],
    ["sign-in", repeat("a", 46), "Password must be less than 45 letters"],
    ["sign-up", "", "Please enter Password"],
    ["sign-up", "abcde1@", "Password must be greater than 8 letters"],
    ["sign-up", `${repeat("a", 19)}1@`, "Password must be less than 20 letters"],
    ["sign-up", "abcdefgh", t(MSG.passwordInvalid)],
    ["sign-up", "abcdefg1-", t(MSG.passwordInvalid)],
    ["reset", "", "Please enter Password"],
    ["reset", "12345678", t(MSG.passwordInvalid)],
    ["reset", repeat("a", 21), "Password must be less than 20 letters"],
    ["change", "", "Please enter Password"],
    ["change", repeat("a", 5), "Password must be greater than 6 letters"],
    ["change", repeat("a", 46), "Password must be less than 45 letters"],
    ["change", 12345678, "Password is not valid"],
  ])("%s refuses %j with %j", (screen, value, message) => {
    expect(errorsOf(SCREENS[screen], { password: value })).toEqual({ password: message });
  });

  it("the strength message is the AUTH.PASSWORD_INVALID text", () => {
    expect(t(MSG.passwordInvalid)).toBe(
      "Password must contain letters, a digit and one of @ $ ! % * # ? &, and no other special characters",
    );
  });

  it("a 32-character generated key passes sign-in but not the 20-character sign-up bound", () => {
    const key = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==";
    expect(errorsOf(signIn, { password: key })).toBeNull();
    expect(errorsOf(signUp, { password: key })).toEqual({
      password: "Password must be less than 20 letters",
    });
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
    ["missing", undefined, "Please enter Email"],
    ["empty", "", "Please enter Email"],
    ["blank", "   ", "Please enter Email"],
    ["not a string", 42, "Email is not valid"],
    ["no @", "a.example.com", "Please entered valid email"],
    ["no domain", "a@", "Please entered valid email"],
    ["no top-level domain", "a@example", "Please entered valid email"],
    ["two @", "a@b@example.com", "Please entered valid email"],
    ["inner space", "a b@example.com", "Please entered valid email"],
    ["too long", `${repeat("a", 250)}@x.io`, "Email must be less than 254 letters"],
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
    [{ min: 1, max: 5 }, undefined, "Please enter Full name"],
    [{ min: 1, max: 5 }, null, "Please enter Full name"],
    [{ min: 1, max: 5 }, "", "Please enter Full name"],
    [{ min: 1, max: 5 }, "    ", "Please enter Full name"],
    [{ min: 1, max: 5 }, "abcdef", "Full name must be less than 5 letters"],
    [{ min: 1, max: 5 }, 12, "Full name is not valid"],
    [{ min: 2, max: 45 }, "a", "Full name must be greater than 2 letters"],
    [{ min: 2, max: 45 }, " a ", "Full name must be greater than 2 letters"],
    [{ min: 2, max: 45 }, repeat("a", 46), "Full name must be less than 45 letters"],
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
    ["missing", undefined, "Please enter Verification code"],
    ["empty", "", "Please enter Verification code"],
    ["no digits at all", "abcdef", "Please enter Verification code"],
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
    ["required", "missing", { country_code: "vn" }, "Please enter Phone number"],
    ["required", "empty", { phone: "", country_code: "vn" }, "Please enter Phone number"],
    ["required", "blank", { phone: "   ", country_code: "vn" }, "Please enter Phone number"],
    [
      "required",
      "vn landline",
      { phone: "0212345678", country_code: "vn" },
      "Please entered valid phone number",
    ],
    [
      "required",
      "vn too short",
      { phone: "091234567", country_code: "vn" },
      "Please entered valid phone number",
    ],
    [
      "required",
      "us number as vn",
      { phone: "2015550123", country_code: "vn" },
      "Please entered valid phone number",
    ],
    [
      "required",
      "th too short",
      { phone: "081234", country_code: "th" },
      "Please entered valid phone number",
    ],
    ["optional", "invalid", { phone: "0212345678", country_code: "vn" }, "Please entered valid phone number"],
  ])("%s, %s: refused with %j", (mode, _label, input, message) => {
    const result = SCHEMAS[mode].safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.path)).toEqual([["phone"]]);
    expect(fieldErrors(result.error, t, label)).toEqual({ phone: message });
  });

  it("the invalid-phone key is the SPEC VALIDATION.INVALID_PHONE text", () => {
    expect(MSG.phone).toBe("VALIDATION.INVALID_PHONE");
    expect(t(MSG.phone)).toBe("Please entered valid phone number");
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
      "Please enter Full name",
    ],
    [
      "short text → min length",
      z.object({ fullname: text({ min: 3, max: 5 }) }),
      { fullname: "ab" },
      "Full name must be greater than 3 letters",
    ],
    [
      "long text → max length",
      z.object({ fullname: text({ min: 1, max: 5 }) }),
      { fullname: "abcdef" },
      "Full name must be less than 5 letters",
    ],
    [
      "small number → min value",
      z.object({ age: z.number().min(5).max(10) }),
      { age: 3 },
      "age must greater than 5",
    ],
    [
      "big number → max value",
      z.object({ age: z.number().min(5).max(10) }),
      { age: 11 },
      "age must lower than 10",
    ],
    ["bad email", z.object({ email: emailField }), { email: "nope" }, "Please entered valid email"],
    ["wrong type", z.object({ email: emailField }), { email: true }, "Email is not valid"],
    [
      "custom refine key",
      z.object({ password: password({ min: 8, max: 20, strength: true }) }),
      { password: "abcdefgh" },
      "Password must contain letters, a digit and one of @ $ ! % * # ? &, and no other special characters",
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
    expect(message).not.toBe("Please enter Email");
    expect(message).not.toContain("validation.");
  });

  it("a missing field of a plain zod schema still gets the SPEC 'Please enter' template", () => {
    // zod's own invalid_type text is English; it must not reach the person untranslated.
    expect(firstMessage(z.object({ age: z.number() }), {})).toBe("Please enter age");
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
    password: password({ min: 8, max: 20, strength: true }),
  });

  it("gives one message per failing field, the first issue winning", () => {
    expect(errorsOf(signUp, { fullname: "  ", email: "x", password: "" })).toEqual({
      fullname: "Please enter Full name",
      email: "Please entered valid email",
      password: "Please enter Password",
    });
  });

  it("leaves passing fields out", () => {
    expect(errorsOf(signUp, { fullname: "Ann", email: "ann@example.com", password: "short" })).toEqual({
      password: "Password must be greater than 8 letters",
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

  it("all empty → every SPEC 'Please enter' message", () => {
    expect(errorsOf(signUp, {})).toEqual({
      fullname: "Please enter Full name",
      email: "Please enter Email",
      password: "Please enter Password",
    });
  });
});
