// Sign-up must not tell whether an email (or a verified phone) has an account: the answer to taken
// details is a new sign-up's, its flow never verifies, and the owner hears of it by email.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { sha256 } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { flowTokens, oneTimeCodes } from "@/server/db/tables/flow-tokens";
import { findUserByEmail } from "@/server/user/repository";
import { createUser, PASSWORD, randomEmail, randomPhone } from "@/tests/factories/user";
import { type CallResponse, call, outbox } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

type Data = Record<string, unknown> & { redirect_url?: string; token?: string; error?: string };
type Mail = ReturnType<typeof outbox>[number] & { subject?: string; lang?: string; template?: string };

const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);
const mailsTo = (to: string): Mail[] => outbox().filter((m) => m.to === to);

/** Everything of an answer but its own values: status, code, message, keys, the next step's address. */
function shape(res: CallResponse) {
  const data = res.body.data as Data;
  const next = new URL(String(data.redirect_url), "http://x");
  return {
    status: res.status,
    code: res.body.code,
    message: res.body.message,
    keys: Object.keys(data).sort(),
    pathname: next.pathname,
    params: [...next.searchParams.keys()].sort(),
    tokenShape: String(data.token).replace(/[A-Za-z0-9_-]/g, "x"),
    verify_type: data.verify_type,
    exp_time: data.exp_time,
    cookie: res.cookie,
  };
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("sign-up with an email that already has an account", () => {
  it("answers 200 exactly as a new sign-up, and tells the owner in the owner's language", async () => {
    const owner = await createUser({ language: "en" });
    const fresh = await signUp({ lang: "vi" });
    const taken = await signUp({ email: owner.email.toUpperCase(), lang: "vi" });

    expect(taken.response.status).toBe(200);
    expect((taken.response.body.data as Data).error).toBeUndefined();
    expect(shape(taken.response)).toEqual(shape(fresh.response));
    expect(taken.response.body.data).toMatchObject({
      email: owner.email,
      phone: "0912345678",
      is_require_verify: true,
      is_not_verify: true,
      delivery_delayed: false,
    });

    // The owner gets the notice (no code), in English although the sign-up spoke Vietnamese.
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const notice = mails[0] as Mail;
    expect(notice.channel).toBe("EMAIL");
    expect(notice.template).toBe("signup_attempt");
    expect(notice.lang).toBe("en");
    expect(notice.text).toContain("Someone tried to create an account with your email");
    expect(notice.text).toContain("sign in or reset your password");
    expect(notice.text).toContain("/forgottenpass");
    expect(notice.params.code).toBeUndefined();

    // No second account, and the owner's own is untouched.
    const again = await findUserByEmail(await getDb(), owner.email);
    expect(again?.id).toBe(owner.id);
    expect(again?.passwordHash).toBe(owner.passwordHash);
    expect((await call("/auth/signin", { email: owner.email, password: PASSWORD })).body.code).toBe(200);
  });

  it("gives a flow that /verify-account and /auth/resend-otp treat as a live one whose codes are all wrong", async () => {
    const owner = await createUser();
    const fresh = await signUp();
    const taken = await signUp({ email: owner.email });
    const realToken = String((fresh.response.body.data as Data).token);
    const token = String((taken.response.body.data as Data).token);

    // The page's lookup: same fields, the typed email masked.
    const info = await call("/auth/flow-info", { token });
    const realInfo = await call("/auth/flow-info", { token: realToken });
    expect(info.body.code).toBe(200);
    expect(Object.keys(info.body.data as Data).sort()).toEqual(
      Object.keys(realInfo.body.data as Data).sort(),
    );
    expect(info.body.data).toMatchObject({
      verify_type: "EMAIL",
      destination: `${owner.email[0]}***${owner.email.split("@")[0]?.slice(-1)}@example.com`,
      exp_time: 300,
      is_signup: true,
    });

    // Wrong codes: the same errors, messages and attempt count as a real flow's.
    const realCode = String(mailsTo(String(fresh.body.email)).at(-1)?.params.code);
    const wrong = realCode === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      const real = await call("/auth/verify-account", { token: realToken, code: wrong, lang: "en" });
      const res = await call("/auth/verify-account", { token, code: wrong, lang: "en" });
      expect((res.body.data as Data).error).toBe("OTP_INVALID");
      expect(res.body.message).toBe(real.body.message);
      expect(res.status).toBe(real.status);
    }
    const fifth = await call("/auth/verify-account", { token, code: wrong });
    expect((fifth.body.data as Data).error).toBe("OTP_TOO_MANY_ATTEMPTS");

    // Resend: too early, then a fresh "code" (the owner is told again), with a real resend's answer.
    const early = await call("/auth/resend-otp", { token, lang: "en" });
    const realEarly = await call("/auth/resend-otp", { token: realToken, lang: "en" });
    expect(early.status).toBe(429);
    expect(early.body.message.replace(/\d+/g, "n")).toBe(realEarly.body.message.replace(/\d+/g, "n"));
    const notices = mailsTo(owner.email).length;
    const resent = await call("/auth/resend-otp", { token }, { clock: later(61) });
    const realResent = await call("/auth/resend-otp", { token: realToken }, { clock: later(61) });
    expect(resent.body.code).toBe(200);
    expect(resent.body.message).toBe(realResent.body.message);
    expect(Object.keys(resent.body.data as Data).sort()).toEqual(
      Object.keys(realResent.body.data as Data).sort(),
    );
    expect((resent.body.data as Data).exp_time).toBe(300);
    expect(mailsTo(owner.email)).toHaveLength(notices + 1);
    expect(mailsTo(owner.email).every((m) => m.params.code === undefined)).toBe(true);

    // After a resend the attempts start again, still never right; the code expires like a real one.
    const after = await call("/auth/verify-account", { token, code: wrong }, { clock: later(62) });
    expect((after.body.data as Data).error).toBe("OTP_INVALID");
    const expired = await call("/auth/verify-account", { token, code: wrong }, { clock: later(61 + 301) });
    expect((expired.body.data as Data).error).toBe("OTP_EXPIRED");
  });

  it("never verifies, even with a code whose hash matches the stored one", async () => {
    const owner = await createUser();
    const taken = await signUp({ email: owner.email });
    const token = String((taken.response.body.data as Data).token);
    const db = await getDb();
    const [flow] = await db
      .select()
      .from(flowTokens)
      .where(eq(flowTokens.tokenHash, sha256(token)));
    expect(flow?.userId).toBeNull();
    expect(flow?.purpose).toBe("verify_account");
    // Forge what a real code's row would hold for "123456": the flow has nobody to verify.
    const forged = createHmac("sha256", env().DATA_ENCRYPTION_KEY).update(`${flow?.id}:123456`).digest("hex");
    await db
      .update(oneTimeCodes)
      .set({ codeHash: forged })
      .where(eq(oneTimeCodes.flowTokenId, String(flow?.id)));
    const res = await call("/auth/verify-account", { token, code: "123456" });
    expect((res.body.data as Data).error).toBe("OTP_INVALID");
    expect(res.cookie).toBe("");
    const [after] = await db
      .select()
      .from(flowTokens)
      .where(eq(flowTokens.id, String(flow?.id)));
    expect(after?.usedAt).toBeNull();
  });

  it("answers a dead token's lookup with FLOW_TOKEN_INVALID (the page's expired state)", async () => {
    const res = await call("/auth/flow-info", { token: "no-such-token" });
    expect(res.status).toBe(400);
    expect((res.body.data as Data).error).toBe("FLOW_TOKEN_INVALID");
  });
});

