import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { createUser, PASSWORD, randomEmail } from "@/tests/factories/user";
import { call, ORIGIN, outbox } from "@/tests/setup/api";

type Data = Record<string, unknown> & {
  redirect_url?: string;
  error?: string;
  fields?: Record<string, string>;
};
type Mail = ReturnType<typeof outbox>[number] & { subject?: string; lang?: string; template?: string };

const NEW_PASSWORD = "Fresh kettle parade 2024";
const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);
const mailsTo = (to: string): Mail[] => outbox().filter((m) => m.to === to) as Mail[];

/** Asks for a reset link for `email` and returns the token the mail carries. */
async function requestResetToken(email: string, ip = "10.2.0.1"): Promise<string> {
  const before = mailsTo(email).length;
  const res = await call("/user/forgotten-pass", { email }, { ip });
  expect(res.body.code).toBe(200);
  const mails = mailsTo(email);
  expect(mails.length).toBe(before + 1);
  const link = new URL(String(mails.at(-1)?.params.link));
  const token = link.searchParams.get("token");
  expect(token).toBeTruthy();
  return String(token);
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("/user/forgotten-pass", () => {
  it("answers exactly the same for a known and an unknown email", async () => {
    const user = await createUser();
    const known = await call("/user/forgotten-pass", { email: user.email, lang: "en" });
    const unknownEmail = randomEmail();
    const unknown = await call("/user/forgotten-pass", { email: unknownEmail, lang: "en" });

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.code).toBe(200);
    expect(unknown.body.code).toBe(known.body.code);
    expect(known.body.message).toBe(en.auth.forgot.sent);
    expect(unknown.body.message).toBe(known.body.message);
    expect(Object.keys(known.body.data ?? {}).sort()).toEqual(Object.keys(unknown.body.data ?? {}).sort());
    expect((known.body.data as Data).email).toBe(user.email);
    expect((unknown.body.data as Data).email).toBe(unknownEmail);
    expect(known.setCookies).toEqual(unknown.setCookies);
    // Only the real account gets a mail.
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mailsTo(unknownEmail)).toHaveLength(0);
  });

  it("mails a reset link to the portal's /resetpass page", async () => {
    const user = await createUser();
    const res = await call("/user/forgotten-pass", { email: user.email.toUpperCase() });
    expect(res.body.code).toBe(200);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as Mail;
    expect(mail.channel).toBe("EMAIL");
    expect(mail.params.link).toMatch(
      new RegExp(`^${ORIGIN.replace(/\./g, "\\.")}/resetpass\\?token=[^&\\s]+$`),
    );
    expect(mail.text).toContain(mail.params.link);
  });

  it("writes the mail in the person's language, not the request's", async () => {
    const english = await createUser({ language: "en" });
    const vietnamese = await createUser({ language: "vi" });
    // The request language is the opposite of each person's language.
    await call("/user/forgotten-pass", { email: english.email }, { cookie: "LANGUAGE=vi" });
    await call("/user/forgotten-pass", { email: vietnamese.email, lang: "en" });

    const enMail = mailsTo(english.email).at(-1) as Mail;
    const viMail = mailsTo(vietnamese.email).at(-1) as Mail;
    expect(enMail.subject).toBe(en.notify.reset.subject);
    expect(viMail.subject).toBe(vi.notify.reset.subject);
    expect(enMail.subject).not.toBe(viMail.subject);
    expect(enMail.text).toContain("Open this link to choose a new password");
    expect(enMail.text).toContain("30 minutes");
    expect(viMail.text).toContain("Mở liên kết sau để đặt mật khẩu mới");
    expect(viMail.text).toContain("30 phút");
    expect(enMail.text).not.toBe(viMail.text);
  });

  it("answers the same for a known and an unknown email even when the mail server is down", async () => {
    // A port with nothing listening: the SMTP connection is refused at once.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetEnvForTests();
    try {
      const user = await createUser();
      const known = await call("/user/forgotten-pass", { email: user.email, lang: "en" }, { ip: "10.6.0.1" });
      const unknown = await call(
        "/user/forgotten-pass",
        { email: randomEmail(), lang: "en" },
        { ip: "10.6.0.2" },
      );
      expect(unknown.body.code).toBe(200);
      // Otherwise the answer tells whoever asks which emails have an account.
      expect(known.status).toBe(unknown.status);
      expect(known.body.code).toBe(unknown.body.code);
      expect(known.body.message).toBe(unknown.body.message);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvForTests();
    }
  });

  it("sends nothing to a locked account but answers the same", async () => {
    const locked = await createUser({ status: "LOCKED" });
    const res = await call("/user/forgotten-pass", { email: locked.email });
    expect(res.body.code).toBe(200);
    expect((res.body.data as Data).email).toBe(locked.email);
    expect(mailsTo(locked.email)).toHaveLength(0);
  });

  it("validates the email", async () => {
    const res = await call("/user/forgotten-pass", { email: "nope", lang: "en" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect((res.body.data as Data).fields?.email).toBe("Please enter a valid email address");
    const missing = await call("/user/forgotten-pass", { lang: "en" });
    expect((missing.body.data as Data).fields?.email).toBe("Email is required");
  });

  it("throttles to 3 requests per hour per email, whatever the address", async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i++) {
      const ok = await call("/user/forgotten-pass", { email: user.email }, { ip: `10.3.0.${i}` });
      expect(ok.body.code).toBe(200);
    }
    const fourth = await call("/user/forgotten-pass", { email: user.email, lang: "en" }, { ip: "10.3.0.99" });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe(429);
    expect((fourth.body.data as Data).error).toBe("RATE_LIMITED");
    expect(fourth.body.message).toMatch(/try again in \d+ seconds/);
    // The same budget counts an unknown email too (the answer must not tell them apart).
    const stranger = randomEmail();
    for (let i = 0; i < 3; i++) {
      await call("/user/forgotten-pass", { email: stranger }, { ip: `10.4.0.${i}` });
    }
    expect((await call("/user/forgotten-pass", { email: stranger }, { ip: "10.4.0.99" })).body.code).toBe(
      429,
    );
    expect(mailsTo(user.email)).toHaveLength(3);
    // Another email from a fresh address is still served.
    const other = await createUser();
    expect((await call("/user/forgotten-pass", { email: other.email }, { ip: "10.3.0.98" })).body.code).toBe(
      200,
    );
  });

  it("throttles to 10 requests per hour per IP, whatever the email", async () => {
    for (let i = 0; i < 10; i++) {
      const ok = await call("/user/forgotten-pass", { email: randomEmail() }, { ip: "10.5.0.1" });
      expect(ok.body.code).toBe(200);
    }
    const user = await createUser();
    const eleventh = await call("/user/forgotten-pass", { email: user.email }, { ip: "10.5.0.1" });
    expect(eleventh.body.code).toBe(429);
    expect((eleventh.body.data as Data).error).toBe("RATE_LIMITED");
    expect(mailsTo(user.email)).toHaveLength(0);
    // Another address is not affected.
    const elsewhere = await call("/user/forgotten-pass", { email: user.email }, { ip: "10.5.0.2" });
    expect(elsewhere.body.code).toBe(200);
    expect(mailsTo(user.email)).toHaveLength(1);
  });
});

