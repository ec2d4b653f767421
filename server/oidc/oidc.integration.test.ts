// Issue 14: the portal as an OpenID Connect provider, driven by a stock relying party
// (openid-client, written by nobody here) against the provider on an ephemeral node:http server,
// with the portal's own sign-in service (dispatch) playing the /signin page.
import * as oidc from "openid-client";
import { generate } from "otplib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { PortalOidcAdapter } from "@/server/oidc/adapter";
import { isSignInFreshEnough } from "@/server/oidc/http";
import { linkOidcGrant } from "@/server/oidc/repository";
import { findConsentRequest } from "@/server/oidc/service";
import { revokeSessionById } from "@/server/session/repository";
import { createSession } from "@/server/session/service";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, lastCode } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";
import { withEnv } from "@/tests/support/env";
import { Browser } from "@/tests/support/oidc-browser";
import { type ServedProvider, serveOidcProvider } from "@/tests/support/oidc-provider";
import { discover as discoverAt, exchangeCode, isActive, startAuthorization } from "@/tests/support/oidc-rp";

const RP = "http://rp.test";
const CB = `${RP}/cb`;
const FORUM = {
  client_id: "forum",
  client_secret: "forum-secret-0123456789",
  name: "Community forum",
  redirect_uris: [`${RP}/cb`],
  post_logout_redirect_uris: [`${RP}/bye`],
  first_party: true,
};
const HELPDESK = {
  client_id: "helpdesk",
  name: "Help desk",
  redirect_uris: [`${RP}/spa`],
  first_party: false,
};
process.env.OIDC_CLIENTS = JSON.stringify([FORUM, HELPDESK]);

type Data = Record<string, unknown> & {
  redirect_url?: string;
  custom_auth?: string;
  secret?: string;
  items?: { id: string; app_code: string; is_current: boolean }[];
};

let provider: ServedProvider;
let issuer: string;
let origin: string;

beforeAll(async () => {
  provider = await serveOidcProvider();
  ({ origin, issuer } = provider);
});

afterAll(() => provider.close());

beforeEach(() => resetLimitsForTests());

/** A browser against this file's provider (tests/support/oidc-browser.ts). */
const newBrowser = () => new Browser(() => origin);

/** The relying party of a client registered in OIDC_CLIENTS above. */
const discover = (client: { client_id: string; client_secret?: string }) =>
  discoverAt(issuer, { clientId: client.client_id, clientSecret: client.client_secret });

/** The portal's sign-in service as the /signin page calls it, with the page's query (path). */
async function signInOnPortal(browser: Browser, signinUrl: URL, email: string, password = PASSWORD) {
  expect(signinUrl.pathname).toBe("/signin");
  const res = await call<Data>("/auth/signin", {
    email,
    password,
    path: signinUrl.searchParams.get("path") ?? undefined,
  });
  expect(res.body.code).toBe(200);
  browser.absorb(res.setCookies);
  return res;
}

/** Signs a new person in through the whole flow; answers the tokens and what it took. */
async function signedInClient(
  options: {
    browser?: Browser;
    user?: Awaited<ReturnType<typeof createUser>>;
    params?: Record<string, string>;
  } = {},
) {
  const user =
    options.user ?? (await createUser({ fullname: "Lan Nguyen", phone: "0987654321", isVerifyPhone: true }));
  const browser = options.browser ?? newBrowser();
  const config = await discover(FORUM);
  const started = await startAuthorization(config, CB, options.params);
  const signin = await browser.follow(started.url.href);
  const res = await signInOnPortal(browser, signin, user.email);
  const callback = await browser.follow(String(res.body.data.redirect_url));
  expect(callback.origin + callback.pathname).toBe(`${RP}/cb`);
  const tokens = await exchangeCode(config, callback, started);
  return { user, browser, config, tokens, callback, started };
}