describe("sign-up with a phone another account has verified", () => {
  it("answers as a new sign-up, creates nothing, and emails the phone's owner", async () => {
    const phone = randomPhone();
    const owner = await createUser({ phone, isVerifyPhone: true, language: "th" });
    const fresh = await signUp({ phone: randomPhone() });
    const email = randomEmail();
    const taken = await signUp({ email, phone });

    expect(taken.response.status).toBe(200);
    expect(shape(taken.response)).toEqual(shape(fresh.response));
    expect(taken.response.body.data).toMatchObject({ email, phone });
    // No code to the typed email (it would tell its holder that the phone has an account)…
    expect(mailsTo(email)).toHaveLength(0);
    // …and no account for it: signing in with it fails as for any unknown email.
    expect(await findUserByEmail(await getDb(), email)).toBeUndefined();
    // The phone's owner is told, in Thai, with the phone masked.
    const notice = mailsTo(owner.email).at(-1) as Mail;
    expect(notice.template).toBe("signup_attempt");
    expect(notice.lang).toBe("th");
    expect(notice.text).toContain(`*******${phone.slice(-3)}`);
    expect(notice.text).not.toContain(phone);

    // Its flow never verifies either.
    const token = String((taken.response.body.data as Data).token);
    const res = await call("/auth/verify-account", { token, code: "000000" });
    expect((res.body.data as Data).error).toBe("OTP_INVALID");
  });

  it("with SMS codes, answers as a new SMS sign-up and sends no SMS", async () => {
    const phone = randomPhone();
    const owner = await createUser({ phone, isVerifyPhone: true });
    const fresh = await signUp({ phone: randomPhone(), verify_type: "SMS" });
    const taken = await signUp({ phone, verify_type: "SMS" });
    expect(shape(taken.response)).toEqual(shape(fresh.response));
    expect(mailsTo(phone)).toHaveLength(0);
    expect(mailsTo(owner.email).at(-1)?.template).toBe("signup_attempt");
    const info = await call("/auth/flow-info", { token: (taken.response.body.data as Data).token });
    expect(info.body.data).toMatchObject({ verify_type: "SMS", destination: `*******${phone.slice(-3)}` });
  });

  it("does not let a phone someone only typed (never verified) block a sign-up", async () => {
    const phone = randomPhone();
    await createUser({ phone, isVerifyPhone: false });
    const { body, response } = await signUp({ phone });
    const token = String((response.body.data as Data).token);
    const code = String(mailsTo(String(body.email)).at(-1)?.params.code);
    expect(code).toMatch(/^\d{6}$/);
    const res = await call("/auth/verify-account", { token, code });
    expect(res.body.code).toBe(200);
  });
});
