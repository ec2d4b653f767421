import { describe, expect, it } from "vitest";
import { solvedCaptcha } from "@/tests/factories/captcha";
import { createUser, PASSWORD, randomEmail } from "@/tests/factories/user";
import { call, lastCode, outbox } from "@/tests/setup/api";
import { signUp, signUpBody } from "@/tests/setup/signup";

type Data = Record<string, unknown> & {
  redirect_url?: string;
  token?: string;
  fields?: Record<string, string>;
};

const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);

describe("/auth/signup", () => {
  it("creates an unverified account, sends a code by email and points to /verify-account", async () => {
    const { body, response } = await signUp();
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    const data = response.body.data as Data;
    expect(data.is_require_verify).toBe(true);
    expect(data.verify_type).toBe("EMAIL");
    expect(data.exp_time).toBe(300);
    expect(data.phone).toBe("0912345678");
    const redirect = new URL(String(data.redirect_url), "http://x");
    expect(redirect.pathname).toBe("/verify-account");
    expect(redirect.searchParams.get("token")).toBe(data.token);
    expect(lastCode(String(body.email))).toMatch(/^\d{6}$/);
    // No session before the code is verified.
    expect(response.cookie).toBe("");
  });

  it("keeps the email and the phone out of the next step's address (history, logs, Referer)", async () => {
    const email = `donalo${Date.now()}@example.com`;
    const { response } = await signUp({ email, callback_url: "https://app.example.com/x", app_code: "ls" });
    const data = response.body.data as Data;
    const url = String(data.redirect_url);
    for (const personal of [email, encodeURIComponent(email), "0912345678", "912345678", "912 345 678"]) {
      expect(url).not.toContain(personal);
    }
    const params = new URL(url, "http://x").searchParams;
    expect([...params.keys()].sort()).toEqual([
      "app_code",
      "callback_url",
      "exp_time",
      "token",
      "verify_type",
    ]);
    // The page finds where the code went by the token, masked.
    const info = await call("/auth/flow-info", { token: data.token });
    expect(info.body.data).toMatchObject({
      verify_type: "EMAIL",
      destination: `d***${email.split("@")[0]?.slice(-1)}@example.com`,
      exp_time: 300,
      is_signup: true,
    });
  });

  it("refuses a missing, forged or reused captcha", async () => {
    const missing = await call("/auth/signup", signUpBody());
    expect(missing.status).toBe(400);
    expect((missing.body.data as Data).fields?.token).toBeTruthy();

    const forged = await call("/auth/signup", signUpBody({ token: Buffer.from("{}").toString("base64") }));
    expect(forged.body.code).toBe(400);
    expect((forged.body.data as Data).error).toBe("CAPTCHA_INVALID");

    const token = await solvedCaptcha();
    expect((await call("/auth/signup", signUpBody({ token }))).body.code).toBe(200);
    const replay = await call("/auth/signup", signUpBody({ token }));
    expect((replay.body.data as Data).error).toBe("CAPTCHA_INVALID");
  });

  it("validates every field with SPEC §5 messages in the person's language", async () => {
    const res = await call(
      "/auth/signup",
      { email: "not-an-email", password: "short", phone: "12345", fullname: "   ", token: "x", lang: "en" },
      {},
    );
    expect(res.status).toBe(400);
    const fields = (res.body.data as Data).fields ?? {};
    expect(fields.email).toBe("Please enter a valid email address");
    expect(fields.password).toBe("Password must be at least 8 characters");
    expect(fields.phone).toBe("Please enter a valid phone number");
    expect(fields.fullname).toBe("Full name is required");
    expect(res.body.message).toContain("Please enter a valid email address");

    // The one rule (lib/password-rule.ts): 8–64 characters, not only spaces, not the email.
    const blank = await call(
      "/auth/signup",
      signUpBody({ password: " ".repeat(10), token: "x", lang: "en" }),
    );
    expect((blank.body.data as Data).fields?.password).toBe("Password can’t be only spaces");
    const long = await call("/auth/signup", signUpBody({ password: "a".repeat(65), token: "x", lang: "en" }));
    expect((long.body.data as Data).fields?.password).toBe("Password must be at most 64 characters");
    const body = signUpBody({ token: "x", lang: "en" });
    const same = await call("/auth/signup", { ...body, password: String(body.email).toUpperCase() });
    expect((same.body.data as Data).fields?.password).toBe(
      "Password can’t be the same as your email address",
    );

    const vi = await call("/auth/signup", { email: "x" }, { cookie: "LANGUAGE=vi" });
    expect((vi.body.data as Data).fields?.email).toBe("Vui lòng nhập địa chỉ email hợp lệ");
  });

  it("answers wrong types, oversize strings and malformed JSON with an envelope, never a 5xx", async () => {
    const types = await call("/auth/signup", { ...signUpBody(), email: 42, password: ["x"], token: {} });
    expect(types.status).toBe(400);
    expect(types.body.code).toBe(400);
    expect(Object.keys((types.body.data as Data).fields ?? {})).toEqual(
      expect.arrayContaining(["email", "password", "token"]),
    );

    const huge = await call("/auth/signup", signUpBody({ fullname: "a".repeat(500), token: "x" }));
    expect((huge.body.data as Data).fields?.fullname).toBeTruthy();

    const tooBig = await call(
      "/auth/signup",
      {},
      { rawBody: JSON.stringify({ fullname: "a".repeat(70_000) }) },
    );
    expect(tooBig.body.code).toBe(413);

    const broken = await call("/auth/signup", {}, { rawBody: "{not json" });
    expect(broken.status).toBe(400);
    expect((broken.body.data as Data).error).toBe("BAD_JSON");

    const array = await call("/auth/signup", {}, { rawBody: "[1,2]" });
    expect((array.body.data as Data).error).toBe("BAD_JSON");
  });

  it("normalises phones: Vietnamese to 0xxxxxxxxx, others with libphonenumber", async () => {
    const vn = await signUp({ phone: "84 987 654 321" });
    expect((vn.response.body.data as Data).phone).toBe("0987654321");
    const th = await signUp({ phone: "081 234 5678", country_code: "th" });
    expect((th.response.body.data as Data).phone).toBe("+66812345678");
    const bad = await call("/auth/signup", signUpBody({ phone: "0212345678", token: "x" }));
    expect((bad.body.data as Data).fields?.phone).toBeTruthy();
  });
});

