// Sign in with a one-time code (issue 40): the rules of the verification module (5 minutes, 5 tries,
// 60 s resend, single use, hashed), budgets, the browser binding, and no enumeration: an email or
// phone without an account is answered alike (shape and time), and nothing is sent to it.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { CODE_SIGNIN_BINDING_COOKIE } from "@/server/auth/code-signin";
import { getDb } from "@/server/db/client";
import { flowTokens, oneTimeCodes } from "@/server/db/tables/flow-tokens";
import { listOutbox } from "@/server/notify/outbox";
import { solvedCaptcha } from "@/tests/factories/captcha";
import { createUser, PASSWORD, randomEmail, randomPhone } from "@/tests/factories/user";
import { type CallOptions, type CallResponse, call, outbox } from "@/tests/setup/api";
import { withEnv } from "@/tests/support/env";

type Data = Record<string, unknown> & {
  token?: string;
  error?: string;
  redirect_url?: string;
  custom_auth?: string;
  destination?: string;
  fields?: Record<string, string>;
};

let ipCounter = 0;
/** A fresh address per start: the captcha-free request is one per address an hour. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const later = (seconds: number) => () => new Date(Date.now() + seconds * 1000);
const messagesTo = (to: string) => outbox().filter((m) => m.to === to);

function start(identifier: string, options: CallOptions = {}, body: Record<string, unknown> = {}) {
  return call<Data>("/auth/code-signin", { identifier, lang: "en", ...body }, { ip: freshIp(), ...options });
}

function verify(started: CallResponse<Data>, code: string, options: CallOptions = {}) {
  return call<Data>(
    "/auth/code-signin-verify",
    { token: started.body.data.token, code, lang: "en" },
    { cookie: started.cookie, ...options },
  );
}

const wrongOf = (code: string) => (code === "000000" ? "111111" : "000000");

/** Everything of a start's answer but its own values. */
function shape(res: CallResponse<Data>) {
  const data = res.body.data;
  return {
    status: res.status,
    code: res.body.code,
    message: res.body.message,
    keys: Object.keys(data).sort(),
    channel: data.channel,
    tokenShape: String(data.token).replace(/[A-Za-z0-9_-]/g, "x"),
    destinationShape: String(data.destination).replace(/[a-z0-9]/g, "a"),
    exp_time: data.exp_time,
    resend_in: data.resend_in,
    cookies: res.setCookies.map((c) => c.replace(/=[^;]*/, "=v")).sort(),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

beforeEach(() => {
  resetLimitsForTests();
});

describe("sign in with a code by email", () => {
  it("sends a code to the email, hashed at rest, and the code signs the person in", async () => {
    const user = await createUser();
    const started = await start(user.email.toUpperCase());
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ channel: "EMAIL", exp_time: 300, resend_in: 60 });
    expect(started.body.data.destination).toMatch(/^u\*\*\*.@example\.com$/);
    expect(started.cookie).toContain(`${CODE_SIGNIN_BINDING_COOKIE}=`);
    const mails = messagesTo(user.email);
    expect(mails).toHaveLength(1);
    const code = String(mails[0]?.params.code);
    expect(code).toMatch(/^\d{6}$/);

    // Stored hashed: neither the code nor the token is in the database.
    const db = await getDb();
    const [flow] = await db
      .select()
      .from(flowTokens)
      .where(eq(flowTokens.tokenHash, sha256(String(started.body.data.token))));
    expect(flow?.purpose).toBe("code_signin");
    expect(flow?.userId).toBe(user.id);
    const [row] = await db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.flowTokenId, String(flow?.id)));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const res = await verify(started, code);
    expect(res.status).toBe(200);
    expect(res.body.data.redirect_url).toBe("/account/profile");
    expect(res.cookie).toMatch(/SSID=/);
    const me = await call<Data>("/auth/userinfo", {}, { cookie: res.cookie });
    expect(me.body.data.email).toBe(user.email);
  });

  it("hands an allowed callback its own token, as a password sign-in does", async () => {
    const user = await createUser();
    const started = await start(
      user.email,
      {},
      {
        callback_url: "https://app.example.com/welcome?x=1",
        app_code: "ls",
      },
    );
    const res = await verify(started, String(messagesTo(user.email).at(-1)?.params.code));
    const url = new URL(String(res.body.data.redirect_url));
    expect(url.host).toBe("app.example.com");
    expect(url.searchParams.get("login_callback")).toBe("signin");
    expect(url.searchParams.get("token")).toMatch(/^[\w-]{20,}$/);
  });

  it("proves an unverified email and signs in", async () => {
    const user = await createUser({ isVerified: false, isVerifyEmail: false, verifyType: "EMAIL" });
    const started = await start(user.email);
    const res = await verify(started, String(messagesTo(user.email).at(-1)?.params.code));
    expect(res.status).toBe(200);
    expect(res.body.data.redirect_url).toBe("/account/profile");
  });
});

