import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { InteractionResults } from "oidc-provider";
import { parseCookies } from "@/lib/cookies";
import { translator } from "@/lib/i18n";
import { LANGUAGE_COOKIE, requestedLocale, resolveLocale } from "@/lib/locales";
import { logger } from "@/lib/logger";
import { type OidcLogin, oidcLoginOf } from "./authentication";
import { CLIENT_AUTH_PATHS, guardPinnedClientAuth, pinnedSecretMethods } from "./client-auth";
import { oidcPageHeaders } from "./page-headers";
import { type PortalSignIn, portalSignInFrom } from "./portal-session";
import { createOidcProvider, escapeHtml, OIDC_MOUNT, type OidcDeps, page } from "./provider";
import { findOidcCreatedAt, linkOidcGrant } from "./repository";
import { findOidcClient } from "./service";

type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

/** The portal page that finishes an interaction once the person signed in there. */
export const interactionPath = (uid: string) => `${OIDC_MOUNT}/interaction/${uid}`;
/** The third-party consent screen (a Next page). */
export const CONSENT_PAGE = "/oidc-consent";

const INTERACTION_ROUTE = /^\/oidc\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(confirm|abort))?$/;

function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader("location", location);
  res.setHeader("cache-control", "no-store");
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
}

/**
 * Whether the portal sign-in satisfies the request: `prompt=login` wants a sign-in made during
 * this interaction, `max_age` one no older than it says (a sign-in made during it always is).
 */
export function isSignInFreshEnough(
  signIn: Pick<PortalSignIn, "signedInAt">,
  interaction: { startedAt: Date; params: Record<string, unknown> },
  now: Date,
): boolean {
  if (signIn.signedInAt >= interaction.startedAt) return true;
  const prompts = String(interaction.params.prompt ?? "").split(" ");
  if (prompts.includes("login")) return false;
  const maxAge = Number(interaction.params.max_age);
  if (interaction.params.max_age !== undefined && Number.isFinite(maxAge)) {
    const signedIn = Math.floor(signIn.signedInAt.getTime() / 1000);
    if (Math.floor(now.getTime() / 1000) - signedIn > maxAge) return false;
  }
  return true;
}

/**
 * The error to answer instead of a login that cannot satisfy the request, which would otherwise
 * come straight back here (a redirect loop): an essential acr the portal sign-in does not have
 * (the portal cannot force a second factor on someone who has none), or this very sign-in already
 * given and still refused (a `claims` request for another person's `sub`).
 */
export function unmetLogin(
  interaction: Pick<Interaction, "prompt" | "lastSubmission">,
  login: OidcLogin,
): InteractionResults | undefined {
  const { reasons, details } = interaction.prompt;
  if (reasons.includes("essential_acr") || reasons.includes("essential_acrs")) {
    const asked = (details as { acr?: { value?: unknown; values?: unknown } }).acr;
    const values = Array.isArray(asked?.values) ? asked.values : [asked?.value];
    if (!values.includes(login.acr)) {
      return {
        error: "unmet_authentication_requirements",
        error_description: "the portal sign-in does not meet the requested acr",
      };
    }
  }
  const given = interaction.lastSubmission?.login;
  if (given?.accountId === login.accountId && given.ts === login.ts) {
    return { error: "login_required", error_description: "the portal sign-in does not meet the request" };
  }
  return undefined;
}

/** Where a person who must sign in (again) goes: the portal's /signin, back here afterwards. */
function signInUrl(interaction: Interaction, signIn: PortalSignIn | null): string {
  const search = new URLSearchParams({ path: interactionPath(interaction.uid) });
  const locale = requestedLocale(
    new URLSearchParams({ ui_locales: String(interaction.params.ui_locales ?? "") }),
  );
  if (locale) search.set("lang", locale);
  // Signed in but without a phone yet: the registration is completed first (SPEC access state).
  if (signIn && !signIn.user.phone) return `/complete-reg?${search.toString()}`;
  return `/signin?${search.toString()}`;
}

/**
 * The OpenID Connect provider on the portal's node server: /oidc/interaction/* is the portal's
 * sign-in and consent; everything else under /oidc goes to oidc-provider with the prefix stripped.
 */
