import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, lastCode, outbox } from "@/tests/setup/api";

type Data = Record<string, unknown> & {
  redirect_url?: string;
  token?: string;
  error?: string;
  fields?: Record<string, string>;
};

const NEW_PASSWORD = "Fresh kettle parade 2024";
const completion = (overrides: Record<string, unknown> = {}) => ({
  fullname: "Trần Thị B",
  password: NEW_PASSWORD,
  phone: "0912345678",
  country_code: "vn",
  ...overrides,
});

/** A person without a phone (as after a first social sign-in), signed in and sent to /complete-reg. */
async function signedInWithoutPhone() {
  const user = await createUser({ phone: null, countryCode: null });
  const signin = await call("/auth/signin", { email: user.email, password: PASSWORD });
  expect(signin.body.code).toBe(200);
  expect(String((signin.body.data as Data).redirect_url)).toMatch(/^\/complete-reg/);
  expect(signin.cookie).toMatch(/SSID=/);
  return { user, cookie: signin.cookie };
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("/auth/complete-register", () => {
  it("stores name, password and phone, ends the partial session and sends an SMS code", async () => {
    const { user, cookie } = await signedInWithoutPhone();
    const before = outbox().length;
    const res = await call("/auth/complete-register", completion(), { cookie });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const data = res.body.data as Data;
    expect(data.verify_type).toBe("SMS");
    expect(data.token).toBeTruthy();
    const redirect = new URL(String(data.redirect_url), "http://x");
    expect(String(data.redirect_url)).toMatch(/^\/verify-account\?/);
    expect(redirect.searchParams.get("verify_type")).toBe("SMS");
    // No phone in the address: /verify-account looks it up, masked, by the token.
    expect(String(data.redirect_url)).not.toContain("912345678");
    expect(redirect.searchParams.get("token")).toBe(data.token);
    const info = await call("/auth/flow-info", { token: data.token, step: "verify_account" });
    expect(info.body.data).toMatchObject({ verify_type: "SMS", destination: "*******678" });

    // The cookie that could only reach /complete-reg is cleared, and revoked in the database.
    expect(res.setCookies.some((c) => c.startsWith("SSID=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(res.cookie).not.toMatch(/SSID=/);
    expect((await call("/auth/userinfo", {}, { cookie })).status).toBe(401);

    const sent = outbox().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.channel).toBe("SMS");
    expect(sent[0]?.to).toBe("0912345678");
    expect(lastCode("0912345678")).toMatch(/^\d{6}$/);
    // No mail went to the address.
    expect(sent.some((m) => m.to === user.email)).toBe(false);
  });

  it("verifying the SMS code signs the person in with the completed account", async () => {
    const { user, cookie } = await signedInWithoutPhone();
    const phone = "0987654321";
    const res = await call("/auth/complete-register", completion({ phone: "+84 987 654 321" }), { cookie });
    expect(res.body.code).toBe(200);
    const token = String((res.body.data as Data).token);

    const verified = await call("/auth/verify-account", { code: lastCode(phone), token });
    expect(verified.body.code).toBe(200);
    expect((verified.body.data as Data).redirect_url).toBe("/account/profile");
    expect(verified.cookie).toMatch(/SSID=/);

    const me = await call("/auth/userinfo", {}, { cookie: verified.cookie });
    expect(me.body.code).toBe(200);
    const info = me.body.data as Data;
    expect(info.email).toBe(user.email);
    expect(info.phone).toBe(phone);
    expect(info.country_code).toBe("vn");
    expect(info.fullname).toBe("Trần Thị B");
    expect(info.is_verify_phone).toBe(true);
    expect(info.is_not_verify).toBe(false);
    expect(info.verify_type).toBe("SMS");

    // The password chosen here is the account's password now.
    expect((await call("/auth/signin", { email: user.email, password: PASSWORD })).body.code).toBe(400);
    const again = await call("/auth/signin", { email: user.email, password: NEW_PASSWORD });
    expect(again.body.code).toBe(200);
    expect((again.body.data as Data).redirect_url).toBe("/account/profile");
  });

  it("leaves the account unverified until the code is entered", async () => {
    const { user, cookie } = await signedInWithoutPhone();
    await call("/auth/complete-register", completion(), { cookie });
    // Signing in again before the code goes back to /verify-account, not to a session.
    const signin = await call("/auth/signin", { email: user.email, password: NEW_PASSWORD });
    expect(signin.body.code).toBe(200);
    expect(String((signin.body.data as Data).redirect_url)).toMatch(/^\/verify-account\?.*verify_type=SMS/);
    expect(signin.cookie).toBe("");
  });

  it("validates name, password and phone with field messages", async () => {
    const { cookie } = await signedInWithoutPhone();
    const missingName = await call(
      "/auth/complete-register",
      { ...completion(), fullname: "  ", lang: "en" },
      { cookie },
    );
    expect(missingName.status).toBe(400);
    expect((missingName.body.data as Data).fields?.fullname).toBe("Full name is required");

    const noName = await call(
      "/auth/complete-register",
      { password: NEW_PASSWORD, phone: "0912345678", lang: "en" },
      { cookie },
    );
    expect((noName.body.data as Data).fields?.fullname).toBe("Full name is required");

    const blank = await call(
      "/auth/complete-register",
      { ...completion({ password: " ".repeat(9) }), lang: "en" },
      { cookie },
    );
    expect(blank.status).toBe(400);
    expect((blank.body.data as Data).fields?.password).toBe("Password can’t be only spaces");

    const short = await call(
      "/auth/complete-register",
      { ...completion({ password: "Ab@1" }), lang: "en" },
      { cookie },
    );
    expect((short.body.data as Data).fields?.password).toBe("Password must be at least 8 characters");

    const badPhone = await call(
      "/auth/complete-register",
      { ...completion({ phone: "12345" }), lang: "en" },
      { cookie },
    );
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.code).toBe(400);
    expect((badPhone.body.data as Data).fields?.phone).toBe("Please enter a valid phone number");

    const noPhone = await call(
      "/auth/complete-register",
      { ...completion({ phone: "" }), lang: "en" },
      { cookie },
    );
    expect((noPhone.body.data as Data).fields?.phone).toBeTruthy();

    // None of those changed anything: the session still reaches /complete-reg and the form works.
    const me = await call("/auth/userinfo", {}, { cookie });
    expect(me.body.code).toBe(200);
    expect((me.body.data as Data).phone).toBeNull();
    expect((await call("/auth/complete-register", completion(), { cookie })).body.code).toBe(200);
  });

  it("needs a session", async () => {
    const res = await call("/auth/complete-register", completion());
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
    expect((res.body.data as Data).error).toBe("UNAUTHORIZED");
  });

  it("refuses a person who already has a phone with 409", async () => {
    const user = await createUser();
    const signin = await call("/auth/signin", { email: user.email, password: PASSWORD });
    expect((signin.body.data as Data).redirect_url).toBe("/account/profile");
    const res = await call("/auth/complete-register", completion({ phone: "0987000111" }), {
      cookie: signin.cookie,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(409);
    expect((res.body.data as Data).error).toBe("REGISTRATION_ALREADY_COMPLETE");
    // Nothing changed: same phone, same password, session alive.
    const me = await call("/auth/userinfo", {}, { cookie: signin.cookie });
    expect(me.body.code).toBe(200);
    expect((me.body.data as Data).phone).toBe(user.phone);
    expect((await call("/auth/signin", { email: user.email, password: PASSWORD })).body.code).toBe(200);
  });

  it("cannot be replayed with the revoked session after completing", async () => {
    const { cookie } = await signedInWithoutPhone();
    expect((await call("/auth/complete-register", completion(), { cookie })).body.code).toBe(200);
    const replay = await call("/auth/complete-register", completion({ phone: "0987000222" }), { cookie });
    expect(replay.status).toBe(401);
  });
});