describe("on the embedded default (no SMTP)", () => {
  it("keeps the code where /dev/outbox shows it, and that code signs the newcomer in", async () => {
    const user = await createUser();
    const started = await start(user.email);
    // listOutbox is what the /dev/outbox page lists, newest first.
    const [newest] = (await listOutbox()).filter((m) => m.to === user.email);
    const code = /\b(\d{6})\b/.exec(newest?.text ?? "")?.[1];
    expect(newest?.html).toContain(String(code));
    const res = await verify(started, String(code));
    expect(res.status).toBe(200);
    expect(res.body.data.redirect_url).toBe("/account/profile");
  });
});

describe("sign in with a code by phone", () => {
  it("sends the code to a verified phone (ZNS, or SMS when ZNS fails) and signs in", async () => {
    const phone = randomPhone();
    const user = await createUser({ phone, isVerifyPhone: true });
    const started = await start(`+84 ${phone.slice(1, 4)} ${phone.slice(4)}`);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ channel: "PHONE", destination: `*******${phone.slice(-3)}` });
    const sent = messagesTo(phone);
    expect(sent).toHaveLength(1);
    expect(["ZNS", "SMS"]).toContain(sent[0]?.channel);
    const res = await verify(started, String(sent[0]?.params.code));
    expect(res.status).toBe(200);
    const me = await call<Data>("/auth/userinfo", {}, { cookie: res.cookie });
    expect(me.body.data.email).toBe(user.email);
  });

  it("treats a phone someone only typed (never verified) as nobody's: nothing is sent", async () => {
    const phone = randomPhone();
    await createUser({ phone, isVerifyPhone: false });
    const started = await start(phone);
    expect(started.status).toBe(200);
    expect(messagesTo(phone)).toHaveLength(0);
  });
});

describe("no enumeration", () => {
  it("answers an unknown email and phone exactly as known ones, and sends nothing", async () => {
    const phone = randomPhone();
    const user = await createUser({ phone, isVerifyPhone: true });
    const unknownEmail = randomEmail();
    const unknownPhone = randomPhone();
    const before = outbox().length;

    const knownMail = await start(user.email);
    const unknownMail = await start(unknownEmail);
    expect(shape(unknownMail)).toEqual(shape(knownMail));
    const knownPhone = await start(phone);
    const unknownPhoneStart = await start(unknownPhone);
    expect(shape(unknownPhoneStart)).toEqual(shape(knownPhone));

    // Only the two real codes went out; nothing to the unknown email or phone.
    expect(outbox().length).toBe(before + 2);
    expect(messagesTo(unknownEmail)).toHaveLength(0);
    expect(messagesTo(unknownPhone)).toHaveLength(0);

    // The unknown flow answers "wrong code" like a real one, then "too many tries".
    const wrong = wrongOf(String(messagesTo(user.email).at(-1)?.params.code));
    for (let i = 1; i <= 4; i++) {
      const real = await verify(knownMail, wrong);
      const fake = await verify(unknownMail, wrong);
      expect(fake.status).toBe(real.status);
      expect(fake.body.data.error).toBe("OTP_INVALID");
      expect(fake.body.message).toBe(real.body.message);
    }
    expect((await verify(unknownMail, wrong)).body.data.error).toBe("OTP_TOO_MANY_ATTEMPTS");

    // Resend: the same 60 s rule, then the same answer; still nothing sent to the unknown email.
    const early = await call<Data>(
      "/auth/code-signin-resend",
      { token: unknownMail.body.data.token, lang: "en" },
      { cookie: unknownMail.cookie },
    );
    expect(early.status).toBe(429);
    expect(early.body.data.error).toBe("OTP_RESEND_TOO_EARLY");
    const resent = await call<Data>(
      "/auth/code-signin-resend",
      { token: unknownMail.body.data.token },
      { cookie: unknownMail.cookie, clock: later(61) },
    );
    expect(resent.status).toBe(200);
    expect(messagesTo(unknownEmail)).toHaveLength(0);
  });

  it("takes about as long for an unknown email as for a known one (medians, at the default floor)", async () => {
    const floor = 800;
    await withEnv({ CODE_SIGNIN_MIN_ANSWER_MS: String(floor) }, async () => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        const user = await createUser();
        let t0 = performance.now();
        await start(user.email);
        known.push(performance.now() - t0);
        t0 = performance.now();
        await start(randomEmail());
        unknown.push(performance.now() - t0);
      }
      // Both wait out the floor; the medians differ by noise only.
      expect(median(known)).toBeGreaterThanOrEqual(floor - 5);
      expect(median(unknown)).toBeGreaterThanOrEqual(floor - 5);
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(250);
    });
  });
});

