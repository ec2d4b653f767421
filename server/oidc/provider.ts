import "server-only";
import Provider, {
  type Account,
  type ClientMetadata,
  type Configuration,
  interactionPolicy,
  type KoaContextWithOIDC,
} from "oidc-provider";
import { parseCookies } from "@/lib/cookies";
import type { Env } from "@/lib/env";
import {
  clientAuthMethodsOf,
  type OidcClientConfig,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type TokenEndpointAuthMethod,
} from "@/lib/env-values";
import { translator } from "@/lib/i18n";
import { LANGUAGE_COOKIE, type Locale, requestedLocale, resolveLocale } from "@/lib/locales";
import { logger } from "@/lib/logger";
import { clearedSessionCookies, SESSION_TTL_SECONDS } from "@/lib/session";
import { toE164 } from "@/lib/validation";
import type { Executor } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { revokeToken } from "@/server/session/service";
import { findUserById } from "@/server/user/service";
import { PortalOidcAdapter } from "./adapter";
import { isCurrentLogin, OIDC_ACR_VALUES, oidcLoginOf } from "./authentication";
import { loadOidcJwks, oidcCookieKeys } from "./keys";
import { secureProviderPages } from "./page-headers";
import { portalSignInFrom } from "./portal-session";
import { linkOidcGrant } from "./repository";

/** Where the provider lives on the portal's origin; the issuer is APP_URL + this. */
export const OIDC_MOUNT = "/oidc";
export const OIDC_SCOPES = ["openid", "offline_access", "profile", "email", "phone"] as const;
export const OIDC_CLAIMS = {
  // In every ID token (issue 38); userinfo answers only the account's claims (findAccount).
  openid: ["sub", "auth_time", "acr", "amr", "sid"],
  profile: ["name", "picture", "locale", "zoneinfo"],
  email: ["email", "email_verified"],
  phone: ["phone_number", "phone_number_verified"],
} as const;

export type OidcDeps = {
  db: Executor;
  env: Env;
  /** APP_URL + /oidc (tests: their ephemeral server's address). */
  issuer: string;
};

/** The issuer: APP_URL/oidc, or the local address when APP_URL is unset. */
export function oidcIssuer(config: Pick<Env, "APP_URL" | "PORT">): string {
  const base = (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
  return `${base}${OIDC_MOUNT}`;
}

/**
 * The provider's client metadata for a configured client (no secret = public, PKCE-only). A client
 * with a secret is registered with its first method: oidc-provider takes client_secret_basic and
 * client_secret_post as one family (either registered method accepts both once both are enabled);
 * a pinned client is held to its one method by the front door (server/oidc/client-auth.ts).
 */
export function toClientMetadata(client: OidcClientConfig): ClientMetadata {
  const [method] = clientAuthMethodsOf(client);
  return {
    client_id: client.client_id,
    ...(client.client_secret ? { client_secret: client.client_secret } : {}),
    token_endpoint_auth_method: method,
    client_name: client.name ?? client.client_id,
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
}

/**
 * The token endpoint authentication methods the configured clients use, in a fixed order: what
 * discovery's token_endpoint_auth_methods_supported lists (issue 38: openid-client's default
 * client_secret_post used to be refused with invalid_client).
 */
export function acceptedClientAuthMethods(clients: readonly OidcClientConfig[]): TokenEndpointAuthMethod[] {
  const used = new Set(clients.flatMap(clientAuthMethodsOf));
  const methods = TOKEN_ENDPOINT_AUTH_METHODS.filter((method) => used.has(method));
  // No client at all (the provider is then not served): the provider still wants one method.
  return methods.length > 0 ? methods : ["none"];
}

/** The claims a person's account gives, by scope (OIDC_CLAIMS): what userinfo answers. */
export function accountClaims(user: UserRow, origin: string): Record<string, unknown> {
  return {
    sub: user.id,
    name: user.fullname,
    picture: user.avatar ? new URL(user.avatar, origin).toString() : undefined,
    locale: user.language,
    zoneinfo: user.timezone,
    email: user.email,
    email_verified: user.isVerifyEmail,
    // OIDC Core §5.1: E.164 (the portal keeps Vietnamese numbers as 0xxxxxxxxx).
    phone_number: user.phone ? toE164(user.phone, user.countryCode) : undefined,
    phone_number_verified: user.phone ? user.isVerifyPhone : undefined,
  };
}

/**
 * The language of the provider's own pages, by the portal's one rule (lib/locales.ts pickLocale):
 * `ui_locales` (or `lang`), the LANGUAGE cookie, the signed-in person's saved language,
 * Accept-Language.
 */
async function localeOf(ctx: KoaContextWithOIDC, deps: OidcDeps): Promise<Locale> {
  const search = new URLSearchParams(ctx.querystring);
  const uiLocales = ctx.oidc?.params?.ui_locales;
  if (typeof uiLocales === "string") search.set("ui_locales", uiLocales);
  return resolveLocale(
    {
      explicit: requestedLocale(search),
      cookie: parseCookies(ctx.get("cookie"))[LANGUAGE_COOKIE],
      acceptLanguage: ctx.get("accept-language"),
    },
    async () => {
      // An error page must still render when the look-up fails: Accept-Language decides then.
      const signIn = await portalSignInFrom(deps.db, {
        cookieHeader: ctx.get("cookie"),
        secret: deps.env.SESSION_SECRET,
        now: new Date(),
      }).catch(() => null);
      return signIn?.user.language;
    },
  );
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** The provider's own pages (log-out question, signed out, error), in the portal's look and language. */
export function page(locale: Locale, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}main{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:32px;max-width:400px;width:100%}h1{font-size:1.25rem;margin:0 0 12px}p{color:#4b5563}button{display:block;width:100%;padding:10px;margin-top:12px;border-radius:8px;border:1px solid #d1d5db;font-size:1rem;cursor:pointer;background:#fff}button[value=yes]{background:#2563eb;color:#fff;border-color:#2563eb}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Ends the portal session too when the person confirms a full sign-out at end_session: the OpenID
 * provider's session is the portal's.
 */
function signOutOfPortalOnLogout(provider: Provider, deps: OidcDeps): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== "/session/end/confirm" || ctx.method !== "POST" || ctx.status >= 400) return;
    if (!ctx.oidc?.params?.logout) return;
    const signIn = await portalSignInFrom(deps.db, {
      cookieHeader: ctx.get("cookie"),
      secret: deps.env.SESSION_SECRET,
      now: new Date(),
    });
    if (signIn) await revokeToken(deps.db, signIn.token, new Date());
    const secure = ctx.secure;
    for (const cookie of clearedSessionCookies({ secure })) ctx.append("set-cookie", cookie);
  });
}

