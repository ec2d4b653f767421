// Issue 38, trap 4: the ID token carries auth_time and sid as README says, and acr/amr telling how
// the person signed in to the portal (password, passkey, Google, a second factor); prompt=none
// answers login_required once the portal session it came from has ended, and consent_required
// when a live session still needs the person's consent.
import * as oidc from "openid-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { type OAuthPeer, startOAuthPeer } from "@/tests/peers/oauth";
import { type CallResponse, call, ORIGIN } from "@/tests/setup/api";
import { Browser } from "@/tests/support/oidc-browser";
import { type ServedProvider, serveOidcProvider } from "@/tests/support/oidc-provider";
import { discover, exchangeCode, startAuthorization } from "@/tests/support/oidc-rp";
import { addPasskey } from "@/tests/support/passkeys";
import { codeAt, type FlowData } from "@/tests/support/sign-in";
import { SoftAuthenticator } from "@/tests/support/soft-authenticator";

const RP = "http://rp.test";
const CB = `${RP}/cb`;
const SPA = `${RP}/spa`;
const FORUM = {
  client_id: "forum",
  client_secret: "forum-secret-0123456789",
  redirect_uris: [CB],
  first_party: true,
};
const HELPDESK = { client_id: "helpdesk", name: "Help desk", redirect_uris: [SPA], first_party: false };
process.env.OIDC_CLIENTS = JSON.stringify([FORUM, HELPDESK]);

let provider: ServedProvider;
let peer: OAuthPeer;

beforeAll(async () => {
  peer = await startOAuthPeer();
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: "google-client",
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_ISSUER: peer.issuer,
  });
  resetEnvForTests();
  provider = await serveOidcProvider();
});

