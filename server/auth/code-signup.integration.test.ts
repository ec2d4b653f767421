// Sign-up by code (issue 40): "no account yet?" on the code step of a sign-in by code opens an
// account for the email or phone the sign-in started with — a name and the other identifier, no
// password — proved by a code at /verify-account. Offered to everyone, so it tells nothing: an
// email or phone with an account is answered as a new one, and its owner is told.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { users } from "@/server/db/tables/users";
import { findUserByEmail } from "@/server/user/repository";
import { solvedCaptcha } from "@/tests/factories/captcha";
import { createUser, PASSWORD, randomEmail, randomPhone } from "@/tests/factories/user";
import { type CallOptions, type CallResponse, call, outbox } from "@/tests/setup/api";
import { withEnv } from "@/tests/support/env";

type Data = Record<string, unknown> & {
  token?: string;
  error?: string;
  redirect_url?: string;
  fields?: Record<string, string>;
};

let ipCounter = 0;
/** A fresh address per start: the captcha-free code sign-in is one per address an hour. */
const freshIp = () => `10.19.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
type Message = ReturnType<typeof outbox>[number] & { template?: string };
const messagesTo = (to: string): Message[] => outbox().filter((m) => m.to === to);

function start(identifier: string, options: CallOptions = {}) {
  return call<Data>("/auth/code-signin", { identifier, lang: "en" }, { ip: freshIp(), ...options });
}

async function signUpByCode(
  started: CallResponse<Data>,
  body: Record<string, unknown>,
  options: CallOptions = {},
): Promise<CallResponse<Data>> {
  return call<Data>(
    "/auth/code-signup",
    {
      token: started.body.data.token,
      fullname: "Lan Nguyen",
      captcha: await solvedCaptcha(),
      lang: "en",
      ...body,
    },
    { cookie: started.cookie, ...options },
  );
}

function verifyAccount(step: CallResponse<Data>, code: string) {
  return call<Data>("/auth/verify-account", { token: step.body.data.token, code, lang: "en" });
}

/** Everything of a sign-up answer but its own values. */
function shape(res: CallResponse<Data>) {
  const data = res.body.data;
  const next = new URL(String(data.redirect_url), "http://x");
  return {
    status: res.status,
    code: res.body.code,
    keys: Object.keys(data).sort(),
    pathname: next.pathname,
    params: [...next.searchParams.keys()].sort(),
    verify_type: data.verify_type,
    exp_time: data.exp_time,
  };
}

beforeEach(() => {
  resetLimitsForTests();
});

describe("sign-up by code with an email", () => {
  it("opens an account with no password: the phone is asked, the email proved by its code", async () => {
    const email = randomEmail();
    const phone = randomPhone();
    const started = await start(email);
    expect(started.status).toBe(200);
    // The sign-in by code sent nothing: the email has no account.
    expect(messagesTo(email)).toHaveLength(0);

    const step = await signUpByCode(started, { phone, country_code: "vn", app_code: "ls" });
    expect(step.status).toBe(200);
    expect(step.body.data).toMatchObject({ verify_type: "EMAIL", is_not_verify: true });
    expect(new URL(String(step.body.data.redirect_url), "http://x").pathname).toBe("/verify-account");
    const account = await findUserByEmail(await getDb(), email);
    expect(account).toMatchObject({ fullname: "Lan Nguyen", phone, passwordHash: null, isVerified: false });
    expect(account?.signupAppCode).toBe("ls");

    const code = String(messagesTo(email).at(-1)?.params.code);
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await verifyAccount(step, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookie).toMatch(/SSID=/);
    const me = await call<Data>("/auth/userinfo", {}, { cookie: signedIn.cookie });
    expect(me.body.data).toMatchObject({ email, phone });
    const proved = await findUserByEmail(await getDb(), email);
    expect(proved).toMatchObject({ isVerified: true, isVerifyEmail: true, isVerifyPhone: false });
    // No password was set, so none signs in; a code does, and the profile offers to set one.
    const withPassword = await call<Data>("/auth/signin", { email, password: PASSWORD });
    expect(withPassword.body.data.error).toBe("AUTH_INVALID_CREDENTIALS");
  });

  it("asks for the phone when the email is what the code went to", async () => {
    const started = await start(randomEmail());
    const res = await signUpByCode(started, {});
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.phone).toBeTruthy();
  });
});

describe("sign-up by code with a phone", () => {
  it("opens an account whose phone is proved by its code, in the phone's own country", async () => {
    const email = randomEmail();
    const phone = "+66812345678";
    const started = await start("+66 81 234 5678");
    expect(started.status).toBe(200);
    expect(messagesTo(phone)).toHaveLength(0);

    const step = await signUpByCode(started, { email });
    expect(step.status).toBe(200);
    expect(step.body.data.verify_type).toBe("ZNS");
    const account = await findUserByEmail(await getDb(), email);
    expect(account).toMatchObject({ phone, countryCode: "th", verifyType: "ZNS", passwordHash: null });

    const code = String(messagesTo(phone).at(-1)?.params.code);
    const signedIn = await verifyAccount(step, code);
    expect(signedIn.status).toBe(200);
    expect(await findUserByEmail(await getDb(), email)).toMatchObject({
      isVerified: true,
      isVerifyPhone: true,
    });
  });

  it("asks for the email when the phone is what the code went to", async () => {
    const started = await start(randomPhone());
    const res = await signUpByCode(started, {});
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.email).toBeTruthy();
  });
});

describe("no enumeration", () => {
  it("answers an email that has an account as a new one: no second account, the owner is told", async () => {
    const owner = await createUser({ language: "en" });
    const fresh = await signUpByCode(await start(randomEmail()), { phone: randomPhone() });
    const startedTaken = await start(owner.email);
    const taken = await signUpByCode(startedTaken, { phone: randomPhone() });
    expect(shape(taken)).toEqual(shape(fresh));

    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    expect((await findUserByEmail(db, owner.email))?.fullname).toBe(owner.fullname);
    const notice = messagesTo(owner.email).find((m) => m.template === "signup_attempt");
    expect(notice?.text).toContain("Someone tried to create an account with your email");
    // The decoy's codes never match, not even the sign-in code the owner was sent.
    const signInCode = String(messagesTo(owner.email).find((m) => m.params.code)?.params.code);
    expect((await verifyAccount(taken, signInCode)).body.data.error).toBe("OTP_INVALID");
  });

  it("answers a phone that has an account as a new one", async () => {
    const phone = randomPhone();
    const owner = await createUser({ phone, isVerifyPhone: true });
    const fresh = await signUpByCode(await start(randomPhone()), { email: randomEmail() });
    const email = randomEmail();
    const taken = await signUpByCode(await start(phone), { email });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(await findUserByEmail(await getDb(), email)).toBeUndefined();
    expect(messagesTo(owner.email).some((m) => m.template === "signup_attempt")).toBe(true);
  });
});

describe("the flow it takes", () => {
  it("is refused from another browser, and opens one account only", async () => {
    const started = await start(randomEmail());
    const elsewhere = await signUpByCode(started, { phone: randomPhone() }, { cookie: "" });
    expect(elsewhere.body.data.error).toBe("FLOW_TOKEN_INVALID");

    const first = await signUpByCode(started, { phone: randomPhone() });
    expect(first.status).toBe(200);
    const second = await signUpByCode(started, { phone: randomPhone() });
    expect(second.body.data.error).toBe("FLOW_TOKEN_INVALID");
  });

  it("wants a solved captcha", async () => {
    const started = await start(randomEmail());
    const res = await signUpByCode(started, { phone: randomPhone(), captcha: "" });
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.captcha).toBeTruthy();
    const forged = await signUpByCode(started, { phone: randomPhone(), captcha: "bm90IGEgc29sdXRpb24=" });
    expect(forged.body.data.error).toBe("CAPTCHA_INVALID");
  });

  it("is closed when registration or sign-in by code is off", async () => {
    const started = await start(randomEmail());
    await withEnv({ REGISTRATION_ENABLED: "false" }, async () => {
      const res = await signUpByCode(started, { phone: randomPhone() });
      expect(res.body.data.error).toBe("REGISTRATION_DISABLED");
    });
    await withEnv({ PASSWORDLESS_ENABLED: "false" }, async () => {
      const res = await signUpByCode(started, { phone: randomPhone() });
      expect(res.body.data.error).toBe("PASSWORDLESS_DISABLED");
    });
  });
});
