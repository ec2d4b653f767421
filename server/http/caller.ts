import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { normalizeIp } from "@/lib/format";
import { unsealSession } from "@/lib/session";
import type { Ctx, TokenSource } from "@/server/context";
import type { Db } from "@/server/db/client";
import { isPortalBrowserSession, PROVED_SECOND_FACTORS, resolveToken } from "@/server/session/service";
import type { ApiRequest } from "./api-request";
import type { Call } from "./call";

// Who is calling: the origin, the address, a product's or the bank's key, the person's session.

/** Per-configuration values, computed once (the env object is replaced only by tests). */
const configCache = new WeakMap<Env, { appOrigin?: string; apps: { code: string; key: Buffer }[] }>();
function configOf(config: Env) {
  let found = configCache.get(config);
  if (!found) {
    found = {
      appOrigin: config.APP_URL ? new URL(config.APP_URL).origin : undefined,
      apps: Object.entries(config.APPS_CONFIG).flatMap(([code, app]) =>
        app.api_key
          ? [{ code: code.toLowerCase(), key: createHash("sha256").update(app.api_key).digest() }]
          : [],
      ),
    };
    configCache.set(config, found);
  }
  return found;
}

/** The caller's address as stored: an IPv4-mapped IPv6 socket address ("::ffff:1.2.3.4") as plain IPv4. */
export function clientIp(request: ApiRequest): string {
  const ip = request.header("x-forwarded-for")?.split(",")[0]?.trim();
  return ip ? normalizeIp(ip) : "unknown";
}

/** The origin the browser sees: APP_URL when configured, else the Host the request came to. */
export function selfOrigin(request: ApiRequest, config: Env): string {
  const configured = configOf(config).appOrigin;
  if (configured) return configured;
  // Parsed only when a header is missing: this runs on every call.
  const host = request.header("x-forwarded-host") ?? request.header("host") ?? new URL(request.origin).host;
  const proto =
    request.header("x-forwarded-proto")?.split(",")[0] ??
    request.origin.slice(0, request.origin.indexOf(":"));
  return `${proto}://${host}`;
}

export function bearer(request: ApiRequest): string | undefined {
  const header = request.header("authorization")?.trim();
  if (!header) return undefined;
  return header.replace(/^Bearer\s+/i, "");
}

