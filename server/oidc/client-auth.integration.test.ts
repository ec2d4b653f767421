// Issue 38, trap 2: a product following README's openid-client example got invalid_client, because
// openid-client 6 sends the secret in the form body (client_secret_post) by default and the
// provider took HTTP Basic only. README's example runs here as written, with openid-client's
// defaults, and again with Basic (as curl -u and most other libraries send it); a client pinned to
// one method in OIDC_CLIENTS is held to it.
import * as oidc from "openid-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import { Browser } from "@/tests/support/oidc-browser";
import { type ServedProvider, serveOidcProvider } from "@/tests/support/oidc-provider";

const RP = "http://forum.test";
const SECRET = "change-me-forum-secret-32chars";
/** README's client, as README registers it (no token_endpoint_auth_method: either way). */
const FORUM = {
  client_id: "forum",
  client_secret: SECRET,
  name: "Community forum",
  redirect_uris: [`${RP}/auth/callback`],
  post_logout_redirect_uris: [`${RP}/`],
  first_party: true,
};
const POST_ONLY = {
  client_id: "post-only",
  client_secret: "post-only-secret-0123456789",
  redirect_uris: [`${RP}/post/cb`],
  first_party: true,
  token_endpoint_auth_method: "client_secret_post",
};
const BASIC_ONLY = {
  client_id: "basic-only",
  client_secret: "basic-only-secret-0123456789",
  redirect_uris: [`${RP}/basic/cb`],
  first_party: true,
  token_endpoint_auth_method: "client_secret_basic",
};
const SPA = { client_id: "spa", redirect_uris: [`${RP}/spa`], first_party: true };
process.env.OIDC_CLIENTS = JSON.stringify([FORUM, POST_ONLY, BASIC_ONLY, SPA]);

let provider: ServedProvider;

beforeAll(async () => {
  provider = await serveOidcProvider();
});

afterAll(() => provider.close());

beforeEach(() => resetLimitsForTests());

/** How each request to a client-authenticating endpoint presented the secret. */
type Seen = { path: string; method: "basic" | "post" | "none" };

/** openid-client's fetch, noting how the secret went (the answer is untouched). */
function recording(seen: Seen[]): oidc.CustomFetch {
  return (url, options) => {
    const headers = new Headers(options.headers);
    const body = options.body instanceof URLSearchParams ? options.body : new URLSearchParams();
    const method = headers.get("authorization")?.startsWith("Basic ")
      ? "basic"
      : body.has("client_secret")
        ? "post"
        : "none";
    if (options.method === "POST") seen.push({ path: new URL(url).pathname, method });
    return fetch(url, options as RequestInit);
  };
}

/** A person signed in to the portal in `browser` (the portal's /signin, as a page would call it). */
async function signedInBrowser() {
  const user = await createUser({ fullname: "Lan Nguyen", phone: "0987654321", isVerifyPhone: true });
  const browser = new Browser(() => provider.origin);
  const res = await call("/auth/signin", { email: user.email, password: PASSWORD });
  expect(res.body.code).toBe(200);
  browser.absorb(res.setCookies);
  return { user, browser };
}

/**
 * README "Registering an OIDC client", its openid-client example line for line (only the issuer,
 * plain http on loopback, and the callback URL the browser reached are this test's).
 */
async function readmeExample(
  browser: Browser,
  clientAuthentication: oidc.ClientAuth | undefined,
  seen: Seen[],
) {
  const config = await oidc.discovery(
    new URL(provider.issuer),
    "forum",
    "change-me-forum-secret-32chars",
    clientAuthentication,
    { execute: [oidc.allowInsecureRequests] },
  );
  config[oidc.customFetch] = recording(seen);
  // 1. Send the browser to the portal.
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${RP}/auth/callback`,
    scope: "openid profile email phone offline_access",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
  });
  const callbackUrl = await browser.follow(url.href);
  expect(callbackUrl.origin + callbackUrl.pathname).toBe(`${RP}/auth/callback`);
  // 2. On the callback: exchange the code (the ID token is validated against /oidc/jwks).
  const tokens = await oidc.authorizationCodeGrant(config, new URL(callbackUrl), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  // biome-ignore lint/style/noNonNullAssertion: README's line, as written.
  const { sub } = tokens.claims()!;
  const me = await oidc.fetchUserInfo(config, tokens.access_token, sub);
  // 3. Later: refresh (keep the new refresh token, the old one is spent), revoke, log out.
  // biome-ignore lint/style/noNonNullAssertion: README's line, as written.
  const next = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
  // biome-ignore lint/style/noNonNullAssertion: README's line, as written.
  await oidc.tokenRevocation(config, next.refresh_token!);
  const logoutUrl = oidc.buildEndSessionUrl(config, {
    // biome-ignore lint/style/noNonNullAssertion: README's line, as written.
    id_token_hint: tokens.id_token!,
    post_logout_redirect_uri: `${RP}/`,
  });
  return { config, tokens, sub, me, next, logoutUrl };
}

describe("README's openid-client example (issue 38)", () => {
  it("runs with openid-client's defaults: the secret in the form body (client_secret_post)", async () => {
    const { user, browser } = await signedInBrowser();
    const seen: Seen[] = [];
    const { config, sub, me, next, logoutUrl } = await readmeExample(browser, undefined, seen);
    expect(sub).toBe(user.id);
    expect(me).toMatchObject({ sub: user.id, email: user.email, name: "Lan Nguyen" });
    // Every client-authenticated call went the default way, and each one was answered.
    expect(seen.map((s) => s.path)).toEqual(["/oidc/token", "/oidc/token", "/oidc/token/revocation"]);
    expect(new Set(seen.map((s) => s.method))).toEqual(new Set(["post"]));
    // The revoked refresh token took its grant along.
    await expect(oidc.refreshTokenGrant(config, String(next.refresh_token))).rejects.toMatchObject({
      error: "invalid_grant",
    });
    expect(logoutUrl.pathname).toBe("/oidc/session/end");
  });

  it("runs with HTTP Basic (client_secret_basic), and the code exchange works by hand as curl -u sends it", async () => {
    const { user, browser } = await signedInBrowser();
    const seen: Seen[] = [];
    const { sub } = await readmeExample(browser, oidc.ClientSecretBasic(SECRET), seen);
    expect(sub).toBe(user.id);
    expect(new Set(seen.map((s) => s.method))).toEqual(new Set(["basic"]));

    // README's curl: -u forum:secret, the form in the body.
    const verifier = oidc.randomPKCECodeVerifier();
    const authorize = new URL(`${provider.issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: "forum",
      response_type: "code",
      scope: "openid email",
      redirect_uri: `${RP}/auth/callback`,
      state: "xyz",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    const callback = await browser.follow(authorize.href);
    const answer = await fetch(`${provider.issuer}/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`forum:${SECRET}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: String(callback.searchParams.get("code")),
        code_verifier: verifier,
        redirect_uri: `${RP}/auth/callback`,
      }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { access_token?: string; id_token?: string };
    expect(body.access_token).toBeTruthy();
    const me = await fetch(`${provider.issuer}/me`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(((await me.json()) as { email?: string }).email).toBe(user.email);
  });

  it("discovery lists exactly the methods the configured clients may use", async () => {
    const config = await oidc.discovery(new URL(provider.issuer), "spa", undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    expect(config.serverMetadata().token_endpoint_auth_methods_supported).toEqual([
      "client_secret_basic",
      "client_secret_post",
      "none",
    ]);
  });
});

