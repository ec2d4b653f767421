// Issue 14: a stock OpenID Connect relying party (openid-client) signs people in through the
// portal's own /signin page in Chromium. The RP's redirect URIs are pages of the local peer
// server; the RP's back channel (token, userinfo, introspection) runs here.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import * as oidc from "openid-client";
import { E2E, E2E_OIDC } from "../../../playwright.config";
import { freshAccount } from "../../support/e2e";
import { discover, exchangeCode, isActive, type RpClient, startAuthorization } from "../../support/oidc-rp";
import { Authenticator } from "../../support/totp";

const APP = `http://localhost:${E2E.appPort}`;
const ISSUER = `${APP}/oidc`;
const RP = E2E_OIDC.rpOrigin;

type Envelope<T = Record<string, unknown>> = { code: number; message: string; data: T };

/**
 * A browser in `lang` and the RP of `client` (the test closes the context). The RP's pages: any
 * navigation to its host shows a blank page the spec reads the URL of.
 */
async function rpBrowser(browser: Browser, client: RpClient, lang = "en") {
  const context = await browser.newContext({ baseURL: APP });
  await context.route(`${RP}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>RP</title><h1>RP</h1>",
    }),
  );
  await context.addCookies([{ name: "LANGUAGE", value: lang, url: APP }]);
  const page = await context.newPage();
  return { context, page, config: await discover(ISSUER, client) };
}

/** The portal's real sign-in form, in English unless other labels are given. */
async function fillSignIn(
  page: Page,
  email: string,
  password: string,
  labels = { password: "Password", submit: "Sign in" },
): Promise<void> {
  // Fields typed before the form's script runs are reset when it does.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(labels.password).fill(password);
  await page.getByRole("button", { name: labels.submit, exact: true }).click();
}

/** The sign-in form an authorization request led to. */
async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/signin\?.*path=%2Foidc%2Finteraction%2F/);
  await fillSignIn(page, email, password);
}

const VI_SIGN_IN = { password: "Mật khẩu", submit: "Đăng nhập" };

async function rpCallback(page: Page, path: string): Promise<URL> {
  await page.waitForURL((url) => url.href.startsWith(`${RP}${path}`), { timeout: 30_000 });
  return new URL(page.url());
}

async function post<T = Record<string, unknown>>(
  api: APIRequestContext,
  path: string,
  data: Record<string, unknown> = {},
): Promise<Envelope<T>> {
  return (await (await api.post(`/2.0${path}`, { headers: { origin: APP }, data })).json()) as Envelope<T>;
}

/** A fresh person with a password and a verified phone (made in a context of its own). */
async function newPerson(browser: Browser) {
  const context = await browser.newContext({ baseURL: APP });
  await context.addCookies([{ name: "LANGUAGE", value: "en", url: APP }]);
  const page = await context.newPage();
  const person = await freshAccount(page);
  return { ...person, setup: page, close: () => context.close() };
}

/** A fresh person (the context that made them closed), then a browser with the RP of `client`. */
async function personAndRp(browser: Browser, client: RpClient, lang?: string) {
  const person = await newPerson(browser);
  await person.close();
  return { person, ...(await rpBrowser(browser, client, lang)) };
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test("first-party client: code + PKCE through the real sign-in page, verified claims, refresh, revocation, device list, RP-initiated logout", async ({
  browser,
}) => {
  const { person, context, page, config } = await personAndRp(browser, E2E_OIDC.forum);
  // Discovery: the issuer at APP_URL/oidc, code with S256 only.
  expect(config.serverMetadata().issuer).toBe(ISSUER);
  expect(config.serverMetadata().code_challenge_methods_supported).toEqual(["S256"]);

  const started = await startAuthorization(config, `${RP}/cb`);
  await page.goto(started.url.href);
  await signInOnPage(page, person.email, person.password);
  // First-party: no consent screen.
  const callback = await rpCallback(page, "/cb");
  const tokens = await exchangeCode(config, callback, started);
  const claims = tokens.claims();
  expect(claims?.iss).toBe(ISSUER);
  expect(claims?.aud).toBe(E2E_OIDC.forum.clientId);
  const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims?.sub));
  expect(info).toMatchObject({
    email: person.email,
    email_verified: true,
    name: "Fresh Person",
    // OIDC Core §5.1: E.164 (the portal keeps Vietnamese numbers as 0xxxxxxxxx).
    phone_number: `+84${person.phone.slice(1)}`,
    phone_number_verified: true,
    locale: expect.any(String),
    zoneinfo: "Asia/Ho_Chi_Minh",
  });

  // Refresh rotates: a new pair, the old refresh token spent.
  const refreshed = await oidc.refreshTokenGrant(config, String(tokens.refresh_token));
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  expect(await isActive(config, refreshed.access_token)).toBe(true);

  // Already signed in to the portal: a second request is not asked again.
  const again = await startAuthorization(config, `${RP}/cb`);
  await page.goto(again.url.href);
  const silent = await rpCallback(page, "/cb");
  const second = await exchangeCode(config, silent, again);

  // Revocation at the endpoint.
  await oidc.tokenRevocation(config, second.access_token);
  expect(await isActive(config, second.access_token)).toBe(false);

  // The profile's device list names the client.
  await page.goto("/account/profile/security");
  const devices = page.getByRole("list", { name: "Devices" });
  await expect(devices.getByText(/Community forum/).first()).toBeVisible();

  // RP-initiated logout: asked in the person's language, then signed out of the portal too.
  const logout = oidc.buildEndSessionUrl(config, {
    id_token_hint: String(tokens.id_token),
    post_logout_redirect_uri: `${RP}/bye`,
    state: "bye-state",
  });
  await page.goto(logout.href);
  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  await expect(page.getByText("Community forum asks to sign you out of your account.")).toBeVisible();
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  const bye = await rpCallback(page, "/bye");
  expect(bye.searchParams.get("state")).toBe("bye-state");
  expect(await isActive(config, refreshed.access_token)).toBe(false);
  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/signin/);
  await context.close();
});

test("refusals: a wrong redirect URI, a missing PKCE challenge or verifier, a replayed code, a tampered state", async ({
  browser,
}) => {
  const { person, context, page, config } = await personAndRp(browser, E2E_OIDC.forum);

  // A redirect URI that is not registered: an error page at the portal, never a redirect there.
  const wrong = await startAuthorization(config, "http://evil.e2e.test/cb");
  const response = await page.goto(wrong.url.href);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This sign-in request cannot be completed" })).toBeVisible();
  expect(page.url()).toContain(`${APP}/oidc/`);

  // No code_challenge: refused back to the client.
  const noPkce = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${RP}/cb`,
    scope: "openid",
    state: "s",
  });
  await page.goto(noPkce.href);
  const refused = await rpCallback(page, "/cb");
  expect(refused.searchParams.get("error")).toBe("invalid_request");

  // A code without its verifier, then a code replayed.
  const started = await startAuthorization(config, `${RP}/cb`);
  await page.goto(started.url.href);
  await signInOnPage(page, person.email, person.password);
  const callback = await rpCallback(page, "/cb");
  await expect(
    oidc.authorizationCodeGrant(config, callback, {
      expectedState: started.state,
      expectedNonce: started.nonce,
    }),
  ).rejects.toMatchObject({ error: "invalid_grant" });

  const fresh = await startAuthorization(config, `${RP}/cb`);
  await page.goto(fresh.url.href);
  const freshCallback = await rpCallback(page, "/cb");
  const tokens = await exchangeCode(config, freshCallback, fresh);
  await expect(exchangeCode(config, freshCallback, fresh)).rejects.toMatchObject({ error: "invalid_grant" });
  expect(await isActive(config, tokens.access_token)).toBe(false);

  // A tampered state: the relying party refuses the response.
  const third = await startAuthorization(config, `${RP}/cb`);
  await page.goto(third.url.href);
  const thirdCallback = await rpCallback(page, "/cb");
  thirdCallback.searchParams.set("state", "tampered");
  await expect(
    oidc.authorizationCodeGrant(config, thirdCallback, {
      pkceCodeVerifier: third.verifier,
      expectedState: third.state,
    }),
  ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/state/) } });
  await context.close();
});

