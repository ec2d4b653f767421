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
  type SessionRow,
  touchSession,
} from "./repository";

/** The app code of the portal's own browser session (SPEC §9: default app_code luid). */
export const PORTAL_APP_CODE = "luid";
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Opens a session for `appCode` and returns its token; only the token's hash is stored. */
export async function createSession(
  ctx: Pick<Ctx, "db" | "clock" | "ip" | "userAgent">,
  options: { user: UserRow; appCode: string },
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
  const found = await findLiveSession(db, sha256(token), now);
  if (!found) return null;
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, found.session.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
  }
  return { ...found, token };
}

/** Revokes the session of a token (sign-out); returns the revoked row when there was one. */
export async function revokeToken(db: Executor, token: string, now: Date): Promise<SessionRow | undefined> {
  if (!token) return undefined;
  return revokeSessionByHash(db, sha256(token), now);
}
