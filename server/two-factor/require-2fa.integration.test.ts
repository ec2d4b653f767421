import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, PASSWORD, randomPhone } from "@/tests/factories/user";
import { call, lastSmsCode } from "@/tests/setup/api";
import { at, codeAt, type FlowData } from "@/tests/support/sign-in";

type Data = FlowData<{
  phone?: string;
  exp_time?: number;
  user?: { _id: string; verify_2fa_type: string | null };
  is_not_enable_2fa?: boolean;
}>;

/** The password step of someone who must turn two-factor on: answers custom_auth. */
async function requiredSignIn(email: string, body: Record<string, unknown> = {}) {
  const res = await call<Data>("/auth/signin", { email, password: PASSWORD, ...body });
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(200);
  const redirect = new URL(String(res.body.data.redirect_url), "http://x");
  expect(redirect.pathname).toBe("/require-enable-2fa");
  const customAuth = String(res.body.data.custom_auth);
  expect(customAuth).toMatch(/^[\w-]{40,}$/);
  expect(redirect.searchParams.get("token")).toBe(customAuth);
  // No session before two-factor is on.
  expect(res.cookie).toBe("");
  expect(res.setCookies.find((c) => c.startsWith("SSID="))).toMatch(/Max-Age=0/);
  return { res, customAuth, redirect };
}

beforeEach(() => {
  resetLimitsForTests();
});