describe("the adapter on the portal's database", () => {
  it("stores by model and id, finds by uid, consumes, expires and destroys", async () => {
    const db = await getDb();
    const interactions = new PortalOidcAdapter("Interaction", db);
    await interactions.upsert("i1", { uid: "u1", kind: "Interaction", exp: 0 }, 60);
    expect(await interactions.find("i1")).toMatchObject({ uid: "u1" });
    expect(await interactions.findByUid("u1")).toMatchObject({ kind: "Interaction" });
    // Another model with the same id is another row.
    expect(await new PortalOidcAdapter("Session", db).find("i1")).toBeUndefined();

    const codes = new PortalOidcAdapter("AuthorizationCode", db);
    await codes.upsert("c1", { grantId: "g1", kind: "AuthorizationCode" }, 60);
    await codes.consume("c1");
    expect((await codes.find("c1"))?.consumed).toBeGreaterThan(0);
    await codes.destroy("c1");
    expect(await codes.find("c1")).toBeUndefined();

    const past = new PortalOidcAdapter("AccessToken", db, () => new Date(Date.now() - 120_000));
    await past.upsert("old", { grantId: "g1" }, 60);
    expect(await new PortalOidcAdapter("AccessToken", db).find("old")).toBeUndefined();
  });

  it("ends a grant with everything issued under it, and never finds rows of a revoked portal session", async () => {
    const db = await getDb();
    const user = await createUser();
    const grants = new PortalOidcAdapter("Grant", db);
    const tokens = new PortalOidcAdapter("AccessToken", db);
    await grants.upsert("g2", { accountId: user.id, clientId: "forum" }, 600);
    await tokens.upsert("t2", { grantId: "g2" }, 600);
    // Per model: revoking the access tokens of a grant keeps the grant (token revocation).
    await tokens.revokeByGrantId("g2");
    expect(await tokens.find("t2")).toBeUndefined();
    expect(await grants.find("g2")).toBeTruthy();
    await tokens.upsert("t2", { grantId: "g2" }, 600);
    await grants.destroy("g2");
    expect(await grants.find("g2")).toBeUndefined();
    expect(await tokens.find("t2")).toBeUndefined();

    const ctx = { db, clock: () => new Date(), ip: "10.0.0.1", userAgent: "vitest" };
    const { session } = await createSession(ctx, { user, appCode: "luid" });
    await grants.upsert("g3", { accountId: user.id, clientId: "forum" }, 600);
    await linkOidcGrant(db, "g3", session.id);
    // Issued after the link: the token takes the grant's session.
    await tokens.upsert("t3", { grantId: "g3" }, 600);
    expect(await tokens.find("t3")).toBeTruthy();
    // Revoked by a path that knows nothing of OIDC: still never found.
    await revokeSessionById(db, session.id, new Date());
    expect(await grants.find("g3")).toBeUndefined();
    expect(await tokens.find("t3")).toBeUndefined();
  });
});

describe("discovery and keys", () => {
  it("publishes the issuer at APP_URL/oidc with code + PKCE S256, the scopes, logout, revocation and introspection", async () => {
    const config = await discover(FORUM);
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer);
    expect(meta.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(meta.token_endpoint).toBe(`${issuer}/token`);
    expect(meta.response_types_supported).toEqual(["code"]);
    expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
    // Exactly what README says clients use (issue 38): a secret by HTTP Basic or in the form body,
    // none for a public client.
    expect(meta.token_endpoint_auth_methods_supported).toEqual([
      "client_secret_basic",
      "client_secret_post",
      "none",
    ]);
    expect(meta.acr_values_supported).toEqual(["1fa", "2fa"]);
    expect(meta.claims_supported).toEqual(expect.arrayContaining(["auth_time", "acr", "amr", "sid"]));
    expect(meta.scopes_supported).toEqual(
      expect.arrayContaining(["openid", "profile", "email", "phone", "offline_access"]),
    );
    expect(meta.claims_supported).toEqual(
      expect.arrayContaining(["email_verified", "phone_number_verified", "picture", "locale", "zoneinfo"]),
    );
    expect(meta.end_session_endpoint).toBe(`${issuer}/session/end`);
    expect(meta.revocation_endpoint).toBeTruthy();
    expect(meta.introspection_endpoint).toBeTruthy();
    const jwks = (await (await fetch(String(meta.jwks_uri))).json()) as { keys: Record<string, string>[] };
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    // Public keys only.
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });
});

