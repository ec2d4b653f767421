import "server-only";
import { newId, newToken, sha256 } from "@/lib/ids";
import { SESSION_TTL_SECONDS } from "@/lib/session";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { UserRow } from "@/server/user/repository";
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
 * DESIGN §7: /2.0/auth/userinfo is the call every product makes. A live session is kept in
 * process memory for a few seconds; revoking it here drops it at once. (Another instance may
 * accept a revoked token for at most CACHE_MS.)
 */
const CACHE_MS = 5_000;
type Resolved = { session: SessionRow; user: UserRow; token: string };
const globalForSessions = globalThis as unknown as {
  __portalSessionCache?: Map<string, { at: number; value: Resolved }>;
};
globalForSessions.__portalSessionCache ??= new Map();
const cache = globalForSessions.__portalSessionCache;

/** Forgets cached sessions (after a revocation or a change to the person). */
export function forgetCachedSessions(predicate: (value: Resolved) => boolean = () => true): void {
  for (const [key, entry] of cache) if (predicate(entry.value)) cache.delete(key);
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
  const hit = cache.get(hash);
  if (hit && now.getTime() - hit.at < CACHE_MS && hit.value.session.expiresAt > now) return hit.value;
  const found = await findLiveSession(db, hash, now);
  if (!found) {
    cache.delete(hash);
    return null;
  }
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, found.session.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
  }
  const value = { ...found, token };
  if (cache.size > 50_000) cache.clear();
  cache.set(hash, { at: now.getTime(), value });
  return value;
}

/** Revokes the session of a token (sign-out); returns the revoked row when there was one. */
export async function revokeToken(db: Executor, token: string, now: Date): Promise<SessionRow | undefined> {
  if (!token) return undefined;
  cache.delete(sha256(token));
  return revokeSessionByHash(db, sha256(token), now);
}

/**
 * Revokes every session of a person (the product tokens too), keeping `exceptSessionId` when
 * given; clears them from this process's cache at once.
 */
export async function revokeAllSessions(
  ctx: Pick<Ctx, "db" | "clock">,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const count = await revokeUserSessions(ctx.db, userId, ctx.clock(), exceptSessionId);
  forgetCachedSessions((value) => value.user.id === userId && value.session.id !== exceptSessionId);
  return count;
}
