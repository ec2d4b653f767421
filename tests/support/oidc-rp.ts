// A stock OpenID Connect relying party (openid-client, written by nobody here) as both OIDC suites
// drive the portal's provider: server/oidc/oidc.integration.test.ts on an ephemeral server and
// tests/e2e/auth/oidc.spec.ts in Chromium. Plain openid-client, so either runner can load it.
import * as oidc from "openid-client";

/** A registered client as the relying party knows it (no secret: a public client). */
export type RpClient = { clientId: string; clientSecret?: string };

export function discover(issuer: string, client: RpClient): Promise<oidc.Configuration> {
  return oidc.discovery(
    new URL(issuer),
    client.clientId,
    client.clientSecret,
    client.clientSecret ? oidc.ClientSecretBasic(client.clientSecret) : oidc.None(),
    // ID tokens are checked against the published keys too (signature), not only their claims.
    { execute: [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] },
  );
}

/** What the relying party keeps between the authorization request and the code exchange. */
export type Started = { url: URL; verifier: string; state: string; nonce: string };

/** An authorization request with PKCE (S256), a state and a nonce; `params` add or override. */
export async function startAuthorization(
  config: oidc.Configuration,
  redirectUri: string,
  params: Record<string, string> = {},
): Promise<Started> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid profile email phone offline_access",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...params,
  });
  return { url, verifier, state, nonce };
}

/** The code exchange with every check of `started`, an ID token required. */
export function exchangeCode(config: oidc.Configuration, callback: URL, started: Started) {
  return oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
    idTokenExpected: true,
  });
}

export async function isActive(config: oidc.Configuration, token: string): Promise<boolean> {
  return (await oidc.tokenIntrospection(config, token)).active;
}