describe.each([
  ["is_require_2fa", { isRequire2fa: true }],
  ["admin scope", { scope: "admin" }],
])("a sign-in that requires two-factor (%s)", (_label, overrides) => {
  it("goes to /require-enable-2fa, and enabling the app completes the sign-in", async () => {
    const user = await createUser(overrides);
    const { customAuth } = await requiredSignIn(user.email);

    const setup = await call<Data>("/auth2-fa/generate-setup-url", { custom_auth: customAuth });
    expect(setup.status).toBe(200);
    expect(setup.body.data.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(decodeURIComponent(String(setup.body.data.otpauth_url))).toContain(user.email);
    const secret = String(setup.body.data.secret);

    const t0 = Date.now();
    const wrong = await call<Data>(
      "/auth2-fa/enable-2fa",
      {
        custom_auth: customAuth,
        method: "totp",
        token: (await codeAt(secret, t0)) === "000000" ? "111111" : "000000",
      },
      { clock: at(t0) },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.error).toBe("TWO_FA_INVALID");
    expect(wrong.cookie).toBe("");

    const done = await call<Data>(
      "/auth2-fa/enable-2fa",
      { custom_auth: customAuth, method: "totp", token: await codeAt(secret, t0) },
      { clock: at(t0) },
    );
    expect(done.status).toBe(200);
    expect(done.body.code).toBe(200);
    expect(done.body.data.redirect_url).toBe("/account/profile");
    expect(done.cookie).toMatch(/SSID=/);
    expect(done.setCookies.find((c) => c.startsWith("SSID="))).toMatch(/Max-Age=604800/);
    const codes = done.body.data.backup_codes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect(done.body.data.method).toBe("totp");

    const me = await call<Data>("/auth/userinfo", {}, { cookie: done.cookie, clock: at(t0) });
    expect(me.body.code).toBe(200);
    expect(me.body.data._id).toBe(user.id);
    expect(me.body.data.verify_2fa_type).toBe("TOTP");
    expect(me.body.data.is_not_enable_2fa).toBe(false);

    // custom_auth is spent: neither call takes it again.
    const again = await call<Data>("/auth2-fa/generate-setup-url", { custom_auth: customAuth });
    expect(again.status).toBe(400);
    expect(again.body.data.error).toBe("FLOW_TOKEN_INVALID");
    const replay = await call<Data>(
      "/auth2-fa/enable-2fa",
      { custom_auth: customAuth, method: "totp", token: await codeAt(secret, t0 + 30_000) },
      { clock: at(t0 + 30_000) },
    );
    expect(replay.status).toBe(400);
    expect(replay.body.data.error).toBe("FLOW_TOKEN_INVALID");
    expect(replay.cookie).toBe("");

    // The next sign-in asks for the code it now has, not for setting one up.
    const next = await call<Data>(
      "/auth/signin",
      { email: user.email, password: PASSWORD },
      { clock: at(t0 + 60_000) },
    );
    const nextUrl = new URL(String(next.body.data.redirect_url), "http://x");
    expect(nextUrl.pathname).toBe("/verify-2fa");
    const verifyToken = String(next.body.data.custom_auth);

    // A /verify-2fa token is not a /require-enable-2fa one.
    const misused = await call<Data>("/auth2-fa/generate-setup-url", { custom_auth: verifyToken });
    expect(misused.status).toBe(400);
    expect(misused.body.data.error).toBe("FLOW_TOKEN_INVALID");
    const misusedEnable = await call<Data>(
      "/auth2-fa/enable-2fa",
      { custom_auth: verifyToken, method: "totp", token: await codeAt(secret, t0 + 60_000) },
      { clock: at(t0 + 60_000) },
    );
    expect(misusedEnable.body.data.error).toBe("FLOW_TOKEN_INVALID");
    // …and the verify step still works with the app.
    const verified = await call<Data>(
      "/auth2-fa/verify-login",
      { custom_auth: verifyToken, token: await codeAt(secret, t0 + 60_000) },
      { clock: at(t0 + 60_000) },
    );
    expect(verified.body.code).toBe(200);
    expect(verified.cookie).toMatch(/SSID=/);
  });

  it("enables SMS with custom_auth and completes the sign-in", async () => {
    const phone = randomPhone();
    const user = await createUser(overrides);
    const { customAuth } = await requiredSignIn(user.email);

    const bad = await call<Data>("/auth2-fa/require-verify-sms", {
      custom_auth: customAuth,
      phone: "+14155550123",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields?.phone).toBeTruthy();

    const sent = await call<Data>("/auth2-fa/require-verify-sms", { custom_auth: customAuth, phone });
    expect(sent.status).toBe(200);
    expect(sent.body.data.phone).toBe(phone);
    expect(sent.body.data.exp_time).toBe(300);
    const code = lastSmsCode(phone);

    const done = await call<Data>("/auth2-fa/enable-2fa", {
      custom_auth: customAuth,
      method: "sms",
      token: code,
    });
    expect(done.status).toBe(200);
    expect(done.body.data.redirect_url).toBe("/account/profile");
    expect(done.body.data.method).toBe("sms");
    expect(done.body.data.backup_codes).toBeUndefined();
    expect(done.cookie).toMatch(/SSID=/);

    const me = await call<Data>("/auth/userinfo", {}, { cookie: done.cookie });
    expect(me.body.data).toMatchObject({
      _id: user.id,
      phone,
      is_verify_phone: true,
      verify_2fa_type: "SMS",
    });

    const replay = await call<Data>("/auth2-fa/enable-2fa", {
      custom_auth: customAuth,
      method: "sms",
      token: code,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.data.error).toBe("FLOW_TOKEN_INVALID");
  });
});

describe("custom_auth with a product callback", () => {
  it("carries the callback through /require-enable-2fa and hands the product its token", async () => {
    const user = await createUser({ isRequire2fa: true });
    const { customAuth, redirect } = await requiredSignIn(user.email, {
      callback_url: "https://app.example.com/home",
      app_code: "ls",
    });
    expect(redirect.searchParams.get("callback_url")).toBe("https://app.example.com/home");

    const setup = await call<Data>("/auth2-fa/generate-setup-url", { custom_auth: customAuth });
    const t0 = Date.now();
    const done = await call<Data>(
      "/auth2-fa/enable-2fa",
      { custom_auth: customAuth, method: "totp", token: await codeAt(String(setup.body.data.secret), t0) },
      { clock: at(t0) },
    );
    expect(done.body.code).toBe(200);
    expect(done.body.data.backup_codes).toHaveLength(10);
    const target = new URL(String(done.body.data.redirect_url));
    expect(target.host).toBe("app.example.com");
    const token = String(target.searchParams.get("token"));
    const product = await call<Data>(
      "/auth/userinfo",
      {},
      { headers: { authorization: token }, clock: at(t0) },
    );
    expect(product.body.code).toBe(200);
    expect(product.body.data._id).toBe(user.id);
  });
});

describe("custom_auth that is no sign-in step", () => {
  it("is refused by every set-up call", async () => {
    for (const [path, body] of [
      ["/auth2-fa/generate-setup-url", {}],
      ["/auth2-fa/require-verify-sms", { phone: "0987654321" }],
      ["/auth2-fa/enable-2fa", { method: "totp", token: "123456" }],
    ] as const) {
      const res = await call<Data>(path, { ...body, custom_auth: "made-up-token" });
      expect(res.status).toBe(400);
      expect(res.body.data.error).toBe("FLOW_TOKEN_INVALID");
    }
  });
});