describe("the verification module's rules", () => {
  it("allows 5 tries: after the fifth wrong one even the right code is refused", async () => {
    const user = await createUser();
    const started = await start(user.email);
    const code = String(messagesTo(user.email).at(-1)?.params.code);
    for (let i = 1; i <= 4; i++) {
      expect((await verify(started, wrongOf(code))).body.data.error).toBe("OTP_INVALID");
    }
    expect((await verify(started, wrongOf(code))).body.data.error).toBe("OTP_TOO_MANY_ATTEMPTS");
    expect((await verify(started, code)).body.data.error).toBe("OTP_TOO_MANY_ATTEMPTS");
  });

  it("uses a code once", async () => {
    const user = await createUser();
    const started = await start(user.email);
    const code = String(messagesTo(user.email).at(-1)?.params.code);
    expect((await verify(started, code)).status).toBe(200);
    expect((await verify(started, code)).body.data.error).toBe("FLOW_TOKEN_INVALID");
  });

  it("expires a code after 5 minutes", async () => {
    const user = await createUser();
    const started = await start(user.email);
    const code = String(messagesTo(user.email).at(-1)?.params.code);
    expect((await verify(started, code, { clock: later(301) })).body.data.error).toBe("OTP_EXPIRED");
  });

  it("resends no sooner than 60 s; the new code replaces the old one", async () => {
    const user = await createUser();
    const started = await start(user.email);
    const first = String(messagesTo(user.email).at(-1)?.params.code);
    const resend = (options: CallOptions = {}) =>
      call<Data>(
        "/auth/code-signin-resend",
        { token: started.body.data.token, lang: "en" },
        { cookie: started.cookie, ...options },
      );
    const early = await resend({ clock: later(30) });
    expect(early.status).toBe(429);
    expect(early.body.data.error).toBe("OTP_RESEND_TOO_EARLY");
    expect(messagesTo(user.email)).toHaveLength(1);
    const ok = await resend({ clock: later(61) });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ exp_time: 300, resend_in: 60 });
    const mails = messagesTo(user.email);
    expect(mails).toHaveLength(2);
    const second = String(mails[1]?.params.code);
    if (second !== first) {
      expect((await verify(started, first, { clock: later(62) })).body.data.error).toBe("OTP_INVALID");
    }
    expect((await verify(started, second, { clock: later(62) })).status).toBe(200);
  });

  it("is bound to the browser that started it: another browser cannot finish it", async () => {
    const user = await createUser();
    const started = await start(user.email);
    const code = String(messagesTo(user.email).at(-1)?.params.code);
    const otherBrowser = await start(randomEmail());
    expect((await verify(started, code, { cookie: "" })).body.data.error).toBe("FLOW_TOKEN_INVALID");
    expect((await verify(started, code, { cookie: otherBrowser.cookie })).body.data.error).toBe(
      "FLOW_TOKEN_INVALID",
    );
    const resend = await call<Data>(
      "/auth/code-signin-resend",
      { token: started.body.data.token },
      { cookie: otherBrowser.cookie, clock: later(61) },
    );
    expect(resend.body.data.error).toBe("FLOW_TOKEN_INVALID");
    // The refusals spent nothing: the browser that started it still can.
    expect((await verify(started, code)).status).toBe(200);
  });

  it("keeps one binding per browser: a second start reuses the cookie, so both flows stay finishable", async () => {
    const user = await createUser();
    const first = await start(user.email);
    const again = await start(user.email, { cookie: first.cookie });
    expect(again.cookie).toBe(first.cookie);
  });
});

