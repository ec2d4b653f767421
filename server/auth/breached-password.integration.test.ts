// Breached and common passwords through /2.0 (README, "Breached and common passwords"): every
// call that sets a password refuses one from the local list, or one made of the person's own
// details, with a field error in the person's language; a strong one goes through.
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import en from "@/messages/en.json";
import th from "@/messages/th.json";
import vi from "@/messages/vi.json";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, outbox } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

type Data = Record<string, unknown> & { error?: string; fields?: Record<string, string> };

/** On the list (rank 224 of the source) and within the rule's 8–64 characters. */
const COMMON = "Password123";
const STRONG = "Mây trắng bay qua đồi 7";

async function signIn(email: string, password: string) {
  return call<Data>("/auth/signin", { email, password, lang: "en" });
}

async function resetToken(email: string): Promise<string> {
  const res = await call("/user/forgotten-pass", { email }, { ip: "10.9.0.2" });
  expect(res.body.code).toBe(200);
  const mail = outbox()
    .filter((m) => m.to === email)
    .at(-1);
  return String(new URL(String(mail?.params.link)).searchParams.get("token"));
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("sign-up", () => {
  it("refuses a common password on the password field, in the person's language, and makes no account", async () => {
    const { body, response } = await signUp({ password: COMMON, lang: "vi" });
    expect(response.status).toBe(400);
    const data = response.body.data as Data;
    expect(data.error).toBe("VALIDATION");
    expect(data.fields).toEqual({ password: vi.passwordCheck.common });
    expect(outbox().filter((m) => m.to === body.email)).toEqual([]);
    // The same person with a strong password is signed up.
    const again = await signUp({ email: body.email, password: STRONG });
    expect(again.response.body.code, JSON.stringify(again.response.body)).toBe(200);
  });

  it("refuses a list entry in other capitals too ('PASSWORD123')", async () => {
    const { response } = await signUp({ password: COMMON.toUpperCase(), lang: "en" });
    expect((response.body.data as Data).fields?.password).toBe(en.passwordCheck.common);
  });

  it("refuses a password made of the name or the phone", async () => {
    const byName = await signUp({ fullname: "Trần Thị Hương", password: "TranThiHuong88", lang: "th" });
    expect(byName.response.status).toBe(400);
    expect((byName.response.body.data as Data).fields?.password).toBe(th.passwordCheck.personal);
    const byPhone = await signUp({ phone: "0987654321", password: "0987654321!", lang: "en" });
    expect((byPhone.response.body.data as Data).fields?.password).toBe(en.passwordCheck.personal);
  });
});

describe("change password", () => {
  it("refuses a common password on new_password; the old one still works; a strong one is accepted", async () => {
    const user = await createUser();
    const { cookie } = await signIn(user.email, PASSWORD);
    const change = (new_password: string) =>
      call<Data>(
        "/user/change-password",
        { old_password: PASSWORD, new_password, confirm_password: new_password, lang: "en" },
        { cookie },
      );
    const refused = await change("iloveyou");
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual({ new_password: en.passwordCheck.common });
    expect((await signIn(user.email, PASSWORD)).body.code).toBe(200);

    const personal = await change("TestPerson2024");
    expect(personal.body.data.fields).toEqual({ new_password: en.passwordCheck.personal });

    expect((await change(STRONG)).body.code).toBe(200);
    expect((await signIn(user.email, STRONG)).body.code).toBe(200);
  });
});

describe("reset password", () => {
  it("refuses a common password before the link is used up, then accepts a strong one", async () => {
    const user = await createUser();
    const token = await resetToken(user.email);
    const refused = await call<Data>("/user/reset-password", { token, password: COMMON, lang: "vi" });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual({ password: vi.passwordCheck.common });
    expect((await signIn(user.email, PASSWORD)).body.code).toBe(200);

    const accepted = await call("/user/reset-password", { token, password: STRONG });
    expect(accepted.body.code).toBe(200);
    expect((await signIn(user.email, STRONG)).body.code).toBe(200);
  });
});

describe("complete registration", () => {
  it("refuses a common password on password", async () => {
    const user = await createUser({ phone: null, countryCode: null });
    const { cookie } = await signIn(user.email, PASSWORD);
    const res = await call<Data>(
      "/auth/complete-register",
      { fullname: "Ann", password: "sunshine1", phone: "0912345678", country_code: "vn", lang: "en" },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({ password: en.passwordCheck.common });
  });
});