export function createOidcHandler(deps: OidcDeps & { provider?: Provider }) {
  const provider = deps.provider ?? createOidcProvider(deps);
  const callback = provider.callback();
  const origin = new URL(deps.issuer).origin;
  const pinned = pinnedSecretMethods(deps.env.OIDC_CLIENTS);

  const signInOf = (req: IncomingMessage) =>
    portalSignInFrom(deps.db, {
      cookieHeader: req.headers.cookie,
      secret: deps.env.SESSION_SECRET,
      now: new Date(),
    });

  /** Gives the client what it asked for (missing scopes and claims) in a grant tied to the portal session. */
  async function grantConsent(interaction: Interaction, signIn: PortalSignIn): Promise<string> {
    const { prompt, params, grantId } = interaction;
    const existing = grantId ? await provider.Grant.find(grantId) : undefined;
    const grant =
      existing ?? new provider.Grant({ accountId: signIn.user.id, clientId: String(params.client_id) });
    const details = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(" "));
    }
    const id = await grant.save();
    await linkOidcGrant(deps.db, id, signIn.sessionId);
    return id;
  }

  async function start(req: IncomingMessage, res: ServerResponse, interaction: Interaction): Promise<void> {
    const signIn = await signInOf(req);
    if (interaction.prompt.name === "login") {
      const startedAt =
        (await findOidcCreatedAt(deps.db, "Interaction", interaction.uid)) ??
        new Date(interaction.iat * 1000);
      const params = interaction.params;
      if (!signIn?.user.phone || !isSignInFreshEnough(signIn, { startedAt, params }, new Date())) {
        return redirect(res, signInUrl(interaction, signIn));
      }
      const login = oidcLoginOf(signIn);
      const unmet = unmetLogin(interaction, login);
      if (unmet) return provider.interactionFinished(req, res, unmet, { mergeWithLastSubmission: false });
      return provider.interactionFinished(req, res, { login }, { mergeWithLastSubmission: false });
    }
    if (interaction.prompt.name === "consent") {
      if (!signIn || signIn.user.id !== interaction.session?.accountId) {
        return redirect(res, signInUrl(interaction, signIn));
      }
      const client = findOidcClient(deps.env, String(interaction.params.client_id));
      if (!client?.first_party) return redirect(res, `${CONSENT_PAGE}?uid=${interaction.uid}`);
      const grantId = await grantConsent(interaction, signIn);
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    }
    const result = { error: "invalid_request", error_description: "unsupported interaction" };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  /** The consent screen's answer (JSON, so the page navigates itself: CSP form-action stays 'self'). */
  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    action: "confirm" | "abort",
  ): Promise<void> {
    if (req.headers.origin && req.headers.origin !== origin) return json(res, 403, { error: "origin" });
    if (interaction.prompt.name !== "consent") return json(res, 409, { error: "not_consent" });
    const signIn = await signInOf(req);
    if (!signIn || signIn.user.id !== interaction.session?.accountId) {
      return json(res, 401, { error: "signin", redirect_url: signInUrl(interaction, signIn) });
    }
    const result: InteractionResults =
      action === "confirm"
        ? { consent: { grantId: await grantConsent(interaction, signIn) } }
        : { error: "access_denied", error_description: "The person declined the request" };
    const redirectUrl = await provider.interactionResult(req, res, result, {
      mergeWithLastSubmission: action === "confirm",
    });
    return json(res, 200, { redirect_url: redirectUrl });
  }

  async function interaction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    action: string | undefined,
  ): Promise<void> {
    let details: Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      // Expired, or opened in another browser than the one that started it. The portal's one
      // language rule (lib/locales.ts pickLocale); the interaction's ui_locales is gone with it.
      const locale = await resolveLocale(
        {
          cookie: parseCookies(req.headers.cookie)[LANGUAGE_COOKIE],
          acceptLanguage: req.headers["accept-language"],
        },
        async () => (await signInOf(req).catch(() => null))?.user.language,
      );
      const t = translator(locale);
      res.statusCode = 400;
      res.setHeader("content-type", "text/html; charset=utf-8");
      for (const [name, value] of Object.entries(oidcPageHeaders(deps.env))) res.setHeader(name, value);
      const title = escapeHtml(t("auth.oidc.error.title"));
      return void res.end(
        page(locale, title, `<h1>${title}</h1><p>${escapeHtml(t("auth.oidc.consent.expired"))}</p>`),
      );
    }
    if (details.uid !== uid) return json(res, 400, { error: "interaction" });
    if (!action && req.method === "GET") return start(req, res, details);
    if ((action === "confirm" || action === "abort") && req.method === "POST") {
      return answer(req, res, details, action);
    }
    return json(res, 405, { error: "method" });
  }

  /** Handles /oidc and /oidc/*; false for any other path. */
  return function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? "/";
    const path = url.split("?")[0] ?? "/";
    if (path !== OIDC_MOUNT && !path.startsWith(`${OIDC_MOUNT}/`)) return false;
    const match = INTERACTION_ROUTE.exec(path);
    if (match?.[1]) {
      interaction(req, res, match[1], match[2]).catch((error: unknown) => {
        logger.error({ err: error }, "oidc interaction failed");
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
      return true;
    }
    // Mounted like connect/express: the provider reads its mount path from originalUrl.
    Object.assign(req, { originalUrl: url, url: url.slice(OIDC_MOUNT.length) || "/" });
    if (pinned.size > 0 && CLIENT_AUTH_PATHS.has(path)) {
      guardPinnedClientAuth(req, res, pinned)
        .then((request) => request && callback(request, res))
        .catch((error: unknown) => {
          logger.error({ err: error }, "oidc client authentication check failed");
          if (!res.headersSent) res.statusCode = 500;
          res.end();
        });
      return true;
    }
    void callback(req, res);
    return true;
  };
}
