import "server-only";
import { newId, newToken, sha256 } from "@/lib/ids";
import { SESSION_TTL_SECONDS } from "@/lib/session";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { SessionRow } from "@/server/db/tables/sessions";
import type { UserRow } from "@/server/db/tables/users";
import { endOidcGrantsOfSessions } from "@/server/oidc/service";
import { enqueueEvent } from "@/server/outbox/service";
import {
  cachedSession,
  cacheGeneration,
  forgetSessions,
  rememberSession,
  type SessionSelector,
} from "./cache";
import {
  findAllSessionsOf,
  findLiveSession,
  findLiveSessions,
  insertSession,
  type RevokedSession,
  revokeSessionTree,
  revokeUserSessionRows,
  touchSession,
} from "./repository";

/** The app code of the portal's own browser session (SPEC §9: default app_code luid). */
export const PORTAL_APP_CODE = "luid";
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/**
 * Forgets cached sessions (after a revocation or a change to the person), here and in every
 * other instance (server/session/cache.ts). A revocation awaits it before answering.
 */
export function forgetCachedSessions(selector: SessionSelector): Promise<void> {
  return forgetSessions(selector);
}

/**
 * How a sign-in met the second factor: a code just proved (`totp`, `sms`, `backup`), a passkey
 * with user verification, or a browser trusted at an earlier sign-in.
 */
export type SecondFactorKind = "totp" | "sms" | "backup" | "passkey" | "trusted_device";

/**
 * How a sign-in proved who the person is (its first factor): a password, a passkey (with user
 * verification), a Google or Facebook account, or a verification code (sign-up, unverified account).
 */
export type SignInMethod = "password" | "passkey" | "google" | "facebook" | "zalo" | "code";

/**
 * The second factors the operator console accepts: proved at this very sign-in. A trusted browser
 * skipped the proof, and a session adopted from a product's token (/iframe) records none.
 */
export const PROVED_SECOND_FACTORS: readonly SecondFactorKind[] = ["totp", "sms", "backup", "passkey"];

/**
 * The portal's own browser session: a sign-in on the portal (not a product's token, nor a session
 * adopted from one or handed out from another) whose token came in the sealed cookie, not in a
 * header or the body. Only it may confirm it's you, and open the operator console.
 */
export function isPortalBrowserSession(auth: Pick<NonNullable<Ctx["auth"]>, "session" | "via">): boolean {
  return auth.via === "cookie" && auth.session.appCode === PORTAL_APP_CODE && !auth.session.parentSessionId;
}

/** A session's row as it is stored: only the token's hash is kept. */
export type NewSession = Omit<SessionRow, "revokedAt">;

/**
 * A session for `appCode` and its token, not yet stored: a sign-in stores it with the rest of its
 * writes in one statement (server/auth/repository.ts).
 */
export function newSession(
  ctx: Pick<Ctx, "clock" | "ip" | "userAgent">,
  options: {
    user: UserRow;
    appCode: string;
    trustedDeviceId?: string;
    parentSessionId?: string;
    /** How the sign-in met the second factor (a browser session's own; products' tokens have none). */
    secondFactor?: SecondFactorKind;
    /** How the sign-in proved who the person is (a product token: the browser session's). */
    signInMethod?: string | null;
  },
): { token: string; row: NewSession } {
  const token = newToken();
  const now = ctx.clock();
  return {
    token,
    row: {
      id: newId(),
      userId: options.user.id,
      tokenHash: sha256(token),
      appCode: options.appCode,
      userAgent: ctx.userAgent.slice(0, 500),
      ip: ctx.ip,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
      trustedDeviceId: options.trustedDeviceId ?? null,
      parentSessionId: options.parentSessionId ?? null,
      secondFactor: options.secondFactor ?? null,
      signInMethod: options.signInMethod ?? null,
    },
  };
}

/** Opens a session for `appCode` and returns its token; only the token's hash is stored. */
export async function createSession(
  ctx: Pick<Ctx, "db" | "clock" | "ip" | "userAgent">,
  options: {
    user: UserRow;
    appCode: string;
    trustedDeviceId?: string;
    parentSessionId?: string;
    /** A session handed out from another takes its sign-in method (SessionRow.signInMethod). */
    signInMethod?: string | null;
  },
): Promise<{ token: string; session: SessionRow }> {
  const { token, row } = newSession(ctx, options);
  return { token, session: await insertSession(ctx.db, row) };
}