/**
 * Every ID token carries `sid` (the provider session's id for the client), as README promises.
 * oidc-provider adds it only for clients registered for back-channel logout
 * (`Client#includeSid`), which the portal does not offer; this makes that answer yes for every
 * client of this provider (the class is this provider's own). Refuses to start if a later
 * oidc-provider no longer has the method, rather than silently issuing tokens without `sid`.
 */
function includeSidInIdTokens(provider: Provider): void {
  const prototype = provider.Client.prototype as { includeSid?: () => boolean };
  if (typeof prototype.includeSid !== "function") {
    throw new Error("oidc-provider no longer has Client#includeSid: sid in ID tokens needs another way");
  }
  prototype.includeSid = () => true;
}

/**
 * The OpenID Connect provider (oidc-provider, certified) on the portal's database and sign-in.
 * Codes need PKCE (S256); refresh tokens rotate; the interaction is the portal's own pages.
 */
export function createOidcProvider(deps: OidcDeps): Provider {
  const { env: config, db } = deps;
  const origin = new URL(deps.issuer).origin;
  const policy = interactionPolicy.base();
  // The provider's session stands only while the portal sign-in it came from does: signing out
  // of the portal, or in again (as someone else, or another time), asks for a login again, so
  // auth_time, acr and amr are always the current portal sign-in's. `login_required` is what
  // prompt=none answers then (issue 38: without it the check answered interaction_required).
  policy.get("login")?.checks.add(
    new interactionPolicy.Check(
      "portal_session",
      "the portal session ended or changed",
      "login_required",
      async (ctx) => {
        const signIn = await portalSignInFrom(db, {
          cookieHeader: ctx.get("cookie"),
          secret: config.SESSION_SECRET,
          now: new Date(),
        });
        return signIn?.user.phone && isCurrentLogin(ctx.oidc.session, oidcLoginOf(signIn))
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT;
      },
    ),
  );

  const configuration: Configuration = {
    adapter: (name: string) => new PortalOidcAdapter(name, db),
    clients: config.OIDC_CLIENTS.map(toClientMetadata),
    jwks: loadOidcJwks(config),
    cookies: {
      keys: oidcCookieKeys(config.SESSION_SECRET),
      long: { httpOnly: true, sameSite: "lax" },
      short: { httpOnly: true, sameSite: "lax" },
    },
    scopes: [...OIDC_SCOPES],
    claims: Object.fromEntries(Object.entries(OIDC_CLAIMS).map(([k, v]) => [k, [...v]])),
    async findAccount(_ctx, sub): Promise<Account | undefined> {
      const user = await findUserById({ db }, sub);
      if (user?.status !== "ACTIVE") return undefined;
      return { accountId: user.id, claims: () => ({ ...accountClaims(user, origin), sub: user.id }) };
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}`,
    },
    responseTypes: ["code"],
    // The ID token's acr (server/oidc/authentication.ts), listed in discovery.
    acrValues: [...OIDC_ACR_VALUES],
    // What discovery advertises is exactly what some configured client may use (issue 38).
    clientAuthMethods: acceptedClientAuthMethods(config.OIDC_CLIENTS),
    // A grant reused by a later sign-in belongs to that sign-in's portal session from then on.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? "");
      if (!grantId) return undefined;
      const grant = await ctx.oidc.provider.Grant.find(grantId);
      if (!grant) return undefined;
      const signIn = await portalSignInFrom(db, {
        cookieHeader: ctx.get("cookie"),
        secret: config.SESSION_SECRET,
        now: new Date(),
      });
      if (signIn && signIn.user.id === grant.accountId) await linkOidcGrant(db, grantId, signIn.sessionId);
      return grant;
    },
    // OAuth 2.1: every client proves its code with PKCE, S256 being the only method offered.
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // The `claims` request parameter: a client may ask for scope claims in the ID token too.
      claimsParameter: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const locale = await localeOf(ctx, deps);
          const t = translator(locale);
          const client = ctx.oidc.client?.clientName ?? ctx.oidc.client?.clientId;
          ctx.body = page(
            locale,
            t("auth.oidc.logout.title"),
            `<h1>${escapeHtml(t("auth.oidc.logout.title"))}</h1><p>${escapeHtml(
              client ? t("auth.oidc.logout.bodyFrom", { client }) : t("auth.oidc.logout.body"),
            )}</p>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(
              t("auth.oidc.logout.yes"),
            )}</button><button type="submit" form="op.logoutForm">${escapeHtml(t("auth.oidc.logout.no"))}</button>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          const locale = await localeOf(ctx, deps);
          const t = translator(locale);
          ctx.body = page(
            locale,
            t("auth.oidc.logout.doneTitle"),
            `<h1>${escapeHtml(t("auth.oidc.logout.doneTitle"))}</h1><p>${escapeHtml(t("auth.oidc.logout.done"))}</p><p><a href="/signin">${escapeHtml(t("auth.oidc.logout.signInAgain"))}</a></p>`,
          );
        },
      },
    },
    async renderError(ctx, out) {
      const locale = await localeOf(ctx, deps);
      const t = translator(locale);
      ctx.type = "html";
      ctx.body = page(
        locale,
        t("auth.oidc.error.title"),
        `<h1>${escapeHtml(t("auth.oidc.error.title"))}</h1><p>${escapeHtml(t("auth.oidc.error.body"))}</p><p><code>${escapeHtml(String(out.error))}</code></p>`,
      );
    },
    // Refresh tokens for every client allowed the grant, rotated on each use; the provider's
    // session (and so the portal session) bounds the ones without offline_access.
    async issueRefreshToken(_ctx, client, code) {
      return client.grantTypeAllowed("refresh_token") && code.scopes.has("openid");
    },
    rotateRefreshToken: true,
    // Browser apps (public clients) call the token endpoint from their own origin.
    clientBasedCORS(_ctx, requestOrigin, client) {
      return client.redirectUris?.some((uri) => new URL(uri).origin === requestOrigin) ?? false;
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: SESSION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      RefreshToken: SESSION_TTL_SECONDS,
    },
  };
  const provider = new Provider(deps.issuer, configuration);
  includeSidInIdTokens(provider);
  // Behind a TLS-terminating proxy the provider must believe its X-Forwarded-Proto (https).
  provider.proxy = process.env.TRUST_PROXY === "1";
  secureProviderPages(provider, config);
  signOutOfPortalOnLogout(provider, deps);
  provider.on("server_error", (_ctx, error) => logger.error({ err: error }, "oidc provider error"));
  return provider;
}
