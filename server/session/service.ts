import "server-only";
import { newId, newToken, sha256 } from "@/lib/ids";
import { SESSION_TTL_SECONDS } from "@/lib/session";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import { endOidcGrantsOfSessions } from "@/server/oidc/service";
import type { UserRow } from "@/server/user/repository";
import {
  cachedSession,
  cacheGeneration,
  forgetSessions,
  rememberSession,
  type SessionSelector,
} from "./cache";
import {
  findLiveSession,
  insertSession,
  revokeSessionByHash,
  revokeUserSessions,
  type SessionRow,
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

/** Opens a session for `appCode` and returns its token; only the token's hash is stored. */
export async function createSession(
  ctx: Pick<Ctx, "db" | "clock" | "ip" | "userAgent">,
  options: { user: UserRow; appCode: string; trustedDeviceId?: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const now = ctx.clock();
  const session = await insertSession(ctx.db, {
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
  });
  return { token, session };
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

/**
 * Revokes the session of a token (sign-out) and the OpenID Connect grants given in it; returns
 * the revoked row when there was one.
 */
export async function revokeToken(db: Executor, token: string, now: Date): Promise<SessionRow | undefined> {
  if (!token) return undefined;
  const row = await revokeSessionByHash(db, sha256(token), now);
  await forgetCachedSessions({ tokenHash: sha256(token) });
  if (row) await endOidcGrantsOfSessions(db, [row.id]);
  return row;
}

/**
 * Revokes every session of a person (the product tokens and OpenID Connect grants too), keeping
 * `exceptSessionId` when given; clears them from this process's cache at once.
 */
export async function revokeAllSessions(
  ctx: Pick<Ctx, "db" | "clock">,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const ids = await revokeUserSessions(ctx.db, userId, ctx.clock(), exceptSessionId);
  await forgetCachedSessions({ userId, exceptSessionId });
  await endOidcGrantsOfSessions(ctx.db, ids);
  return ids.length;
}