/** A browser form post from another site must not act with this site's cookie (CSRF). */
export function refuseCrossSite(request: ApiRequest, origin: string, headerToken: string | undefined): void {
  if (headerToken || request.method !== "POST") return;
  const sentOrigin = request.header("origin");
  const fetchSite = request.header("sec-fetch-site");
  const crossSite =
    (sentOrigin && sentOrigin !== origin) ||
    (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none");
  if (crossSite) throw new AppError("FORBIDDEN_ORIGIN");
}

/**
 * The product a server-to-server call comes from: its `api_key` (APPS_CONFIG) as the bearer,
 * compared in constant time against every app's key (DESIGN §11). Refused otherwise.
 */
export function productOf(
  request: ApiRequest,
  key: string | undefined,
  config: Env,
): NonNullable<Ctx["product"]> {
  const given = createHash("sha256")
    .update(key ?? "")
    .digest();
  let found: string | undefined;
  for (const app of configOf(config).apps) {
    if (timingSafeEqual(given, app.key) && key) found = app.code;
  }
  if (!found) throw new AppError("PRODUCT_KEY_INVALID");
  const idempotencyKey = request.header("idempotency-key")?.trim() || undefined;
  if (idempotencyKey && idempotencyKey.length > 255) {
    throw new AppError("VALIDATION", { fields: { "idempotency-key": "validation.invalidType" } });
  }
  return { appCode: found, idempotencyKey };
}

/** The bank notification's `Authorization: Apikey <BANK_WEBHOOK_KEY>`; off when no key is set. */
export function checkBankKey(request: ApiRequest, config: Env): void {
  const configured = config.BANK_WEBHOOK_KEY;
  const given = /^Apikey\s+(.+)$/i.exec(request.header("authorization")?.trim() ?? "")?.[1] ?? "";
  const digest = (v: string) => createHash("sha256").update(v).digest();
  if (!configured || !given || !timingSafeEqual(digest(given), digest(configured))) {
    throw new AppError("PRODUCT_KEY_INVALID");
  }
}

/**
 * The person behind a call, checked live: the header's token (a product's call), else the sealed
 * cookie's, else the body's `token` where the call takes one (sibling products). A call that
 * needs a session and has none is refused.
 */
export async function personOf(
  call: Call,
  sent: {
    db: Db;
    clock: () => Date;
    secret: string;
    headerToken: string | undefined;
    sealedCookie: string | undefined;
    body: Record<string, unknown>;
  },
): Promise<Ctx["auth"]> {
  if (call.auth === "admin") return operatorOf(sent);
  const sentToken = await tokenOf(call, sent);
  const found =
    sentToken && call.auth !== "none" && call.auth !== "product"
      ? await resolveToken(sent.db, sentToken.token, sent.clock())
      : null;
  if (call.auth === "session" && !found) throw new AppError("UNAUTHORIZED");
  if (!found) return null;
  return { ...found, via: sentToken?.via ?? "body" };
}

/**
 * The person's token a call carries: the header's, else the sealed cookie's (opened only when no
 * token came in the header: a product's call), else the body's `token` where the call takes one.
 */
async function tokenOf(
  call: Pick<Call, "bodyToken"> | undefined,
  sent: {
    secret: string;
    headerToken: string | undefined;
    sealedCookie: string | undefined;
    body: Record<string, unknown>;
  },
): Promise<{ token: string; via: TokenSource } | undefined> {
  if (sent.headerToken) return { token: sent.headerToken, via: "header" };
  const sealed = await unsealSession(sent.sealedCookie, sent.secret);
  // Only the cookie can be the portal's own browser session ("confirm it's you", the console).
  if (sealed?.token) return { token: sealed.token, via: "cookie" };
  const bodyToken = call?.bodyToken && typeof sent.body.token === "string" ? sent.body.token : undefined;
  return bodyToken ? { token: bodyToken, via: "body" } : undefined;
}

/**
 * The saved language of the person behind what a request carries (a token in the header, the
 * session cookie, the body's token where the call takes one), for the language rule when neither
 * `lang` nor the LANGUAGE cookie decides: also on calls that do not need the person (auth "none")
 * and on refusals said before the person is looked up. A product's call names its person in the
 * body's `token` (its bearer is its key), heard only once the key is good; the bank's key is no one.
 */
export async function savedLanguageOf(
  call: Call | undefined,
  sent: {
    db: () => Promise<Db>;
    clock: () => Date;
    secret: string;
    headerToken: string | undefined;
    sealedCookie: string | undefined;
    body: Record<string, unknown>;
    product: Ctx["product"] | undefined;
  },
): Promise<string | undefined> {
  let token: string | undefined;
  if (call?.auth === "product") {
    token = sent.product && typeof sent.body.token === "string" ? sent.body.token : undefined;
  } else if (call?.auth !== "bank") {
    // An operator call takes only the cookie.
    const from = call?.auth === "admin" ? { ...sent, headerToken: undefined } : sent;
    token = (await tokenOf(call, from))?.token;
  }
  if (!token) return undefined;
  const found = await resolveToken(await sent.db(), token, sent.clock());
  return found?.user.language;
}

/**
 * DESIGN §13: an operator call comes from the portal's own browser session, the cookie only (a
 * token in a header or the body is what products hold), of an active person with the admin scope
 * whose sign-in proved the second factor or used a passkey (PROVED_SECOND_FACTORS). A session
 * adopted from a product's token (/iframe) or handed to a product records none, nor does a
 * sign-in a trusted browser let skip the code.
 */
async function operatorOf(sent: {
  db: Db;
  clock: () => Date;
  secret: string;
  sealedCookie: string | undefined;
}): Promise<NonNullable<Ctx["auth"]>> {
  const sealed = await unsealSession(sent.sealedCookie, sent.secret);
  const found = sealed?.token ? await resolveToken(sent.db, sealed.token, sent.clock()) : null;
  if (!found) throw new AppError("UNAUTHORIZED");
  const auth = { ...found, via: "cookie" as const };
  if (auth.user.scope !== "admin" || auth.user.status !== "ACTIVE") throw new AppError("ADMIN_REQUIRED");
  if (!provedSecondFactor(auth)) throw new AppError("ADMIN_2FA_REQUIRED");
  return auth;
}

/** The portal's own browser session (not a product's token) whose sign-in proved the second factor. */
function provedSecondFactor(auth: NonNullable<Ctx["auth"]>): boolean {
  return (
    isPortalBrowserSession(auth) &&
    (PROVED_SECOND_FACTORS as readonly (string | null)[]).includes(auth.session.secondFactor)
  );
}

/**
 * DESIGN §13's operator reading of a "session" call (/affilate/commission-list, …): an active
 * admin whose portal sign-in proved the second factor, as auth mode "admin" asks. Anyone else —
 * an admin without it included — gets the call's own-rows answer.
 */
export function isProvedOperator(auth: Ctx["auth"] | undefined): boolean {
  return Boolean(
    auth && auth.user.scope === "admin" && auth.user.status === "ACTIVE" && provedSecondFactor(auth),
  );
}