afterAll(async () => {
  await provider.close();
  await peer.stop();
  for (const name of ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_ISSUER"]) delete process.env[name];
  resetEnvForTests();
});

beforeEach(() => resetLimitsForTests());

type Data = FlowData<{ user?: { _id: string } }>;

const forum = () =>
  discover(provider.issuer, { clientId: FORUM.client_id, clientSecret: FORUM.client_secret });
const helpdesk = () => discover(provider.issuer, { clientId: HELPDESK.client_id });
const newPerson = () => createUser({ phone: "0987654321", isVerifyPhone: true });
const epoch = () => Math.floor(Date.now() / 1000);

/** A browser holding the portal session a sign-in answer set. */
function browserWith(signIn: CallResponse<Data>): Browser {
  expect(signIn.body.code, JSON.stringify(signIn.body)).toBe(200);
  const browser = new Browser(() => provider.origin);
  browser.absorb(signIn.setCookies);
  return browser;
}

/** An authorization for the forum in `browser`, straight back to the client (no page shown), and its tokens. */
async function forumTokens(browser: Browser, params: Record<string, string> = {}) {
  const config = await forum();
  const started = await startAuthorization(config, CB, params);
  const callback = await browser.follow(started.url.href);
  expect(callback.origin + callback.pathname, callback.href).toBe(CB);
  const tokens = await exchangeCode(config, callback, started);
  return { config, tokens, claims: tokens.claims() as oidc.IDToken };
}

/** Where an authorization with `params` comes back to the client, for a prompt=none answer. */
async function answerOf(
  browser: Browser,
  config: oidc.Configuration,
  redirectUri: string,
  params: Record<string, string> = {},
) {
  const started = await startAuthorization(config, redirectUri, { prompt: "none", ...params });
  const back = await browser.follow(started.url.href);
  expect(back.origin + back.pathname, back.href).toBe(redirectUri);
  return { error: back.searchParams.get("error"), code: back.searchParams.get("code") };
}

/** A person with the authenticator app on, and the browser of a sign-in that proved it. */
async function signedInWithTotp() {
  const user = await newPerson();
  const setupSession = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
  const setup = await call<Data>("/auth2-fa/generate-setup-url", {}, { cookie: setupSession.cookie });
  const secret = String(setup.body.data.secret);
  const t0 = Date.now() - 30_000;
  const enabled = await call<Data>(
    "/auth2-fa/enable-2fa",
    { method: "totp", token: await codeAt(secret, t0) },
    { cookie: setupSession.cookie, clock: () => new Date(t0) },
  );
  expect(enabled.body.code).toBe(200);
  const first = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
  expect(first.body.data.custom_auth).toBeTruthy();
  const second = await call<Data>("/auth2-fa/verify-login", {
    custom_auth: first.body.data.custom_auth,
    token: await codeAt(secret, Date.now()),
  });
  return { user, browser: browserWith(second) };
}

/** A person with a passkey, signed in with it in a new browser. */
async function signedInWithPasskey() {
  const user = await newPerson();
  const setupSession = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
  const authenticator = new SoftAuthenticator({ origin: ORIGIN });
  await addPasskey(setupSession.cookie, authenticator);
  const options = await call<Data>("/passkey/signin-options", {});
  const response = authenticator.get(options.body.data as Parameters<SoftAuthenticator["get"]>[0]);
  return { user, authenticator, signIn: await call<Data>("/passkey/signin", { response }) };
}

describe("the ID token says when and how the person signed in", () => {
  it("a password: sub, iss, aud, exp, iat, auth_time, nonce, sid, acr 1fa and amr pwd, nothing else", async () => {
    const user = await newPerson();
    const before = epoch();
    const browser = browserWith(await call<Data>("/auth/signin", { email: user.email, password: PASSWORD }));
    const after = epoch();
    const { config, tokens, claims } = await forumTokens(browser);
    // README "OpenID Connect provider" lists exactly these.
    expect(Object.keys(claims).sort()).toEqual(
      ["acr", "amr", "aud", "auth_time", "exp", "iat", "iss", "nonce", "sid", "sub"].sort(),
    );
    expect(claims).toMatchObject({ sub: user.id, acr: "1fa", amr: ["pwd"] });
    expect(claims.auth_time).toBeGreaterThanOrEqual(before);
    expect(claims.auth_time).toBeLessThanOrEqual(after);
    expect(claims.sid).toEqual(expect.stringMatching(/^[\w-]{10,}$/));

    // The same sign-in, the same browser: the same auth_time and sid, and a refresh keeps them.
    const again = await forumTokens(browser);
    expect(again.claims).toMatchObject({
      auth_time: claims.auth_time,
      sid: claims.sid,
      acr: "1fa",
      amr: ["pwd"],
    });
    const refreshed = await oidc.refreshTokenGrant(config, String(tokens.refresh_token));
    expect(refreshed.claims()).toMatchObject({
      auth_time: claims.auth_time,
      sid: claims.sid,
      acr: "1fa",
      amr: ["pwd"],
    });
  });

  it("a password and the authenticator app: acr 2fa, amr pwd otp mfa", async () => {
    const { user, browser } = await signedInWithTotp();
    const { claims } = await forumTokens(browser);
    expect(claims).toMatchObject({ sub: user.id, acr: "2fa", amr: ["pwd", "otp", "mfa"] });
  });

  it("a passkey: acr 2fa, amr swk mfa", async () => {
    const { user, signIn } = await signedInWithPasskey();
    const { claims } = await forumTokens(browserWith(signIn));
    expect(claims).toMatchObject({ sub: user.id, acr: "2fa", amr: ["swk", "mfa"] });
  });

  it("Google: acr 1fa, amr fed", async () => {
    const user = await newPerson();
    const started = await call<Data & { url?: string }>("/auth/google-generate-url", {});
    peer.nextIdentity({ sub: `g-${user.email}`, email: user.email, email_verified: true });
    const answer = await fetch(String(started.body.data.url), { redirect: "manual" });
    const back = new URL(String(answer.headers.get("location")));
    const signIn = await call<Data>("/auth/oauth2-google", Object.fromEntries(back.searchParams), {
      cookie: started.cookie,
    });
    const { claims } = await forumTokens(browserWith(signIn));
    expect(claims).toMatchObject({ sub: user.id, acr: "1fa", amr: ["fed"] });
  });

  it("a new portal sign-in in the same browser: the next ID token is the new sign-in's, not the provider's old one", async () => {
    const { user, authenticator, signIn } = await signedInWithPasskey();
    const browser = new Browser(() => provider.origin);
    const password = await call<Data>("/auth/signin", { email: user.email, password: PASSWORD });
    browser.absorb(password.setCookies);
    const first = await forumTokens(browser);
    expect(first.claims.amr).toEqual(["pwd"]);
    expect(signIn.body.code).toBe(200);

    // Signed out of the portal and in again with the passkey, in this browser: the provider's
    // session cookie is still the password sign-in's.
    browser.absorb((await call("/auth/logout", {}, { cookie: browser.cookie })).setCookies);
    const options = await call<Data>("/passkey/signin-options", {});
    const response = authenticator.get(options.body.data as Parameters<SoftAuthenticator["get"]>[0]);
    browser.absorb((await call<Data>("/passkey/signin", { response })).setCookies);
    const second = await forumTokens(browser);
    expect(second.claims).toMatchObject({ sub: user.id, acr: "2fa", amr: ["swk", "mfa"] });
    expect(second.claims.auth_time).toBeGreaterThanOrEqual(first.claims.auth_time ?? 0);
    // The same person in the same browser: the provider's session for the client is the same one.
    expect(second.claims.sid).toBe(first.claims.sid);
  });

  it("an essential acr the sign-in does not have is refused, not looped (the portal cannot force a second factor)", async () => {
    const user = await newPerson();
    const browser = browserWith(await call<Data>("/auth/signin", { email: user.email, password: PASSWORD }));
    const essential = JSON.stringify({ id_token: { acr: { essential: true, values: ["2fa"] } } });
    const config = await forum();
    const started = await startAuthorization(config, CB, { claims: essential });
    const back = await browser.follow(started.url.href);
    expect(back.origin + back.pathname).toBe(CB);
    expect(back.searchParams.get("error")).toBe("unmet_authentication_requirements");

    const strong = await signedInWithTotp();
    const { claims } = await forumTokens(strong.browser, { claims: essential });
    expect(claims.acr).toBe("2fa");
  });
});

describe("a request the portal sign-in cannot meet is answered, not looped", () => {
  it("a claims request for someone else's sub than the person signed in: login_required", async () => {
    const other = await newPerson();
    const user = await newPerson();
    const browser = browserWith(await call<Data>("/auth/signin", { email: user.email, password: PASSWORD }));
    const config = await forum();
    const claims = JSON.stringify({ id_token: { sub: { value: other.id } } });
    const started = await startAuthorization(config, CB, { claims });
    const back = await browser.follow(started.url.href);
    expect(back.origin + back.pathname).toBe(CB);
    expect(back.searchParams.get("error")).toBe("login_required");
  });
});

describe("prompt=none", () => {
  it("after a portal sign-out: login_required (the provider's own cookie outlives the portal's)", async () => {
    const user = await newPerson();
    const browser = browserWith(await call<Data>("/auth/signin", { email: user.email, password: PASSWORD }));
    await forumTokens(browser);
    // While the portal session lives, the provider answers without a page.
    expect((await answerOf(browser, await forum(), CB)).code).toBeTruthy();

    const out = await call("/auth/logout", {}, { cookie: browser.cookie });
    expect(out.body.code).toBe(200);
    browser.absorb(out.setCookies);
    expect(browser.cookie).toMatch(/_session=/);
    expect(await answerOf(browser, await forum(), CB)).toEqual({ error: "login_required", code: null });
  });

  it("a browser that never signed in: login_required", async () => {
    const browser = new Browser(() => provider.origin);
    expect(await answerOf(browser, await forum(), CB)).toEqual({ error: "login_required", code: null });
  });

  it("a live session, a client the person has not consented to: consent_required", async () => {
    const user = await newPerson();
    const browser = browserWith(await call<Data>("/auth/signin", { email: user.email, password: PASSWORD }));
    await forumTokens(browser);
    expect(await answerOf(browser, await helpdesk(), SPA, { scope: "openid email" })).toEqual({
      error: "consent_required",
      code: null,
    });
  });
});