describe("/auth/verify-account and /auth/resend-otp", () => {
  it("verifies with the right code, signs in and lands on the profile", async () => {
    const { body, response } = await signUp();
    const token = String((response.body.data as Data).token);
    const res = await call("/auth/verify-account", { token, code: lastCode(String(body.email)) });
    expect(res.body.code).toBe(200);
    expect((res.body.data as Data).redirect_url).toBe("/account/profile");
    expect(res.cookie).toMatch(/SSID=/);
    const me = await call("/auth/userinfo", {}, { cookie: res.cookie });
    expect(me.body.code).toBe(200);
    expect((me.body.data as Data).email).toBe(body.email);
    expect((me.body.data as Data).is_verify_email).toBe(true);
    // The flow token is single-use.
    const again = await call("/auth/verify-account", { token, code: lastCode(String(body.email)) });
    expect((again.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
  });

  it("allows five wrong codes at most, then refuses even the right one", async () => {
    const { body, response } = await signUp();
    const token = String((response.body.data as Data).token);
    const right = lastCode(String(body.email));
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      const res = await call("/auth/verify-account", { token, code: wrong, lang: "en" });
      expect((res.body.data as Data).error).toBe("OTP_INVALID");
      expect(res.body.message).toContain(`${5 - i} tr`);
    }
    const fifth = await call("/auth/verify-account", { token, code: wrong });
    expect((fifth.body.data as Data).error).toBe("OTP_TOO_MANY_ATTEMPTS");
    const after = await call("/auth/verify-account", { token, code: right });
    expect((after.body.data as Data).error).toBe("OTP_TOO_MANY_ATTEMPTS");
  });

  it("refuses an expired code", async () => {
    const { body, response } = await signUp();
    const token = String((response.body.data as Data).token);
    const res = await call(
      "/auth/verify-account",
      { token, code: lastCode(String(body.email)) },
      { clock: later(301) },
    );
    expect((res.body.data as Data).error).toBe("OTP_EXPIRED");
  });

  it("refuses a resend within 60 s, then sends a new code that replaces the old one", async () => {
    const { body, response } = await signUp();
    const token = String((response.body.data as Data).token);
    const first = lastCode(String(body.email));
    const early = await call("/auth/resend-otp", { token, lang: "en" });
    expect(early.body.code).toBe(429);
    expect(early.body.message).toMatch(/wait \d+ seconds/);

    const count = outbox().length;
    const ok = await call("/auth/resend-otp", { token }, { clock: later(61) });
    expect(ok.body.code).toBe(200);
    expect((ok.body.data as Data).exp_time).toBe(300);
    expect(outbox().length).toBe(count + 1);
    const second = lastCode(String(body.email));
    if (second !== first) {
      const old = await call("/auth/verify-account", { token, code: first }, { clock: later(62) });
      expect((old.body.data as Data).error).toBe("OTP_INVALID");
    }
    const res = await call("/auth/verify-account", { token, code: second }, { clock: later(62) });
    expect(res.body.code).toBe(200);
  });

  it("validates the code and token fields", async () => {
    const res = await call("/auth/verify-account", { code: "12ab", lang: "en" });
    expect(res.status).toBe(400);
    const fields = (res.body.data as Data).fields ?? {};
    expect(fields.code).toBe("The code has 6 digits");
    expect(fields.token).toBe("Token is required");
  });
});

describe("/auth/signin", () => {
  it("answers the same for a wrong password and an unknown email", async () => {
    const user = await createUser();
    const wrong = await call("/auth/signin", { email: user.email, password: "Wrong#1234", lang: "en" });
    const unknown = await call("/auth/signin", { email: randomEmail(), password: PASSWORD, lang: "en" });
    expect(wrong.body.code).toBe(400);
    expect(wrong.body.message).toBe("Email or password is incorrect");
    // Each answer names its own request; everything else is the same.
    const withoutId = (body: typeof wrong.body) => ({
      ...body,
      data: { ...(body.data as Data), request_id: "" },
    });
    expect(withoutId(unknown.body)).toEqual(withoutId(wrong.body));
  });

  it("validates email and the sign-in password bounds (8–64, length only)", async () => {
    const res = await call("/auth/signin", { email: "", password: "x".repeat(65), lang: "en" });
    const fields = (res.body.data as Data).fields ?? {};
    expect(fields.email).toBe("Email is required");
    expect(fields.password).toBe("Password must be at most 64 characters");
  });

  it("signs in, sets the sealed cookie and lands on the profile or the previous path", async () => {
    const user = await createUser();
    const res = await call("/auth/signin", { email: user.email, password: PASSWORD });
    expect(res.body.code).toBe(200);
    expect((res.body.data as Data).redirect_url).toBe("/account/profile");
    const ssid = res.setCookies.find((c) => c.startsWith("SSID="));
    expect(ssid).toMatch(/HttpOnly/);
    expect(ssid).toMatch(/SameSite=Lax/);
    expect(ssid).toMatch(/Max-Age=604800/);
    expect(ssid).not.toContain(String((res.body.data as Data).token ?? "no-token-here"));

    const back = await call("/auth/signin", {
      email: user.email,
      password: PASSWORD,
      path: "/order?status=PAID",
    });
    expect((back.body.data as Data).redirect_url).toBe("/order?status=PAID");
    const loop = await call("/auth/signin", { email: user.email, password: PASSWORD, path: "/signup" });
    expect((loop.body.data as Data).redirect_url).toBe("/account/profile");
  });

  it("sends an unverified account to /verify-account with a fresh code and no cookie", async () => {
    const user = await createUser({ isVerified: false, isVerifyEmail: false });
    const res = await call("/auth/signin", { email: user.email, password: PASSWORD });
    expect(res.body.code).toBe(200);
    expect(String((res.body.data as Data).redirect_url)).toMatch(/^\/verify-account\?/);
    expect(res.cookie).toBe("");
    expect(lastCode(user.email)).toMatch(/^\d{6}$/);
  });

  it("sends a person without a phone to /complete-reg", async () => {
    const user = await createUser({ phone: null });
    const res = await call("/auth/signin", { email: user.email, password: PASSWORD });
    expect((res.body.data as Data).redirect_url).toBe("/complete-reg");
    expect(res.cookie).toMatch(/SSID=/);
  });

  it("hands an allowed callback its own token and refuses a host outside the allow-list", async () => {
    const user = await createUser();
    const ok = await call("/auth/signin", {
      email: user.email,
      password: PASSWORD,
      callback_url: "https://app.example.com/welcome?x=1",
      app_code: "ls",
      client_id: "c-1",
    });
    const url = new URL(String((ok.body.data as Data).redirect_url));
    expect(url.host).toBe("app.example.com");
    expect(url.searchParams.get("x")).toBe("1");
    expect(url.searchParams.get("login_callback")).toBe("signin");
    expect(url.searchParams.get("client_id")).toBe("c-1");
    const productToken = String(url.searchParams.get("token"));
    const product = await call(
      "/auth/userinfo",
      {},
      { headers: { authorization: productToken, origin: "" } },
    );
    expect(product.body.code).toBe(200);
    expect((product.body.data as Data).email).toBe(user.email);

    // Single sign-out (issue 18): signing the browser out ends the token it handed the product.
    await call("/auth/logout", {}, { cookie: ok.cookie });
    expect((await call("/auth/userinfo", {}, { headers: { authorization: productToken } })).body.code).toBe(
      401,
    );

    for (const bad of [
      "https://evil.example.net/",
      "https://app.example.com.evil.net/",
      "javascript:alert(1)",
      "//evil.net",
    ]) {
      const res = await call("/auth/signin", { email: user.email, password: PASSWORD, callback_url: bad });
      expect((res.body.data as Data).redirect_url).toBe("/account/profile");
      expect(JSON.stringify(res.body)).not.toMatch(/token=/);
    }
    const wildcard = await call("/auth/signin", {
      email: user.email,
      password: PASSWORD,
      callback_url: "https://a.family.example/",
    });
    expect(String((wildcard.body.data as Data).redirect_url)).toMatch(
      /^https:\/\/a\.family\.example\/\?.*token=/,
    );
  });

  it("throttles sign-in per email", async () => {
    const user = await createUser();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await call("/auth/signin", { email: user.email, password: "Wrong#1234" }, { ip: `10.1.0.${i}` })
      ).body.code;
    }
    expect(last).toBe(429);
  });

  it("keeps the owner's usual address open during a brute force from elsewhere, without refilling the attack", async () => {
    const user = await createUser();
    const usual = "10.9.0.1";
    const owner = () => call("/auth/signin", { email: user.email, password: PASSWORD }, { ip: usual });
    const guess = (i: number) =>
      call("/auth/signin", { email: user.email, password: "Wrong#1234" }, { ip: `10.9.1.${i}` });
    expect((await owner()).body.code).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await guess(i)).body.code);
      if (i === 5) expect((await owner()).body.code, "the owner during the attack").toBe(200);
    }
    // Slowed: the account's budget for other addresses runs out after 10 guesses…
    expect(statuses.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // …the owner still signs in from their usual address, and that does not give the attack its points back.
    expect((await owner()).body.code).toBe(200);
    expect((await guess(99)).body.code).toBe(429);
    // An address that never signed in to the account is not the owner's, even with the right password.
    const elsewhere = await call(
      "/auth/signin",
      { email: user.email, password: PASSWORD },
      { ip: "10.9.2.1" },
    );
    expect(elsewhere.body.code).toBe(429);
  });
});