describe("authorization code + PKCE through the portal's sign-in", () => {
  it("signs in, validates the ID token, answers userinfo with verified claims, refreshes with rotation", async () => {
    const { user, config, tokens, browser } = await signedInClient();
    const claims = tokens.claims();
    expect(claims?.sub).toBe(user.id);
    expect(claims?.iss).toBe(issuer);
    expect(claims?.aud).toBe("forum");

    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info).toMatchObject({
      sub: user.id,
      name: "Lan Nguyen",
      email: user.email,
      email_verified: true,
      phone_number: "+84987654321",
      phone_number_verified: true,
      locale: "vi",
      zoneinfo: "Asia/Ho_Chi_Minh",
    });

    // The device list shows the client beside the browser.
    const sessions = await call<Data>("/user/sessions", {}, { cookie: browser.cookie });
    expect(sessions.body.data.items?.map((d) => d.app_code)).toEqual(["luid", "oidc:forum"]);

    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(config, String(tokens.refresh_token));
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await isActive(config, refreshed.access_token)).toBe(true);
    // Rotation: the old refresh token is spent, and presenting it again (a stolen copy) ends the grant.
    await expect(oidc.refreshTokenGrant(config, String(tokens.refresh_token))).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(await isActive(config, refreshed.access_token)).toBe(false);
  });

  it("its access token cannot confirm it's you on /2.0 (issue 37): refused, the password never looked at", async () => {
    const { user, config, tokens } = await signedInClient();
    expect(await isActive(config, tokens.access_token)).toBe(true);
    const authorization = `Bearer ${tokens.access_token}`;
    for (const [path, body] of [
      ["/user/reauthenticate", { password: PASSWORD }],
      ["/account-deletion/request", { confirm_email: user.email }],
    ] as const) {
      const res = await call<Data>(path, body, { headers: { authorization, origin: "" } });
      expect([res.status, res.body.data.error], path).toEqual([403, "REAUTH_PORTAL_SESSION_REQUIRED"]);
    }
  });

  it("keeps scope claims out of the ID token unless the claims parameter asks for them", async () => {
    const plain = await signedInClient();
    expect(plain.tokens.claims()).not.toHaveProperty("email");
    expect(plain.tokens.claims()).not.toHaveProperty("phone_number");
    const asked = await signedInClient({
      params: { claims: JSON.stringify({ id_token: { email: null, phone_number: null } }) },
    });
    expect(asked.tokens.claims()).toMatchObject({ email: asked.user.email, phone_number: "+84987654321" });
  });

  it("does not ask a person already signed in to the portal again, unless prompt=login", async () => {
    const { user, browser, config } = await signedInClient();
    const again = await startAuthorization(config, CB);
    const callback = await browser.follow(again.url.href);
    expect(callback.origin + callback.pathname).toBe(`${RP}/cb`);
    expect(callback.searchParams.get("code")).toBeTruthy();

    const firstSessionCookie = browser.cookie;
    const forced = await startAuthorization(config, CB, { prompt: "login" });
    const signin = await browser.follow(forced.url.href);
    expect(signin.pathname).toBe("/signin");
    const res = await signInOnPortal(browser, signin, user.email);
    const back = await browser.follow(String(res.body.data.redirect_url));
    expect(back.origin + back.pathname).toBe(`${RP}/cb`);
    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: forced.verifier,
      expectedState: forced.state,
      expectedNonce: forced.nonce,
    });
    const authTime = Number(tokens.claims()?.auth_time);
    expect(authTime).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    // The grant now belongs to the new sign-in: ending the first session leaves its tokens alone,
    // ending the new one ends them.
    await call("/auth/logout", {}, { cookie: firstSessionCookie });
    expect(await isActive(config, tokens.access_token)).toBe(true);
    await call("/auth/logout", {}, { cookie: browser.cookie });
    expect(await isActive(config, tokens.access_token)).toBe(false);
  });

  it("max_age=0 asks a signed-in person again, then goes back to the client", async () => {
    const { user, browser, config } = await signedInClient();
    // auth_time has one-second steps: let one pass so the sign-in is older than 0 seconds.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = await startAuthorization(config, CB, { max_age: "0" });
    const signin = await browser.follow(started.url.href);
    expect(signin.pathname).toBe("/signin");
    const res = await signInOnPortal(browser, signin, user.email);
    const back = await browser.follow(String(res.body.data.redirect_url));
    expect(back.origin + back.pathname).toBe(`${RP}/cb`);
    expect(back.searchParams.get("code")).toBeTruthy();
  });

  it("prompt=none answers login_required to someone not signed in", async () => {
    const config = await discover(FORUM);
    const started = await startAuthorization(config, CB, { prompt: "none" });
    const result = await newBrowser().follow(started.url.href);
    expect(result.origin + result.pathname).toBe(`${RP}/cb`);
    expect(result.searchParams.get("error")).toBe("login_required");
  });

  it("honours max_age: an older portal sign-in is asked again", () => {
    const now = new Date("2026-01-01T10:00:00Z");
    const signedInAt = new Date("2026-01-01T09:00:00Z");
    const startedAt = new Date(now.getTime() - 10_000);
    expect(isSignInFreshEnough({ signedInAt }, { startedAt, params: { max_age: 60 } }, now)).toBe(false);
    expect(isSignInFreshEnough({ signedInAt }, { startedAt, params: { max_age: 7200 } }, now)).toBe(true);
    expect(isSignInFreshEnough({ signedInAt }, { startedAt, params: { prompt: "login" } }, now)).toBe(false);
    expect(isSignInFreshEnough({ signedInAt: now }, { startedAt, params: { prompt: "login" } }, now)).toBe(
      true,
    );
    expect(isSignInFreshEnough({ signedInAt }, { startedAt, params: {} }, now)).toBe(true);
    // A sign-in made during the interaction is fresh whatever max_age says (max_age=0 included).
    const later = new Date(now.getTime() + 5_000);
    expect(isSignInFreshEnough({ signedInAt: now }, { startedAt, params: { max_age: 0 } }, later)).toBe(true);
  });

  it("a person with two-factor on completes the second factor inside the OIDC sign-in", async () => {
    const user = await createUser();
    const setupBrowser = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    const setup = await call<Data>("/auth2-fa/generate-setup-url", {}, { cookie: setupBrowser.cookie });
    const secret = String(setup.body.data.secret);
    const t0 = Date.now() - 30_000;
    const enabled = await call<Data>(
      "/auth2-fa/enable-2fa",
      { method: "totp", token: await generate({ secret, epoch: Math.floor(t0 / 1000) }) },
      { cookie: setupBrowser.cookie, clock: () => new Date(t0) },
    );
    expect(enabled.body.code).toBe(200);

    const browser = newBrowser();
    const config = await discover(FORUM);
    const started = await startAuthorization(config, CB);
    const signin = await browser.follow(started.url.href);
    const first = await call<Data>("/auth/signin", {
      email: user.email,
      password: PASSWORD,
      path: signin.searchParams.get("path"),
    });
    const step = new URL(String(first.body.data.redirect_url), origin);
    expect(step.pathname).toBe("/verify-2fa");
    expect(step.searchParams.get("path")).toBe(signin.searchParams.get("path"));
    expect(first.cookie).toBe("");
    const second = await call<Data>("/auth2-fa/verify-login", {
      custom_auth: first.body.data.custom_auth,
      token: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }),
    });
    expect(second.body.code).toBe(200);
    expect(second.body.data.redirect_url).toBe(signin.searchParams.get("path"));
    browser.absorb(second.setCookies);
    const callback = await browser.follow(String(second.body.data.redirect_url));
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    expect(tokens.claims()?.sub).toBe(user.id);
  });
});

