import { type CookieOptions, serializeCookie } from "./cookies";
import { sealJson, unsealJson } from "./iron-seal";

export const SESSION_COOKIE = "SSID";
export const USER_INFO_COOKIE = "LADI_USER_INFO";
/** SPEC §9: session and user-info cookies live 7 days. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * What the sealed SSID cookie carries: the session token (only the server can read it) and the
 * access-state hints the proxy needs without a database round trip. The signed-in layout and
 * every /2.0 call re-check them against the database.
 */
export type SessionCookie = {
  token: string;
  userId: string;
  hasPhone: boolean;
};

/** iron-session's seal (`sealData`), computed in place with node:crypto (lib/iron-seal.ts). */
export async function sealSession(data: SessionCookie, secret: string): Promise<string> {
  return sealJson(data, secret, SESSION_TTL_SECONDS * 1000);
}

/**
 * Opened cookies, by secret and sealed value, for a minute: a signed-in page makes several /2.0
 * calls in-process and the proxy opens the same cookie too, each unseal being two key derivations,
 * an HMAC and a decryption (DESIGN §7 render budget). Only a cookie that opened is kept, and only
 * the identical bytes find it; the session behind it is still checked against the database.
 */
const UNSEALED_MS = 60_000;
const UNSEALED_MAX = 10_000;
const globalForUnsealed = globalThis as unknown as {
  __portalUnsealed?: Map<string, Map<string, { at: number; value: SessionCookie }>>;
};
globalForUnsealed.__portalUnsealed ??= new Map();
const unsealedBySecret = globalForUnsealed.__portalUnsealed;

export async function unsealSession(
  sealed: string | undefined,
  secret: string,
): Promise<SessionCookie | null> {
  if (!sealed) return null;
  let opened = unsealedBySecret.get(secret);
  if (!opened) {
    opened = new Map();
    unsealedBySecret.set(secret, opened);
  }
  const now = Date.now();
  const hit = opened.get(sealed);
  if (hit && now - hit.at < UNSEALED_MS) return hit.value;
  const value = openSession(sealed, secret);
  if (value) {
    if (opened.size >= UNSEALED_MAX) opened.clear();
    opened.set(sealed, { at: now, value });
  }
  return value;
}

function openSession(sealed: string, secret: string): SessionCookie | null {
  const data = unsealJson(sealed, secret) as Partial<SessionCookie> | null;
  return data && typeof data.token === "string" && typeof data.userId === "string"
    ? { token: data.token, userId: data.userId, hasPhone: Boolean(data.hasPhone) }
    : null;
}

export type CookieContext = { secure: boolean };

/**
 * Lax by default; inside a sibling product's (cross-site) frame the cookie must be
 * `SameSite=None; Secure; Partitioned` or the browser drops it (browsers accept Secure on localhost).
 */
function baseOptions(ctx: CookieContext, frame = false): CookieOptions {
  if (frame) return { httpOnly: true, secure: true, sameSite: "None", partitioned: true };
  return { httpOnly: true, secure: ctx.secure, sameSite: "Lax" };
}

export function sessionCookies(
  sealed: string,
  userInfo: { _id: string; email: string; fullname: string },
  ctx: CookieContext,
  frame = false,
): string[] {
  const options = { ...baseOptions(ctx, frame), maxAge: SESSION_TTL_SECONDS };
  const info = Buffer.from(JSON.stringify(userInfo)).toString("base64url");
  return [serializeCookie(SESSION_COOKIE, sealed, options), serializeCookie(USER_INFO_COOKIE, info, options)];
}

export function clearedSessionCookies(ctx: CookieContext): string[] {
  const options = { ...baseOptions(ctx), maxAge: 0 };
  return [serializeCookie(SESSION_COOKIE, "", options), serializeCookie(USER_INFO_COOKIE, "", options)];
}