describe("sessions: userinfo, sign-out, 401 and CSRF", () => {
  it("userinfo accepts the cookie, the authorization header or the body token, and 401s otherwise", async () => {
    const user = await createUser();
    const signin = await call("/auth/signin", { email: user.email, password: PASSWORD });
    expect((await call("/auth/userinfo", {}, { cookie: signin.cookie })).body.code).toBe(200);

    const none = await call("/auth/userinfo", {});
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    expect(none.setCookies.some((c) => c.startsWith("SSID=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(none.setCookies.some((c) => c.startsWith("LADI_USER_INFO=;"))).toBe(true);

    const bogus = await call("/auth/userinfo", { token: "nope" });
    expect(bogus.body.code).toBe(401);
  });

  it("sign-out revokes the session in the database, not only the cookie", async () => {
    const user = await createUser();
    const signin = await call("/auth/signin", { email: user.email, password: PASSWORD });
    const out = await call("/auth/logout", {}, { cookie: signin.cookie });
    expect(out.body.code).toBe(200);
    expect((out.body.data as Data).redirect_url).toBe("/signin?logout=1");
    expect(out.setCookies.some((c) => c.startsWith("SSID=;"))).toBe(true);
    // A copy of the old cookie is worthless now.
    expect((await call("/auth/userinfo", {}, { cookie: signin.cookie })).body.code).toBe(401);
  });

  it("refuses a cookie-authenticated call from another origin", async () => {
    const user = await createUser();
    const signin = await call("/auth/signin", { email: user.email, password: PASSWORD });
    const res = await call(
      "/auth/logout",
      {},
      { cookie: signin.cookie, headers: { origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect((res.body.data as Data).error).toBe("FORBIDDEN_ORIGIN");
    expect((await call("/auth/userinfo", {}, { cookie: signin.cookie })).body.code).toBe(200);
  });

  it("answers an unknown path or method with an envelope", async () => {
    const res = await call("/auth/nothing-here", {});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    expect(res.body.message).toContain("/auth/nothing-here");
    const get = await call("/auth/signin", undefined, { method: "GET" });
    expect(get.body.code).toBe(405);
  });
});