describe("the portal's other sign-in steps inside the OIDC sign-in", () => {
  // withEnv changes the configuration dispatch reads; the provider keeps its own.
  it("a new account signs up, verifies its code and goes back to the client, not to the builder", async () => {
    await withEnv(
      { APPS_CONFIG: JSON.stringify({ lp: { name: "Builder", home: "https://app.example.com/home" } }) },
      async () => {
        const browser = newBrowser();
        const config = await discover(FORUM);
        const started = await startAuthorization(config, CB);
        const signin = await browser.follow(started.url.href);
        const path = String(signin.searchParams.get("path"));
        const { body, response } = await signUp({ path });
        const data = response.body.data as Data & { token?: string };
        const verify = new URL(String(data.redirect_url), origin);
        expect(verify.pathname).toBe("/verify-account");
        expect(verify.searchParams.get("path")).toBe(path);
        const verified = await call<Data>("/auth/verify-account", {
          code: lastCode(String(body.email)),
          token: data.token,
        });
        expect(verified.body.code).toBe(200);
        expect(verified.body.data.redirect_url).toBe(path);
        browser.absorb(verified.setCookies);
        const callback = await browser.follow(path);
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: started.verifier,
          expectedState: started.state,
          expectedNonce: started.nonce,
        });
        const info = await oidc.fetchUserInfo(config, tokens.access_token, String(tokens.claims()?.sub));
        expect(info.email).toBe(body.email);
        expect(info.email_verified).toBe(true);
      },
    );
  });

  it("a sign-in stopped by the device limit goes back to the client once a device is signed out", async () => {
    await withEnv({ DEVICE_LIMIT: "1" }, async () => {
      const user = await createUser();
      const first = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
      expect(first.body.code).toBe(200);
      const browser = newBrowser();
      const config = await discover(FORUM);
      const started = await startAuthorization(config, CB);
      const signin = await browser.follow(started.url.href);
      const path = String(signin.searchParams.get("path"));
      const stopped = await call<Data & { token?: string; devices?: { id: string }[] }>("/auth/signin", {
        email: user.email,
        password: PASSWORD,
        path,
      });
      expect(stopped.body.code).toBe(503);
      const resolved = await call<Data>("/auth/device-limit-resolve", {
        token: stopped.body.data.token,
        session_ids: stopped.body.data.devices?.map((d) => d.id),
      });
      expect(resolved.body.code).toBe(200);
      expect(resolved.body.data.redirect_url).toBe(path);
      browser.absorb(resolved.setCookies);
      const callback = await browser.follow(path);
      expect(callback.searchParams.get("code")).toBeTruthy();
    });
  });

  it("a signed-in person without a phone completes the registration first", async () => {
    const user = await createUser({ phone: null });
    const browser = newBrowser();
    const signedIn = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    browser.absorb(signedIn.setCookies);
    const config = await discover(FORUM);
    const started = await startAuthorization(config, CB);
    const next = await browser.follow(started.url.href);
    expect(next.pathname).toBe("/complete-reg");
    expect(next.searchParams.get("path")).toMatch(/^\/oidc\/interaction\//);
  });
});

