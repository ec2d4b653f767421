import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, ORIGIN, outbox } from "@/tests/setup/api";
import { withEnv } from "@/tests/support/env";

type Data = Record<string, unknown> & {
  redirect_url?: string;
  error?: string;
  is_sent_mail?: string | null;
  is_verify_email?: boolean;
};
type Mail = ReturnType<typeof outbox>[number] & { subject?: string };

const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);
// Only the verification mails: a sign-in from a new browser also mails a warning.
const mailsTo = (to: string): Mail[] =>
  outbox().filter((m) => m.to === to && (m as { template?: string }).template === "verify_email") as Mail[];

/** A verified account (it can sign in) whose email is not verified yet, and its session cookie. */
async function signedInUnverified(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser({ isVerifyEmail: false, ...overrides });
  const signin = await call("/auth/signin", { email: user.email, password: PASSWORD });
  expect(signin.body.code).toBe(200);
  expect(signin.cookie).toMatch(/SSID=/);
  return { user, cookie: signin.cookie };
}

function tokenOf(mail: Mail | undefined): string {
  const link = new URL(String(mail?.params.link));
  expect(link.pathname).toBe("/verify-email");
  return String(link.searchParams.get("token"));
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("/user/send-verify-mail", () => {
  it("mails a verification link and records when it was sent (is_sent_mail)", async () => {
    const { user, cookie } = await signedInUnverified();
    const before = await call("/auth/userinfo", {}, { cookie });
    expect((before.body.data as Data).is_sent_mail).toBeNull();
    expect((before.body.data as Data).is_verify_email).toBe(false);

    const res = await call("/user/send-verify-mail", { lang: "en" }, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe(en.account.verifyEmail.sent);
    const sentAt = String((res.body.data as Data).is_sent_mail);
    expect(Number.isNaN(Date.parse(sentAt))).toBe(false);

    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as Mail;
    expect(mail.channel).toBe("EMAIL");
    expect(String(mail.params.link).startsWith(`${ORIGIN}/verify-email?token=`)).toBe(true);
    expect(tokenOf(mail).length).toBeGreaterThan(10);
    expect(mail.text).toContain(mail.params.link);

    const after = await call("/auth/userinfo", {}, { cookie });
    expect((after.body.data as Data).is_sent_mail).toBe(sentAt);
    expect((after.body.data as Data).is_verify_email).toBe(false);
  });

  it("writes the mail in the person's language", async () => {
    const english = await signedInUnverified({ language: "en" });
    const vietnamese = await signedInUnverified({ language: "vi" });
    await call("/user/send-verify-mail", {}, { cookie: `${english.cookie}; LANGUAGE=vi` });
    await call("/user/send-verify-mail", { lang: "en" }, { cookie: vietnamese.cookie });
    const enMail = mailsTo(english.user.email).at(-1);
    const viMail = mailsTo(vietnamese.user.email).at(-1);
    expect(enMail?.subject).toBe(en.notify.verifyEmail.subject);
    expect(viMail?.subject).toBe(vi.notify.verifyEmail.subject);
    expect(enMail?.text).toContain("Open this link to verify your email address");
    expect(viMail?.text).toContain("Mở liên kết sau để xác thực địa chỉ email");
  });

  it("refuses another mail within 5 minutes, then allows it", async () => {
    const { user, cookie } = await signedInUnverified();
    expect((await call("/user/send-verify-mail", {}, { cookie })).body.code).toBe(200);

    const early = await call("/user/send-verify-mail", { lang: "en" }, { cookie });
    expect(early.status).toBe(429);
    expect(early.body.code).toBe(429);
    expect((early.body.data as Data).error).toBe("VERIFY_MAIL_TOO_EARLY");
    expect(early.body.message).toMatch(/try again in 5 minutes/);
    const stillEarly = await call("/user/send-verify-mail", {}, { cookie, clock: later(4 * 60) });
    expect((stillEarly.body.data as Data).error).toBe("VERIFY_MAIL_TOO_EARLY");
    expect(mailsTo(user.email)).toHaveLength(1);

    const ok = await call("/user/send-verify-mail", {}, { cookie, clock: later(5 * 60 + 1) });
    expect(ok.body.code).toBe(200);
    expect(mailsTo(user.email)).toHaveLength(2);
    expect(tokenOf(mailsTo(user.email)[1])).not.toBe(tokenOf(mailsTo(user.email)[0]));
  });

  it("refuses an already verified email with 409", async () => {
    const user = await createUser({ isVerifyEmail: true });
    const signin = await call("/auth/signin", { email: user.email, password: PASSWORD });
    const res = await call("/user/send-verify-mail", { lang: "en" }, { cookie: signin.cookie });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(409);
    expect((res.body.data as Data).error).toBe("EMAIL_ALREADY_VERIFIED");
    expect(res.body.message).toBe(en.errors.EMAIL_ALREADY_VERIFIED);
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it("needs a session", async () => {
    const res = await call("/user/send-verify-mail", {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
    expect((res.body.data as Data).error).toBe("UNAUTHORIZED");

    const { cookie } = await signedInUnverified();
    await call("/auth/logout", {}, { cookie });
    expect((await call("/user/send-verify-mail", {}, { cookie })).body.code).toBe(401);
  });
});

describe("/user/verify-email", () => {
  it("verifies the email and lands on the profile when no builder is configured", async () => {
    const { user, cookie } = await signedInUnverified();
    await call("/user/send-verify-mail", {}, { cookie });
    const token = tokenOf(mailsTo(user.email).at(-1));

    // The link may be opened in a browser without the session.
    const res = await call("/user/verify-email", { token, lang: "en" });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe(en.auth.verifyEmail.success);
    expect((res.body.data as Data).redirect_url).toBe("/account/profile");
    expect((res.body.data as Data).email).toBe(user.email);

    const me = await call("/auth/userinfo", {}, { cookie });
    expect(me.body.code).toBe(200);
    expect((me.body.data as Data).is_verify_email).toBe(true);

    // Now verified: no more mails.
    const again = await call("/user/send-verify-mail", {}, { cookie, clock: later(6 * 60) });
    expect((again.body.data as Data).error).toBe("EMAIL_ALREADY_VERIFIED");
  });

  it("uses a link once", async () => {
    const { user, cookie } = await signedInUnverified();
    await call("/user/send-verify-mail", {}, { cookie });
    const token = tokenOf(mailsTo(user.email).at(-1));
    expect((await call("/user/verify-email", { token })).body.code).toBe(200);
    const reuse = await call("/user/verify-email", { token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe(400);
    expect((reuse.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
  });

  it("refuses a garbage, missing or expired token and leaves the email unverified", async () => {
    const garbage = await call("/user/verify-email", { token: "definitely-not-a-token" });
    expect(garbage.status).toBe(400);
    expect((garbage.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");

    const missing = await call("/user/verify-email", { lang: "en" });
    expect(missing.status).toBe(400);
    expect((missing.body.data as Data & { fields?: Record<string, string> }).fields?.token).toBe(
      "Token is required",
    );

    const { user, cookie } = await signedInUnverified();
    await call("/user/send-verify-mail", {}, { cookie });
    const token = tokenOf(mailsTo(user.email).at(-1));
    const expired = await call("/user/verify-email", { token }, { clock: later(24 * 60 * 60 + 60) });
    expect(expired.body.code).toBe(400);
    expect((expired.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
    expect(((await call("/auth/userinfo", {}, { cookie })).body.data as Data).is_verify_email).toBe(false);
  });

  it("does not accept a password-reset link as a verification link", async () => {
    const { user, cookie } = await signedInUnverified();
    await call("/user/forgotten-pass", { email: user.email });
    const resetMail = outbox().filter(
      (m) => m.to === user.email && (m as { template?: string }).template === "reset_password",
    );
    const resetLink = new URL(String(resetMail.at(-1)?.params.link));
    expect(resetLink.pathname).toBe("/resetpass");
    const res = await call("/user/verify-email", { token: String(resetLink.searchParams.get("token")) });
    expect((res.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
    expect(((await call("/auth/userinfo", {}, { cookie })).body.data as Data).is_verify_email).toBe(false);
  });

  it("sends the person to the builder's home when APPS_CONFIG names one (lp)", async () => {
    const { user, cookie } = await signedInUnverified();
    await call("/user/send-verify-mail", {}, { cookie });
    const token = tokenOf(mailsTo(user.email).at(-1));
    const builder = { lp: { name: "Builder", home: "https://builder.example.com/home" } };
    await withEnv({ APPS_CONFIG: JSON.stringify(builder) }, async () => {
      const res = await call("/user/verify-email", { token });
      expect(res.body.code).toBe(200);
      expect((res.body.data as Data).redirect_url).toBe("https://builder.example.com/home");
    });
  });
});