describe("/user/reset-password", () => {
  it("sets the new password: the new one signs in, the old one no longer does", async () => {
    const user = await createUser();
    const token = await requestResetToken(user.email);
    const res = await call("/user/reset-password", {
      token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
      lang: "en",
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe(en.auth.reset.done);
    expect((res.body.data as Data).redirect_url).toBe("/signin");
    expect(res.setCookies.some((c) => c.startsWith("SSID=;") && c.includes("Max-Age=0"))).toBe(true);

    const old = await call("/auth/signin", { email: user.email, password: PASSWORD });
    expect(old.body.code).toBe(400);
    expect((old.body.data as Data).error).toBe("AUTH_INVALID_CREDENTIALS");
    const fresh = await call("/auth/signin", { email: user.email, password: NEW_PASSWORD });
    expect(fresh.body.code).toBe(200);
    expect((fresh.body.data as Data).redirect_url).toBe("/account/profile");
  });

  it("accepts a sibling product's call without confirm_password", async () => {
    const user = await createUser();
    const token = await requestResetToken(user.email);
    const res = await call("/user/reset-password", { token, password: NEW_PASSWORD });
    expect(res.body.code).toBe(200);
    expect((await call("/auth/signin", { email: user.email, password: NEW_PASSWORD })).body.code).toBe(200);
  });

  it("refuses a confirmation that does not match, in the request's language, and keeps the link", async () => {
    const user = await createUser();
    const token = await requestResetToken(user.email);
    const english = await call("/user/reset-password", {
      token,
      password: NEW_PASSWORD,
      confirm_password: "Other kettle parade 2024",
      lang: "en",
    });
    expect(english.status).toBe(400);
    expect(english.body.code).toBe(400);
    expect((english.body.data as Data).fields?.confirm_password).toBe(
      en.RESET_PASSWORD.ERROR_PASSWORD_MISSMATCH,
    );

    const vietnamese = await call(
      "/user/reset-password",
      { token, password: NEW_PASSWORD, confirm_password: "Other kettle parade 2024" },
      { cookie: "LANGUAGE=vi" },
    );
    expect((vietnamese.body.data as Data).fields?.confirm_password).toBe(
      vi.RESET_PASSWORD.ERROR_PASSWORD_MISSMATCH,
    );

    // A refused form does not spend the link, and the password is unchanged.
    expect((await call("/auth/signin", { email: user.email, password: PASSWORD })).body.code).toBe(200);
    const ok = await call("/user/reset-password", {
      token,
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(ok.body.code).toBe(200);
  });

  it("validates the password: the one rule, 8–64 characters and not only spaces", async () => {
    const user = await createUser();
    const token = await requestResetToken(user.email);
    const cases: [string, RegExp][] = [
      ["Ab@1", /at least 8/],
      ["lantern otter pickle thunder violet kettle marches under 9 moons", /./], // 64 characters, strong: allowed
      ["a".repeat(65), /at most 64/],
      [" ".repeat(12), /only spaces/],
    ];
    for (const [password, message] of cases) {
      const res = await call("/user/reset-password", { token: "not-a-real-token", password, lang: "en" });
      if (password.length === 64) {
        // Valid password: the refusal is about the token, not the password.
        expect(res.body.code).toBe(400);
        expect((res.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
        continue;
      }
      expect(res.status, password).toBe(400);
      expect((res.body.data as Data).error, password).toBe("VALIDATION");
      expect((res.body.data as Data).fields?.password, password).toMatch(message);
    }
    const missing = await call("/user/reset-password", { lang: "en" });
    const fields = (missing.body.data as Data).fields ?? {};
    expect(fields.token).toBe("Token is required");
    expect(fields.password).toBeTruthy();
    // The link still works after all of those.
    expect((await call("/user/reset-password", { token, password: NEW_PASSWORD })).body.code).toBe(200);
  });

  it("uses a link once", async () => {
    const user = await createUser();
    const token = await requestResetToken(user.email);
    expect((await call("/user/reset-password", { token, password: NEW_PASSWORD })).body.code).toBe(200);
    const again = await call("/user/reset-password", { token, password: "Second kettle parade 2024" });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(400);
    expect((again.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
    // The second attempt changed nothing.
    expect((await call("/auth/signin", { email: user.email, password: NEW_PASSWORD })).body.code).toBe(200);
    expect(
      (await call("/auth/signin", { email: user.email, password: "Second kettle parade 2024" })).body.code,
    ).toBe(400);
  });

  it("voids the person's older reset links once one is used", async () => {
    const user = await createUser();
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    expect(older).not.toBe(newer);
    expect((await call("/user/reset-password", { token: newer, password: NEW_PASSWORD })).body.code).toBe(
      200,
    );
    const stale = await call("/user/reset-password", { token: older, password: "Second kettle parade 2024" });
    expect(stale.body.code).toBe(400);
    expect((stale.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
    expect((await call("/auth/signin", { email: user.email, password: NEW_PASSWORD })).body.code).toBe(200);
  });

  it("does not touch another person's reset link", async () => {
    const a = await createUser();
    const b = await createUser();
    const tokenA = await requestResetToken(a.email);
    const tokenB = await requestResetToken(b.email);
    expect((await call("/user/reset-password", { token: tokenA, password: NEW_PASSWORD })).body.code).toBe(
      200,
    );
    expect((await call("/user/reset-password", { token: tokenB, password: NEW_PASSWORD })).body.code).toBe(
      200,
    );
    expect((await call("/auth/signin", { email: b.email, password: NEW_PASSWORD })).body.code).toBe(200);
  });

  it("refuses a link older than 30 minutes", async () => {
    const user = await createUser();
    const token = await requestResetToken(user.email);
    const expired = await call(
      "/user/reset-password",
      { token, password: NEW_PASSWORD },
      { clock: later(31 * 60) },
    );
    expect(expired.status).toBe(400);
    expect((expired.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
    expect((await call("/auth/signin", { email: user.email, password: PASSWORD })).body.code).toBe(200);

    // Just under 30 minutes the link still works.
    const fresh = await requestResetToken(user.email);
    const ok = await call(
      "/user/reset-password",
      { token: fresh, password: NEW_PASSWORD },
      { clock: later(29 * 60) },
    );
    expect(ok.body.code).toBe(200);
  });

  it("refuses a garbage token and a token of another purpose", async () => {
    const garbage = await call("/user/reset-password", { token: "garbage", password: NEW_PASSWORD });
    expect(garbage.body.code).toBe(400);
    expect((garbage.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");

    // A sign-in verification flow token is not a reset link.
    const user = await createUser({ isVerified: false, isVerifyEmail: false });
    const signin = await call("/auth/signin", { email: user.email, password: PASSWORD });
    const flowToken = String((signin.body.data as Data & { token?: string }).token);
    expect(flowToken).toBeTruthy();
    const wrong = await call("/user/reset-password", { token: flowToken, password: NEW_PASSWORD });
    expect((wrong.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
    expect((await call("/auth/signin", { email: user.email, password: NEW_PASSWORD })).body.code).toBe(400);
  });

  it("signs every session out: the browser cookie and the products' tokens", async () => {
    const user = await createUser();
    const browser = await call("/auth/signin", { email: user.email, password: PASSWORD });
    expect(browser.cookie).toMatch(/SSID=/);
    const product = await call("/auth/signin", {
      email: user.email,
      password: PASSWORD,
      callback_url: "https://app.example.com/welcome",
      app_code: "ls",
    });
    const productToken = String(
      new URL(String((product.body.data as Data).redirect_url)).searchParams.get("token"),
    );
    expect(productToken).toBeTruthy();
    // Both work (and are now in the session cache) before the reset.
    expect((await call("/auth/userinfo", {}, { cookie: browser.cookie })).body.code).toBe(200);
    expect(
      (await call("/auth/userinfo", {}, { headers: { authorization: productToken, origin: "" } })).body.code,
    ).toBe(200);

    const token = await requestResetToken(user.email);
    expect((await call("/user/reset-password", { token, password: NEW_PASSWORD })).body.code).toBe(200);

    const me = await call("/auth/userinfo", {}, { cookie: browser.cookie });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe(401);
    const productMe = await call(
      "/auth/userinfo",
      {},
      { headers: { authorization: productToken, origin: "" } },
    );
    expect(productMe.status).toBe(401);
    expect(productMe.body.code).toBe(401);
    const bodyToken = await call("/auth/userinfo", { token: productToken });
    expect(bodyToken.body.code).toBe(401);
  });
});
