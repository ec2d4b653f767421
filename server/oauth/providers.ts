import "server-only";
// Adapter to Google (OpenID Connect, endpoints from GOOGLE_ISSUER's discovery document),
// Facebook (plain OAuth 2.0 with FACEBOOK_*_URL) and Zalo (Zalo Login v4, ZALO_LOGIN_*_URL):
// authorization-code flow with PKCE (oauth4webapi; plain fetch where Zalo is not OAuth 2.0).
import * as oauth from "oauth4webapi";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";

import { SOCIAL_PROVIDERS, type SocialProvider } from "./schema";

export const PROVIDERS = SOCIAL_PROVIDERS;
export type Provider = SocialProvider;

/** What the portal keeps of a provider's profile. */
export type SocialProfile = {
  subject: string;
  email: string | null;
  /** Google says so per address; Facebook only returns confirmed addresses; Zalo gives none. */
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

type ProviderSetup = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  scope: string;
  isOidc: boolean;
  options: { [oauth.allowInsecureRequests]?: boolean };
};

/** Plain http only for a provider on this machine (the local OAuth server of the tests). */
function insecureOptions(url: URL): ProviderSetup["options"] {
  const isLocal = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return url.protocol === "http:" && isLocal ? { [oauth.allowInsecureRequests]: true } : {};
}

const globalForOauth = globalThis as unknown as { __portalOidc?: Map<string, oauth.AuthorizationServer> };

async function discover(issuer: URL): Promise<oauth.AuthorizationServer> {
  globalForOauth.__portalOidc ??= new Map();
  const cached = globalForOauth.__portalOidc.get(issuer.href);
  if (cached) return cached;
  const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...insecureOptions(issuer) });
  const as = await oauth.processDiscoveryResponse(issuer, response);
  globalForOauth.__portalOidc.set(issuer.href, as);
  return as;
}

export function isConfigured(env: Env, provider: Provider): boolean {
  switch (provider) {
    case "google":
      return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
    case "facebook":
      return Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET);
    case "zalo":
      return Boolean(env.ZALO_LOGIN_APP_ID && env.ZALO_LOGIN_APP_SECRET);
  }
}

/** The providers whose buttons the sign-in pages show. */
export function configuredProviders(env: Env): Provider[] {
  return PROVIDERS.filter((p) => isConfigured(env, p));
}