describe("a client pinned to one method in OIDC_CLIENTS", () => {
  /** A client-authenticated call that needs no flow: the answer says whether the client got in. */
  async function introspect(client: { client_id: string; client_secret: string }, auth: oidc.ClientAuth) {
    const config = await oidc.discovery(
      new URL(provider.issuer),
      client.client_id,
      client.client_secret,
      auth,
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    return oidc.tokenIntrospection(config, "not-a-token").then(
      (answer) => ({ active: answer.active }),
      (error: { error?: string; status?: number }) => ({ error: error.error }),
    );
  }

  /** A code exchange with a code that does not exist: which error comes back (client first, then code). */
  async function exchange(form: Record<string, string>, authorization?: string) {
    const res = await fetch(`${provider.issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(authorization ? { authorization } : {}),
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: "no-such-code",
        code_verifier: oidc.randomPKCECodeVerifier(),
        redirect_uri: `${RP}/x`,
        ...form,
      }),
    });
    return { status: res.status, error: ((await res.json()) as { error?: string }).error };
  }
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

  it("client_secret_post: the body works, Basic is refused with invalid_client", async () => {
    expect(await introspect(POST_ONLY, oidc.ClientSecretPost(POST_ONLY.client_secret))).toEqual({
      active: false,
    });
    expect(await introspect(POST_ONLY, oidc.ClientSecretBasic(POST_ONLY.client_secret))).toEqual({
      error: "invalid_client",
    });
    expect(await exchange({}, basic(POST_ONLY.client_id, POST_ONLY.client_secret))).toEqual({
      status: 401,
      error: "invalid_client",
    });
  });

  it("client_secret_basic: Basic works, the body is refused with invalid_client", async () => {
    expect(await introspect(BASIC_ONLY, oidc.ClientSecretBasic(BASIC_ONLY.client_secret))).toEqual({
      active: false,
    });
    expect(await introspect(BASIC_ONLY, oidc.ClientSecretPost(BASIC_ONLY.client_secret))).toEqual({
      error: "invalid_client",
    });
    expect(
      await exchange({ client_id: BASIC_ONLY.client_id, client_secret: BASIC_ONLY.client_secret }),
    ).toEqual({ status: 401, error: "invalid_client" });
    // Basic gets past the check and the client in: the made-up code is what fails.
    expect(await exchange({}, basic(BASIC_ONLY.client_id, BASIC_ONLY.client_secret))).toEqual({
      status: 400,
      error: "invalid_grant",
    });
  });

  it("leaves every other request as it came: the provider reads the body the check read before it", async () => {
    // No Authorization header and a client pinned to Basic configured: these bodies are read by the
    // check and handed on; the provider parses them (the client gets in, the made-up code fails).
    expect(await exchange({ client_id: FORUM.client_id, client_secret: SECRET })).toEqual({
      status: 400,
      error: "invalid_grant",
    });
    expect(await exchange({ client_id: SPA.client_id })).toEqual({ status: 400, error: "invalid_grant" });
    expect(await exchange({}, basic(FORUM.client_id, SECRET))).toEqual({
      status: 400,
      error: "invalid_grant",
    });
    // A wrong secret is still the provider's invalid_client, whichever way it came.
    expect(await exchange({ client_id: FORUM.client_id, client_secret: "wrong-secret-0123456789" })).toEqual({
      status: 401,
      error: "invalid_client",
    });
  });

  it("refuses a form body past the provider's own limit without reading on", async () => {
    const res = await fetch(`${provider.issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `client_id=spa&padding=${"x".repeat(60 * 1024)}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error?: string }).error).toBe("invalid_request");
  });
});