describe("refusals", () => {
  it("refuses a redirect URI that is not registered (no redirect to it)", async () => {
    const config = await discover(FORUM);
    const started = await startAuthorization(config, "http://evil.test/cb");
    const res = await newBrowser().request(started.url.href);
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("redirect_uri");
  });

  it("refuses an authorization request without PKCE", async () => {
    const config = await discover(FORUM);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${RP}/cb`,
      scope: "openid",
      state: oidc.randomState(),
    });
    const result = await newBrowser().follow(url.href);
    expect(result.searchParams.get("error")).toBe("invalid_request");
    expect(result.searchParams.get("error_description")).toMatch(/PKCE/);
  });

  it("refuses a code without its PKCE verifier, and a replayed code (revoking what it gave)", async () => {
    const user = await createUser();
    const browser = newBrowser();
    const config = await discover(FORUM);
    const started = await startAuthorization(config, CB);
    const signin = await browser.follow(started.url.href);
    const res = await signInOnPortal(browser, signin, user.email);
    const callback = await browser.follow(String(res.body.data.redirect_url));

    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        expectedState: started.state,
        expectedNonce: started.nonce,
      }),
    ).rejects.toMatchObject({ error: "invalid_grant" });

    // A fresh code: exchanged once, then replayed.
    const again = await startAuthorization(config, CB);
    const second = await browser.follow(again.url.href);
    const checks = {
      pkceCodeVerifier: again.verifier,
      expectedState: again.state,
      expectedNonce: again.nonce,
    };
    const tokens = await oidc.authorizationCodeGrant(config, second, checks);
    expect(await isActive(config, tokens.access_token)).toBe(true);
    await expect(oidc.authorizationCodeGrant(config, second, checks)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    // The replay ends what the code gave.
    expect(await isActive(config, tokens.access_token)).toBe(false);
  });

  it("the relying party refuses an ID token whose signature does not verify", async () => {
    const { config, browser } = await signedInClient();
    const started = await startAuthorization(config, CB);
    const callback = await browser.follow(started.url.href);
    // The token endpoint's answer with its ID token's signature altered on the way.
    const tamper: oidc.CustomFetch = async (url, options) => {
      const { body: sent } = options;
      const body = typeof sent === "string" || sent instanceof URLSearchParams ? sent : undefined;
      const response = await fetch(url, { method: options.method, headers: options.headers, body });
      const answer = (await response.json()) as Record<string, string>;
      if (answer.id_token) {
        const [header, payload, signature = ""] = answer.id_token.split(".");
        const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
        answer.id_token = [header, payload, flipped].join(".");
      }
      return new Response(JSON.stringify(answer), { status: response.status, headers: response.headers });
    };
    config[oidc.customFetch] = tamper;
    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: started.verifier,
        expectedState: started.state,
        expectedNonce: started.nonce,
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/signature/i) } });
  });

  it("the relying party refuses a tampered state", async () => {
    const { config, browser } = await signedInClient();
    const started = await startAuthorization(config, CB);
    const callback = await browser.follow(started.url.href);
    callback.searchParams.set("state", `${started.state}x`);
    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: started.verifier,
        expectedState: started.state,
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/state/) } });
  });
});

describe("third-party clients: consent in the person's language", () => {
  async function toConsent() {
    const user = await createUser();
    const browser = newBrowser();
    const config = await discover(HELPDESK);
    const started = await startAuthorization(config, `${RP}/spa`, { scope: "openid email profile" });
    const signin = await browser.follow(started.url.href);
    const res = await signInOnPortal(browser, signin, user.email);
    const consent = await browser.follow(String(res.body.data.redirect_url));
    expect(consent.pathname).toBe("/oidc-consent");
    const uid = String(consent.searchParams.get("uid"));
    return { user, browser, config, started, uid };
  }

  it("shows the consent screen with the client and its scopes; allowing gives the tokens (public client, PKCE)", async () => {
    const { user, browser, config, started, uid } = await toConsent();
    const request = await findConsentRequest(await getDb(), env(), uid, new Date());
    expect(request).toEqual({
      uid,
      clientId: "helpdesk",
      clientName: "Help desk",
      scopes: ["email", "profile"],
    });

    const answer = await browser.request(`${origin}/oidc/interaction/${uid}/confirm`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
    });
    expect(answer.status).toBe(200);
    const { redirect_url } = (await answer.json()) as { redirect_url: string };
    const callback = await browser.follow(redirect_url);
    expect(callback.origin + callback.pathname).toBe(`${RP}/spa`);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info.email).toBe(user.email);
    // Phone was not asked for.
    expect(info).not.toHaveProperty("phone_number");

    // Consent is remembered: the next request goes straight back.
    const again = await startAuthorization(config, `${RP}/spa`, { scope: "openid email profile" });
    const back = await browser.follow(again.url.href);
    expect(back.origin + back.pathname).toBe(`${RP}/spa`);
  });

  it("declining answers access_denied to the client", async () => {
    const { browser, uid } = await toConsent();
    const answer = await browser.request(`${origin}/oidc/interaction/${uid}/abort`, {
      method: "POST",
      headers: { origin },
    });
    const { redirect_url } = (await answer.json()) as { redirect_url: string };
    const callback = await browser.follow(redirect_url);
    expect(callback.searchParams.get("error")).toBe("access_denied");
  });

  it("refuses a consent posted from another site or another browser", async () => {
    const { browser, uid } = await toConsent();
    const crossSite = await browser.request(`${origin}/oidc/interaction/${uid}/confirm`, {
      method: "POST",
      headers: { origin: "http://evil.test" },
    });
    expect(crossSite.status).toBe(403);
    const otherBrowser = await newBrowser().request(`${origin}/oidc/interaction/${uid}/confirm`, {
      method: "POST",
      headers: { origin, cookie: "LANGUAGE=en" },
    });
    expect(otherBrowser.status).toBe(400);
    expect(await otherBrowser.text()).toContain("This request has expired.");
  });
});

describe("revoking the portal session revokes its tokens", () => {
  async function expectEnded(config: oidc.Configuration, tokens: oidc.TokenEndpointResponse) {
    expect(await isActive(config, tokens.access_token)).toBe(false);
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toThrow();
    await expect(oidc.refreshTokenGrant(config, String(tokens.refresh_token))).rejects.toMatchObject({
      error: "invalid_grant",
    });
  }

  it("token revocation at the endpoint: the grant's tokens end; a refresh token takes the grant along", async () => {
    const { config, tokens, browser } = await signedInClient();
    await oidc.tokenRevocation(config, tokens.access_token);
    expect(await isActive(config, tokens.access_token)).toBe(false);
    // oidc-provider ends every token of the grant, keeping the grant (the consent) itself.
    await expect(oidc.refreshTokenGrant(config, String(tokens.refresh_token))).rejects.toMatchObject({
      error: "invalid_grant",
    });
    const listed = await call<Data>("/user/sessions", {}, { cookie: browser.cookie });
    expect(listed.body.data.items?.map((d) => d.app_code)).toContain("oidc:forum");

    const again = await startAuthorization(config, CB);
    const callback = await browser.follow(again.url.href);
    const fresh = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: again.verifier,
      expectedState: again.state,
      expectedNonce: again.nonce,
    });
    await oidc.tokenRevocation(config, String(fresh.refresh_token));
    await expect(oidc.refreshTokenGrant(config, String(fresh.refresh_token))).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(await isActive(config, fresh.access_token)).toBe(false);
    const after = await call<Data>("/user/sessions", {}, { cookie: browser.cookie });
    expect(after.body.data.items?.map((d) => d.app_code)).toEqual(["luid"]);
  });

  it("portal sign-out: tokens end and the next authorization asks to sign in again", async () => {
    const { config, tokens, browser } = await signedInClient();
    expect(await isActive(config, tokens.access_token)).toBe(true);
    const out = await call("/auth/logout", {}, { cookie: browser.cookie });
    expect(out.body.code).toBe(200);
    browser.absorb(out.setCookies);
    await expectEnded(config, tokens);
    const next = await startAuthorization(config, CB);
    expect((await browser.follow(next.url.href)).pathname).toBe("/signin");
  });

  it("log out of all devices", async () => {
    const { config, tokens, browser } = await signedInClient();
    await call("/auth/logout-all", {}, { cookie: browser.cookie });
    await expectEnded(config, tokens);
  });

  it("password change ends the other sessions' grants and keeps this one's", async () => {
    const user = await createUser();
    const a = await signedInClient({ user });
    const b = await signedInClient({ user });
    const changed = await call(
      "/user/change-password",
      {
        old_password: PASSWORD,
        new_password: "Another kettle parade 2026",
        confirm_password: "Another kettle parade 2026",
      },
      { cookie: a.browser.cookie },
    );
    expect(changed.body.code).toBe(200);
    expect(await isActive(a.config, a.tokens.access_token)).toBe(true);
    await expectEnded(b.config, b.tokens);
  });

  it("device sign-out from the profile: the client's row, or the browser it signed in through", async () => {
    const { config, tokens, browser } = await signedInClient();
    const list = await call<Data>("/user/sessions", {}, { cookie: browser.cookie });
    const client = list.body.data.items?.find((d) => d.app_code === "oidc:forum");
    expect(client).toBeTruthy();
    const out = await call("/user/revoke-session", { id: client?.id }, { cookie: browser.cookie });
    expect(out.body.code).toBe(200);
    await expectEnded(config, tokens);
    // The browser stays signed in; the list no longer shows the client.
    const after = await call<Data>("/user/sessions", {}, { cookie: browser.cookie });
    expect(after.body.data.items?.map((d) => d.app_code)).toEqual(["luid"]);

    // A second browser's sign-out, from the first browser's device list.
    const other = await signedInClient({ user: undefined });
    const otherList = await call<Data>("/user/sessions", {}, { cookie: other.browser.cookie });
    const otherBrowserRow = otherList.body.data.items?.find((d) => d.app_code === "luid");
    const signedIn = await call<Data>("/auth/signin", {
      email: other.user.email,
      password: PASSWORD,
    });
    const revoke = await call(
      "/user/revoke-session",
      { id: otherBrowserRow?.id },
      { cookie: signedIn.cookie },
    );
    expect(revoke.body.code).toBe(200);
    await expectEnded(other.config, other.tokens);
  });

  it("someone else's client row cannot be signed out", async () => {
    const { browser } = await signedInClient();
    const list = await call<Data>("/user/sessions", {}, { cookie: browser.cookie });
    const client = list.body.data.items?.find((d) => d.app_code === "oidc:forum");
    const stranger = await createUser();
    const strangerSession = await call("/auth/signin", { email: stranger.email, password: PASSWORD });
    const refused = await call(
      "/user/revoke-session",
      { id: client?.id },
      { cookie: strangerSession.cookie },
    );
    expect(refused.body.code).not.toBe(200);
  });
});

describe("RP-initiated logout", () => {
  it("asks, signs out of the portal and the client, and returns to the registered post-logout URI", async () => {
    const { config, tokens, browser } = await signedInClient();
    const url = oidc.buildEndSessionUrl(config, {
      id_token_hint: String(tokens.id_token),
      post_logout_redirect_uri: `${RP}/bye`,
      state: "s1",
    });
    const page = await browser.request(url.href);
    expect(page.status).toBe(200);
    // The portal pages' headers; the answer to the form may redirect to the client (form-action).
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("form-action 'self' http://rp.test;");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const html = await page.text();
    expect(html).toContain("Community forum");
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? "";
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const confirm = await browser.request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
    });
    expect(confirm.status).toBe(303);
    const back = new URL(String(confirm.headers.get("location")));
    expect(back.origin + back.pathname).toBe(`${RP}/bye`);
    expect(back.searchParams.get("state")).toBe("s1");
    expect(browser.cookie).not.toContain("SSID=");
    expect(await isActive(config, tokens.access_token)).toBe(false);
  });

  it("refuses a post-logout URI that is not registered", async () => {
    const { config, tokens, browser } = await signedInClient();
    const url = oidc.buildEndSessionUrl(config, {
      id_token_hint: String(tokens.id_token),
      post_logout_redirect_uri: "http://evil.test/bye",
    });
    const res = await browser.request(url.href);
    expect(res.status).toBe(400);
  });
});