test("a person with two-factor on completes the second factor inside the OIDC sign-in; portal sign-out revokes the tokens", async ({
  browser,
}) => {
  const person = await newPerson(browser);
  const setup = await post<{ secret: string }>(person.setup.request, "/auth2-fa/generate-setup-url");
  expect(setup.code, setup.message).toBe(200);
  const secret = setup.data.secret;
  const authenticator = new Authenticator(secret);
  const enabled = await post(person.setup.request, "/auth2-fa/enable-2fa", {
    token: await authenticator.next(),
    method: "totp",
  });
  expect(enabled.code, enabled.message).toBe(200);
  await person.close();

  const { context, page, config } = await rpBrowser(browser, E2E_OIDC.forum);
  const started = await startAuthorization(config, `${RP}/cb`);
  await page.goto(started.url.href);
  await signInOnPage(page, person.email, person.password);
  await expect(page).toHaveURL(/\/verify-2fa\?/);
  await expect(page.locator("[data-testid=code-boxes][data-ready]")).toBeVisible();
  // A code is good once: the authenticator's next one is of a step the server has not taken.
  // The sixth digit confirms on its own.
  await page.keyboard.type(await authenticator.next());
  const callback = await rpCallback(page, "/cb");
  const tokens = await exchangeCode(config, callback, started);
  expect(await isActive(config, tokens.access_token)).toBe(true);

  // Signing out of the portal ends the client's tokens.
  await page.goto("/signin?logout=1");
  await expect(page).toHaveURL(/\/signin\?logout=1$/);
  expect(await isActive(config, tokens.access_token)).toBe(false);
  await expect(oidc.refreshTokenGrant(config, String(tokens.refresh_token))).rejects.toMatchObject({
    error: "invalid_grant",
  });
  await context.close();
});