/** The live session and user behind a token, or null. Marks it seen at most every 5 minutes. */
export async function resolveToken(
  db: Executor,
  token: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow; token: string } | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const hit = cachedSession(hash, now);
  if (hit) return hit;
  const generation = cacheGeneration();
  const found = await findLiveSession(db, hash, now);
  if (!found) return null;
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, found.session.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
  }
  const value = { ...found, token };
  rememberSession(hash, value, now, generation);
  return value;
}

/** Why a session ended, as the `session.ended` event tells the product. */
export type EndReason =
  | "signout"
  | "signout_all"
  | "password_changed"
  | "device_signout"
  | "registration"
  | "account_deleted";

/**
 * Tells each product whose token ended (single sign-out): a signed `session.ended` event in the
 * outbox for every revoked session of an app other than the portal's own. The product matches
 * `token_sha256` (hex SHA-256 of the token it holds); the token itself never travels.
 */
async function announceEnded(
  db: Executor,
  rows: Pick<SessionRow, "userId" | "appCode" | "tokenHash">[],
  reason: EndReason,
  now: Date,
): Promise<void> {
  for (const row of rows) {
    if (row.appCode === PORTAL_APP_CODE) continue;
    await enqueueEvent(db, {
      appCode: row.appCode,
      type: "session.ended",
      data: { user_id: row.userId, app_code: row.appCode, token_sha256: row.tokenHash, reason },
      now,
    });
  }
}

/** A live session by id with its person, or undefined. */
export function getLiveSession(db: Executor, id: string, now: Date) {
  return findLiveSession(db, { id }, now);
}

/** The person's live sessions, newest activity first (all apps, or one app's). */
export function listLiveSessions(
  ctx: Pick<Ctx, "db" | "clock">,
  userId: string,
  appCode?: string,
): Promise<SessionRow[]> {
  return findLiveSessions(ctx.db, userId, ctx.clock(), appCode);
}

/**
 * Revokes the session of a token (sign-out) with every session handed out from it (the product
 * tokens it gave, single sign-out) and the OpenID Connect grants given in them; each product
 * hears of it through `session.ended`. Answers whether the presented session was live.
 */
export async function revokeToken(
  db: Executor,
  token: string,
  now: Date,
  reason: EndReason = "signout",
): Promise<boolean> {
  if (!token) return false;
  const hash = sha256(token);
  const rows = await endSessions(db, { tokenHash: hash }, now, reason);
  await forgetCachedSessions({ tokenHash: hash });
  return rows.some((row) => row.tokenHash === hash);
}

/**
 * Signs chosen sessions of a person out (the device list, the device limit) with every session
 * handed out from them; returns the ids of the chosen ones that were live.
 */
export async function revokeSessionsOf(
  ctx: Pick<Ctx, "db" | "clock">,
  userId: string,
  ids: string[],
  reason: EndReason = "device_signout",
): Promise<string[]> {
  const rows = await endSessions(ctx.db, { userId, ids }, ctx.clock(), reason);
  return rows.filter((row) => ids.includes(row.id)).map((row) => row.id);
}

async function endSessions(
  db: Executor,
  roots: Parameters<typeof revokeSessionTree>[1],
  now: Date,
  reason: EndReason,
): Promise<RevokedSession[]> {
  const rows = await db.transaction(async (tx) => {
    const revoked = await revokeSessionTree(tx, roots, now);
    await announceEnded(tx, revoked, reason, now);
    return revoked;
  });
  if (rows.length === 0) return rows;
  await forgetCachedSessions({ sessionIds: rows.map((r) => r.id) });
  await endOidcGrantsOfSessions(
    db,
    rows.map((r) => r.id),
  );
  return rows;
}

/**
 * Revokes every session of a person (the product tokens and OpenID Connect grants too), keeping
 * `exceptSessionId` when given; clears them from this process's cache at once.
 */
export async function revokeAllSessions(
  ctx: Pick<Ctx, "db" | "clock">,
  userId: string,
  exceptSessionId?: string,
  reason: EndReason = "signout_all",
): Promise<number> {
  const now = ctx.clock();
  const rows = await ctx.db.transaction(async (tx) => {
    const revoked = await revokeUserSessionRows(tx, userId, now, exceptSessionId);
    await announceEnded(tx, revoked, reason, now);
    return revoked;
  });
  await forgetCachedSessions({ userId, exceptSessionId });
  await endOidcGrantsOfSessions(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** Every session of a person, live or ended, without its token (the data export). */
export function sessionsForExport(db: Executor, userId: string) {
  return findAllSessionsOf(db, userId);
}