describe("budgets and captcha", () => {
  it("asks for the captcha from an address's second request, and takes a solved one", async () => {
    const ip = freshIp();
    expect((await start(randomEmail(), { ip })).status).toBe(200);
    const second = await start(randomEmail(), { ip });
    expect(second.status).toBe(400);
    expect(second.body.data.error).toBe("CAPTCHA_REQUIRED");
    const bad = await start(randomEmail(), { ip }, { captcha: "bm90IGEgY2FwdGNoYQ==" });
    expect(bad.body.data.error).toBe("CAPTCHA_INVALID");
    const solved = await start(randomEmail(), { ip }, { captcha: await solvedCaptcha() });
    expect(solved.status).toBe(200);
  });

  it("limits codes per email or phone (known or not alike) and per address", async () => {
    const user = await createUser();
    const unknown = randomEmail();
    for (let i = 0; i < 5; i++) {
      expect((await start(user.email)).status).toBe(200);
      expect((await start(unknown)).status).toBe(200);
    }
    const known6 = await start(user.email);
    const unknown6 = await start(unknown);
    expect(known6.status).toBe(429);
    expect(known6.body.data.error).toBe("RATE_LIMITED");
    expect(unknown6.status).toBe(known6.status);
    expect(unknown6.body.data.error).toBe("RATE_LIMITED");
    expect(messagesTo(user.email)).toHaveLength(5);

    const ip = freshIp();
    for (let i = 0; i < 20; i++) await start(randomEmail(), { ip });
    expect((await start(randomEmail(), { ip })).body.data.error).toBe("RATE_LIMITED");
  });
});

describe("the sign-in's ending is the password sign-in's", () => {
  it("still asks a person with two-factor for the second factor", async () => {
    const user = await createUser({
      twoFaEnabledAt: new Date(),
      twoFaType: "TOTP",
      twoFaSecret: "JBSWY3DPEHPK3PXP",
    });
    const started = await start(user.email);
    const res = await verify(started, String(messagesTo(user.email).at(-1)?.params.code));
    expect(res.status).toBe(200);
    expect(res.body.data.custom_auth).toMatch(/^[\w-]{20,}$/);
    expect(String(res.body.data.redirect_url)).toMatch(/^\/verify-2fa\?/);
    expect(res.cookie).not.toMatch(/SSID=/);
  });

  it("stops at the device limit as a password sign-in does", async () => {
    await withEnv({ DEVICE_LIMIT: "1" }, async () => {
      const user = await createUser();
      const first = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
      expect(first.status).toBe(200);
      const started = await start(user.email, { headers: { "user-agent": "another browser" } });
      const res = await verify(started, String(messagesTo(user.email).at(-1)?.params.code));
      expect(res.status).toBe(503);
      expect(res.body.data.error).toBe("DEVICE_LIMIT_EXCEEDED");
    });
  });

  it("refuses a locked account once the code is proved", async () => {
    const user = await createUser({ status: "LOCKED" });
    const started = await start(user.email);
    const res = await verify(started, String(messagesTo(user.email).at(-1)?.params.code));
    expect(res.body.data.error).toBe("ACCOUNT_LOCKED");
  });
});

describe("settings", () => {
  it("PASSWORDLESS_ENABLED=false: every call answers PASSWORDLESS_DISABLED and nothing is sent", async () => {
    const user = await createUser();
    const started = await start(user.email);
    await withEnv({ PASSWORDLESS_ENABLED: "false" }, async () => {
      const res = await start(user.email);
      expect(res.status).toBe(403);
      expect(res.body.data.error).toBe("PASSWORDLESS_DISABLED");
      const code = String(messagesTo(user.email).at(-1)?.params.code);
      expect((await verify(started, code)).body.data.error).toBe("PASSWORDLESS_DISABLED");
    });
    expect(messagesTo(user.email)).toHaveLength(1);
  });

  it("PASSWORDLESS_CHANNELS=email: a phone is refused on its field, an email still works", async () => {
    await withEnv({ PASSWORDLESS_CHANNELS: "email" }, async () => {
      const phone = await start(randomPhone());
      expect(phone.status).toBe(400);
      expect(phone.body.data.fields?.identifier).toBeTruthy();
      expect((await start(randomEmail())).status).toBe(200);
    });
  });

  it("refuses what is neither an email nor a phone", async () => {
    const res = await start("not-an-address");
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.identifier).toBeTruthy();
  });
});