async function setup(env: Env, provider: Exclude<Provider, "zalo">): Promise<ProviderSetup> {
  if (!isConfigured(env, provider)) throw new AppError("SOCIAL_NOT_CONFIGURED");
  try {
    if (provider === "google") {
      const issuer = new URL(env.GOOGLE_ISSUER);
      return {
        as: await discover(issuer),
        client: { client_id: env.GOOGLE_CLIENT_ID as string },
        auth: oauth.ClientSecretPost(env.GOOGLE_CLIENT_SECRET as string),
        scope: "openid email profile",
        isOidc: true,
        options: insecureOptions(issuer),
      };
    }
    const authUrl = new URL(env.FACEBOOK_AUTH_URL);
    return {
      as: {
        issuer: authUrl.origin,
        authorization_endpoint: env.FACEBOOK_AUTH_URL,
        token_endpoint: env.FACEBOOK_TOKEN_URL,
        userinfo_endpoint: env.FACEBOOK_USERINFO_URL,
      },
      client: { client_id: env.FACEBOOK_CLIENT_ID as string },
      auth: oauth.ClientSecretPost(env.FACEBOOK_CLIENT_SECRET as string),
      scope: "email public_profile",
      isOidc: false,
      options: insecureOptions(new URL(env.FACEBOOK_TOKEN_URL)),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.warn({ err: error, provider }, "social sign-in: provider discovery failed");
    throw new AppError("SOCIAL_FAILED");
  }
}

/** A fresh PKCE verifier (kept server-side) and the provider's authorization URL. */
export async function authorizationRequest(
  env: Env,
  provider: Provider,
  options: { redirectUri: string; state: string; nonce: string },
): Promise<{ url: string; codeVerifier: string }> {
  if (provider === "zalo") return zaloAuthorizationRequest(env, options);
  const { as, client, scope, isOidc } = await setup(env, provider);
  if (!as.authorization_endpoint) throw new AppError("SOCIAL_FAILED");
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set("client_id", client.client_id);
  url.searchParams.set("redirect_uri", options.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", scope);
  url.searchParams.set("state", options.state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  if (isOidc) url.searchParams.set("nonce", options.nonce);
  return { url: url.toString(), codeVerifier };
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function pictureOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  // Facebook: { picture: { data: { url } } }
  const url = (value as { data?: { url?: unknown } } | undefined)?.data?.url;
  return typeof url === "string" ? url : null;
}

/** Exchanges the code (with the PKCE verifier) and reads the person's profile. */
export async function exchangeCode(
  env: Env,
  provider: Provider,
  options: { code: string; state: string; redirectUri: string; codeVerifier: string; nonce: string },
): Promise<SocialProfile> {
  if (provider === "zalo") return zaloExchangeCode(env, options);
  const { as, client, auth, isOidc, options: requestOptions } = await setup(env, provider);
  try {
    // The state was checked against its single-use row and the browser's binding before this.
    const params = oauth.validateAuthResponse(
      as,
      client,
      new URLSearchParams({ code: options.code, state: options.state }),
      oauth.skipStateCheck,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      options.redirectUri,
      options.codeVerifier,
      requestOptions,
    );
    let accessToken: string;
    let expectedSubject: string | typeof oauth.skipSubjectCheck = oauth.skipSubjectCheck;
    if (isOidc) {
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: options.nonce,
        requireIdToken: true,
      });
      accessToken = result.access_token;
      expectedSubject = oauth.getValidatedIdTokenClaims(result)?.sub ?? oauth.skipSubjectCheck;
    } else {
      if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
      const body = (await response.json()) as { access_token?: unknown };
      if (typeof body.access_token !== "string") throw new Error("no access_token");
      accessToken = body.access_token;
    }
    const info = await oauth.userInfoRequest(as, client, accessToken, requestOptions);
    if (isOidc) {
      const claims = await oauth.processUserInfoResponse(as, client, expectedSubject, info);
      return {
        subject: claims.sub,
        email: text(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true,
        name: text(claims.name),
        picture: text(claims.picture),
      };
    }
    if (!info.ok) throw new Error(`userinfo answered ${info.status}`);
    const profile = (await info.json()) as Record<string, unknown>;
    const subject = text(profile.id) ?? text(profile.sub);
    if (!subject) throw new Error("profile without id");
    const email = text(profile.email)?.toLowerCase() ?? null;
    return {
      subject,
      email,
      emailVerified: Boolean(email),
      name: text(profile.name),
      picture: pictureOf(profile.picture),
    };
  } catch (error) {
    logger.warn({ err: error, provider }, "social sign-in: code exchange or profile failed");
    throw new AppError("SOCIAL_FAILED");
  }
}

/**
 * Zalo Login v4's permission page: `app_id` (not client_id), no scope or response_type; the
 * PKCE challenge and state as in OAuth 2.0.
 */
async function zaloAuthorizationRequest(
  env: Env,
  options: { redirectUri: string; state: string },
): Promise<{ url: string; codeVerifier: string }> {
  if (!isConfigured(env, "zalo")) throw new AppError("SOCIAL_NOT_CONFIGURED");
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const url = new URL(env.ZALO_LOGIN_AUTH_URL);
  url.searchParams.set("app_id", env.ZALO_LOGIN_APP_ID as string);
  url.searchParams.set("redirect_uri", options.redirectUri);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", options.state);
  return { url: url.toString(), codeVerifier };
}

/** Zalo answers HTTP 200 with `{ error: <non-zero>, error_name | message }` when it refuses. */
function zaloRefusal(body: Record<string, unknown>): string | undefined {
  const error = body.error;
  if (error === undefined || error === 0 || error === "0") return undefined;
  return `${String(error)} ${String(body.error_name ?? body.message ?? body.error_description ?? "")}`.trim();
}

async function zaloJson(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  const body = (await response.json()) as unknown;
  if (!body || typeof body !== "object") throw new Error(`${what} answered no JSON object`);
  const refusal = zaloRefusal(body as Record<string, unknown>);
  if (refusal) throw new Error(`${what} refused: ${refusal}`);
  return body as Record<string, unknown>;
}

const ZALO_TIMEOUT_MS = 10_000;

/**
 * Zalo's code exchange is not OAuth 2.0's: the secret goes in a `secret_key` header, the form
 * carries `app_id` (no redirect_uri) and the PKCE verifier, and a refusal is HTTP 200 with
 * `error` ≠ 0. The profile comes from the Graph API with the token in an `access_token` header.
 */
async function zaloExchangeCode(
  env: Env,
  options: { code: string; codeVerifier: string },
): Promise<SocialProfile> {
  if (!isConfigured(env, "zalo")) throw new AppError("SOCIAL_NOT_CONFIGURED");
  try {
    const token = await zaloJson(
      await fetch(env.ZALO_LOGIN_TOKEN_URL, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          secret_key: env.ZALO_LOGIN_APP_SECRET as string,
        },
        body: new URLSearchParams({
          app_id: env.ZALO_LOGIN_APP_ID as string,
          code: options.code,
          grant_type: "authorization_code",
          code_verifier: options.codeVerifier,
        }),
        signal: AbortSignal.timeout(ZALO_TIMEOUT_MS),
      }),
      "token endpoint",
    );
    const accessToken = text(token.access_token);
    if (!accessToken) throw new Error("no access_token");
    const profile = await zaloJson(
      await fetch(env.ZALO_LOGIN_PROFILE_URL, {
        headers: { access_token: accessToken },
        signal: AbortSignal.timeout(ZALO_TIMEOUT_MS),
      }),
      "profile",
    );
    const subject = text(profile.id) ?? (typeof profile.id === "number" ? String(profile.id) : null);
    if (!subject) throw new Error("profile without id");
    // No email from Zalo, ever: the account's address is proved by a code at /complete-reg.
    return {
      subject,
      email: null,
      emailVerified: false,
      name: text(profile.name),
      picture: pictureOf(profile.picture),
    };
  } catch (error) {
    logger.warn({ err: error, provider: "zalo" }, "social sign-in: code exchange or profile failed");
    throw new AppError("SOCIAL_FAILED");
  }
}