test("third-party client: a consent screen in the person's language listing the scopes", async ({
  browser,
}) => {
  // Vietnamese (the default language) for this person.
  const { person, context, page, config } = await personAndRp(browser, E2E_OIDC.helpdesk, "vi");
  const started = await startAuthorization(config, `${RP}/spa`, { scope: "openid email profile" });
  await page.goto(started.url.href);
  await expect(page).toHaveURL(/\/signin\?/);
  await fillSignIn(page, person.email, person.password, VI_SIGN_IN);

  await expect(page).toHaveURL(/\/oidc-consent\?uid=/);
  await expect(
    page.getByRole("heading", { name: "Cho phép Help desk dùng tài khoản của bạn?" }),
  ).toBeVisible();
  await expect(page.getByText("Địa chỉ email và trạng thái xác minh")).toBeVisible();
  await expect(page.getByText("Họ tên, ảnh đại diện, ngôn ngữ và múi giờ của bạn")).toBeVisible();
  // Phone was not asked for.
  await expect(page.getByText("Số điện thoại và trạng thái xác minh")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Cho phép" }).click();

  const callback = await rpCallback(page, "/spa");
  const tokens = await exchangeCode(config, callback, started);
  const info = await oidc.fetchUserInfo(config, tokens.access_token, String(tokens.claims()?.sub));
  expect(info.email).toBe(person.email);
  expect(info).not.toHaveProperty("phone_number");

  // Cancelling answers access_denied to the client.
  await page.goto("/signin?logout=1");
  const declined = await startAuthorization(config, `${RP}/spa`, { scope: "openid email" });
  await page.goto(declined.url.href);
  await fillSignIn(page, person.email, person.password, VI_SIGN_IN);
  await expect(page).toHaveURL(/\/oidc-consent\?uid=/);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Hủy" }).click();
  const denied = await rpCallback(page, "/spa");
  expect(denied.searchParams.get("error")).toBe("access_denied");
  await context.close();
});
