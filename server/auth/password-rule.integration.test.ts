// The one password rule (lib/password-rule.ts) through /2.0: the clause that needs the account's
// email is checked by each service, and sign-in still opens accounts made under older rules.
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { createUser, PASSWORD, randomEmail } from "@/tests/factories/user";
import { call, outbox } from "@/tests/setup/api";

type Data = Record<string, unknown> & { error?: string; fields?: Record<string, string> };

const SAME_AS_EMAIL = en.validation.passwordIsEmail;

async function signIn(email: string, password: string) {
  return call<Data>("/auth/signin", { email, password, lang: "en" });
}

async function resetToken(email: string): Promise<string> {
  const res = await call("/user/forgotten-pass", { email }, { ip: "10.9.0.1" });
  expect(res.body.code).toBe(200);
  const mail = outbox()
    .filter((m) => m.to === email)
    .at(-1);
  return String(new URL(String(mail?.params.link)).searchParams.get("token"));
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("sign-in keeps every existing password", () => {
  it.each([
    ["of 8 spaces (allowed by the old change-password rule)", " ".repeat(8)],
    ["of 45 characters (the old change-password maximum)", "p".repeat(45)],
    ["of 20 characters with a symbol (the old sign-up rule)", "Abcdefghij@123456789"],
  ])("a password %s still signs in", async (_label, password) => {
    const user = await createUser({ password });
    const res = await signIn(user.email, password);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  });

  it("a password equal to the email, set before the rule, still signs in", async () => {
    const email = randomEmail();
    const user = await createUser({ email, password: email });
    expect((await signIn(user.email, email)).body.code).toBe(200);
  });
});

describe("the password may not be the account's email, on every screen that sets one", () => {
  it("reset: refused in the person's language, and the link is not used up", async () => {
    const user = await createUser();
    const token = await resetToken(user.email);
    const refused = await call<Data>("/user/reset-password", {
      token,
      password: user.email.toUpperCase(),
      lang: "vi",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.error).toBe("VALIDATION");
    expect(refused.body.data.fields?.password).toBe(vi.validation.passwordIsEmail);
    // A 64-character password (the rule's maximum) then goes through on the same link.
    const long = "lantern otter pickle thunder violet kettle marches under 9 moons";
    expect((await call("/user/reset-password", { token, password: long })).body.code).toBe(200);
    expect((await signIn(user.email, long)).body.code).toBe(200);
  });

  it("change password: refused on new_password; the old one still works", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.email, PASSWORD);
    const res = await call<Data>(
      "/user/change-password",
      { old_password: PASSWORD, new_password: user.email, confirm_password: user.email, lang: "en" },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.new_password).toBe(SAME_AS_EMAIL);
    expect((await signIn(user.email, PASSWORD)).body.code).toBe(200);
  });

  it("complete registration: refused on password", async () => {
    const user = await createUser({ phone: null, countryCode: null });
    const { cookie } = await signIn(user.email, PASSWORD);
    const res = await call<Data>(
      "/auth/complete-register",
      { fullname: "Ann", password: ` ${user.email} `, phone: "0912345678", country_code: "vn", lang: "en" },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.password).toBe(SAME_AS_EMAIL);
  });
});
