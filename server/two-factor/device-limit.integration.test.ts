// DEVICE_LIMIT live browser sessions per person: the sign-in over it answers 503 with the devices
// and a token; signing one out completes it. Product tokens are not devices.
import { beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import type { DeviceDto } from "@/server/two-factor/schema";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { type CallOptions, call } from "@/tests/setup/api";
import { setUpEnv } from "@/tests/support/env";
import {
  as,
  at,
  CHROME_WINDOWS,
  codeAt,
  FIREFOX_LINUX,
  type FlowData,
  SAFARI_IPHONE,
  signedIn as signedInAs,
} from "@/tests/support/sign-in";

type Data = FlowData<{ devices?: DeviceDto[]; items?: DeviceDto[]; limit?: number }>;

const EDGE_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0";

setUpEnv({ DEVICE_LIMIT: "2" });

beforeEach(() => {
  resetLimitsForTests();
});

function signIn(email: string, options: CallOptions = {}, body: Record<string, unknown> = {}) {
  return call<Data>("/auth/signin", { email, password: PASSWORD, ...body }, options);
}

const signedIn = (email: string, options: CallOptions = {}, body: Record<string, unknown> = {}) =>
  signedInAs<Data>(email, options, body);

function expectLimitReached(res: Awaited<ReturnType<typeof signIn>>, method = "signin") {
  expect(res.status).toBe(503);
  expect(res.body.code).toBe(503);
  expect(res.body.data.error).toBe("DEVICE_LIMIT_EXCEEDED");
  expect(res.body.data.limit).toBe(2);
  expect(res.body.data.devices).toHaveLength(2);
  const token = String(res.body.data.token);
  expect(token).toMatch(/^[\w-]{40,}$/);
  const redirect = new URL(String(res.body.data.redirect_url), "http://x");
  expect(redirect.pathname).toBe("/device-limit-exceeded");
  expect(redirect.searchParams.get("token")).toBe(token);
  expect(redirect.searchParams.get("method")).toBe(method);
  // Nothing is set: no session for the sign-in that was stopped.
  expect(res.setCookies).toEqual([]);
  expect(res.cookie).toBe("");
  return { token, devices: res.body.data.devices ?? [] };
}

async function userinfoStatus(options: CallOptions): Promise<number> {
  return (await call<Data>("/auth/userinfo", {}, options)).status;
}

describe("the device limit at sign-in", () => {
  it("stops the third browser, lists the two, and completes once one is signed out", async () => {
    const user = await createUser();
    const chrome = await signedIn(user.email, as(CHROME_WINDOWS));
    const safari = await signedIn(user.email, as(SAFARI_IPHONE));

    const third = await signIn(user.email, as(FIREFOX_LINUX));
    const { token, devices } = expectLimitReached(third);
    expect(devices.map((d) => d.browser).sort()).toEqual(["Chrome", "Safari"]);
    expect(devices.map((d) => d.os).sort()).toEqual(["Windows", "iOS"]);
    expect(devices.find((d) => d.browser === "Safari")?.device).toBe("mobile");
    expect(devices.find((d) => d.browser === "Chrome")?.device).toBe("desktop");
    for (const d of devices) {
      expect(d.app_code).toBe("luid");
      expect(d.is_current).toBe(false);
      expect(d.ip).toBe("10.0.0.1");
    }
    // The message names the limit.
    expect(third.body.message).toMatch(/2/);

    const listed = await call<Data>("/auth/device-limit-devices", { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.limit).toBe(2);
    expect((listed.body.data.devices ?? []).map((d) => d.id).sort()).toEqual(devices.map((d) => d.id).sort());

    const none = await call<Data>("/auth/device-limit-resolve", { token, session_ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.data.error).toBe("VALIDATION");
    expect(none.body.data.fields?.session_ids).toBeTruthy();

    // Someone else's session is not the person's to sign out.
    const someone = await createUser();
    const theirs = await signedIn(someone.email, as(EDGE_MAC));
    const theirList = await call<Data>("/user/sessions", {}, { cookie: theirs.cookie });
    const theirId = String(theirList.body.data.items?.[0]?.id);
    const foreign = await call<Data>("/auth/device-limit-resolve", { token, session_ids: [theirId] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data.error).toBe("DEVICE_NOT_FOUND");
    expect(foreign.cookie).toBe("");
    expect(await userinfoStatus({ cookie: theirs.cookie })).toBe(200);
    const unknown = await call<Data>("/auth/device-limit-resolve", { token, session_ids: ["01NOPE"] });
    expect(unknown.status).toBe(404);

    const chromeId = String(devices.find((d) => d.browser === "Chrome")?.id);
    const resolved = await call<Data>(
      "/auth/device-limit-resolve",
      { token, session_ids: [chromeId] },
      as(FIREFOX_LINUX),
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body.code).toBe(200);
    expect(resolved.body.data.redirect_url).toBe("/account/profile");
    expect(resolved.cookie).toMatch(/SSID=/);

    expect(await userinfoStatus({ cookie: chrome.cookie })).toBe(401);
    expect(await userinfoStatus({ cookie: safari.cookie })).toBe(200);
    const me = await call<Data>("/auth/userinfo", {}, { cookie: resolved.cookie });
    expect(me.body.data._id).toBe(user.id);

    // The new browser is the Firefox one; two devices again.
    const now = await call<Data>("/user/sessions", {}, { cookie: resolved.cookie });
    const items = now.body.data.items ?? [];
    expect(items).toHaveLength(2);
    expect(items.find((d) => d.is_current)?.browser).toBe("Firefox");

    // The token is spent, and the list it gave is gone with it.
    const replay = await call<Data>("/auth/device-limit-resolve", {
      token,
      session_ids: [String(devices.find((d) => d.browser === "Safari")?.id)],
    });
    expect(replay.status).toBe(400);
    expect(replay.body.data.error).toBe("FLOW_TOKEN_INVALID");
    expect(await userinfoStatus({ cookie: safari.cookie })).toBe(200);
    const gone = await call<Data>("/auth/device-limit-devices", { token });
    expect(gone.body.data.error).toBe("FLOW_TOKEN_INVALID");
  });

  it("refuses a token that is not a device-limit step", async () => {
    const listed = await call<Data>("/auth/device-limit-devices", { token: "made-up" });
    expect(listed.status).toBe(400);
    expect(listed.body.data.error).toBe("FLOW_TOKEN_INVALID");
    const resolved = await call<Data>("/auth/device-limit-resolve", { token: "made-up", session_ids: ["x"] });
    expect(resolved.status).toBe(400);
    expect(resolved.body.data.error).toBe("FLOW_TOKEN_INVALID");
  });

  it("does not count product tokens as devices", async () => {
    const user = await createUser();
    const handoff = await signedIn(user.email, as(CHROME_WINDOWS), {
      callback_url: "https://app.example.com/start",
      app_code: "ls",
    });
    const productToken = String(new URL(String(handoff.body.data.redirect_url)).searchParams.get("token"));
    expect(await userinfoStatus({ headers: { authorization: productToken } })).toBe(200);

    // One browser and one product token: a second browser is still allowed.
    const second = await signedIn(user.email, as(SAFARI_IPHONE));
    const all = await call<Data>("/user/sessions", {}, { cookie: second.cookie });
    expect((all.body.data.items ?? []).map((d) => d.app_code).sort()).toEqual(["ls", "luid", "luid"]);

    // A third browser is not, and the product token is not among the devices offered.
    const { token, devices } = expectLimitReached(await signIn(user.email, as(FIREFOX_LINUX)));
    expect(devices.every((d) => d.app_code === "luid")).toBe(true);
    const listed = await call<Data>("/auth/device-limit-devices", { token });
    expect((listed.body.data.devices ?? []).every((d) => d.app_code === "luid")).toBe(true);
    expect(await userinfoStatus({ headers: { authorization: productToken } })).toBe(200);
  });

  it("stops a hand-off to a product the same way and completes it after resolving", async () => {
    const user = await createUser();
    await signedIn(user.email, as(CHROME_WINDOWS));
    const safari = await signedIn(user.email, as(SAFARI_IPHONE));
    const stopped = await signIn(user.email, as(FIREFOX_LINUX), {
      callback_url: "https://app.example.com/start",
      app_code: "ls",
    });
    const { token, devices } = expectLimitReached(stopped);
    expect(new URL(String(stopped.body.data.redirect_url), "http://x").searchParams.get("app_code")).toBe(
      "ls",
    );
    const safariId = String(devices.find((d) => d.browser === "Safari")?.id);
    const resolved = await call<Data>("/auth/device-limit-resolve", { token, session_ids: [safariId] });
    expect(resolved.body.code).toBe(200);
    const target = new URL(String(resolved.body.data.redirect_url));
    expect(target.host).toBe("app.example.com");
    const productToken = String(target.searchParams.get("token"));
    const product = await call<Data>("/auth/userinfo", {}, { headers: { authorization: productToken } });
    expect(product.body.data._id).toBe(user.id);
    expect(await userinfoStatus({ cookie: safari.cookie })).toBe(401);
  });
});

describe("the device limit after the second factor", () => {
  /**
   * A person who turned the authenticator on in the profile of a first browser (Chrome), then
   * signed in on a second (Safari) through the second factor. `step(k)`: k TOTP steps after enabling.
   */
  async function totpOnTwoBrowsers() {
    const user = await createUser();
    const first = await signedIn(user.email, as(CHROME_WINDOWS));
    const setup = await call<Data>(
      "/auth2-fa/generate-setup-url",
      {},
      as(CHROME_WINDOWS, { cookie: first.cookie }),
    );
    const secret = String(setup.body.data.secret);
    const t0 = Date.now();
    const step = (k: number) => t0 + k * 30_000;
    const on = await call<Data>(
      "/auth2-fa/enable-2fa",
      { method: "totp", token: await codeAt(secret, t0) },
      as(CHROME_WINDOWS, { cookie: first.cookie, clock: at(t0) }),
    );
    expect(on.body.code).toBe(200);
    const started = await signIn(user.email, as(SAFARI_IPHONE, { clock: at(step(1)) }));
    const second = await call<Data>(
      "/auth2-fa/verify-login",
      { custom_auth: String(started.body.data.custom_auth), token: await codeAt(secret, step(1)) },
      as(SAFARI_IPHONE, { clock: at(step(1)) }),
    );
    expect(second.body.code).toBe(200);
    return { user, secret, step, first, second };
  }

  it("answers 503 to verify-login at the limit, and resolving completes without asking again", async () => {
    // First browser: the profile where the authenticator is turned on; second, through the second factor.
    const { user, secret, step, first, second } = await totpOnTwoBrowsers();
    expect(second.cookie).toMatch(/SSID=/);

    // Third browser: the password and the code are right, the limit stops it.
    const third = await signIn(user.email, as(FIREFOX_LINUX, { clock: at(step(2)) }));
    expect(String(third.body.data.redirect_url)).toMatch(/^\/verify-2fa\?/);
    const stopped = await call<Data>(
      "/auth2-fa/verify-login",
      { custom_auth: String(third.body.data.custom_auth), token: await codeAt(secret, step(2)) },
      as(FIREFOX_LINUX, { clock: at(step(2)) }),
    );
    const { token, devices } = expectLimitReached(stopped);
    expect(devices.map((d) => d.browser).sort()).toEqual(["Chrome", "Safari"]);

    const chromeId = String(devices.find((d) => d.browser === "Chrome")?.id);
    const resolved = await call<Data>(
      "/auth/device-limit-resolve",
      { token, session_ids: [chromeId] },
      as(FIREFOX_LINUX, { clock: at(step(2)) }),
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.redirect_url).toBe("/account/profile");
    expect(resolved.body.data.custom_auth).toBeUndefined();
    expect(resolved.cookie).toMatch(/SSID=/);
    expect(await userinfoStatus({ cookie: resolved.cookie, clock: at(step(2)) })).toBe(200);
    expect(await userinfoStatus({ cookie: first.cookie, clock: at(step(2)) })).toBe(401);
    expect(await userinfoStatus({ cookie: second.cookie, clock: at(step(2)) })).toBe(200);
  });
  // BUG: verifyLogin (server/two-factor/service.ts) records the trusted device before finishSignIn
  // throws DEVICE_LIMIT_EXCEEDED, so its TRUSTED_DEVICE cookie is never sent; resolveDeviceLimit
  // (sessions.ts) completes the sign-in without it: "trust this browser" is silently lost.
  it("keeps trust_device through the device-limit step", async () => {
    const { user, secret, step } = await totpOnTwoBrowsers();

    const third = await signIn(user.email, as(FIREFOX_LINUX, { clock: at(step(2)) }));
    const stopped = await call<Data>(
      "/auth2-fa/verify-login",
      {
        custom_auth: String(third.body.data.custom_auth),
        token: await codeAt(secret, step(2)),
        trust_device: true,
      },
      as(FIREFOX_LINUX, { clock: at(step(2)) }),
    );
    const { token, devices } = expectLimitReached(stopped);
    const resolved = await call<Data>(
      "/auth/device-limit-resolve",
      { token, session_ids: [String(devices.find((d) => d.browser === "Chrome")?.id)] },
      as(FIREFOX_LINUX, { clock: at(step(2)) }),
    );
    expect(resolved.body.code).toBe(200);
    const trust = resolved.setCookies.find((c) => c.startsWith("TRUSTED_DEVICE="));
    expect(trust, "the browser asked to be trusted but got no TRUSTED_DEVICE cookie").toBeTruthy();
    const sessions = await call<Data>("/user/sessions", {}, { cookie: resolved.cookie, clock: at(step(2)) });
    expect(sessions.body.data.items?.find((d) => d.is_current)?.is_trusted).toBe(true);
  });
});
