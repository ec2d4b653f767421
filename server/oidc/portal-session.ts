import "server-only";
import { parseCookies } from "@/lib/cookies";
import { SESSION_COOKIE, unsealSession } from "@/lib/session";
import type { Executor } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { resolveToken } from "@/server/session/service";

/** The portal sign-in a browser presents (its SSID cookie), as the OIDC provider needs it. */
export type PortalSignIn = {
  sessionId: string;
  user: UserRow;
  /** When the person signed in: the OIDC `auth_time`. */
  signedInAt: Date;
  /** The session's token, to revoke it (RP-initiated logout). */
  token: string;
  /** How the person signed in (sessions.sign_in_method): the ID token's amr and acr. */
  signInMethod: string | null;
  /** The second factor proved at that sign-in (sessions.second_factor). */
  secondFactor: string | null;
};

/** The live portal session behind a Cookie header, or null (none, revoked, or the account is not active). */
export async function portalSignInFrom(
  db: Executor,
  options: { cookieHeader: string | undefined; secret: string; now: Date },
): Promise<PortalSignIn | null> {
  const sealed = parseCookies(options.cookieHeader)[SESSION_COOKIE];
  const cookie = await unsealSession(sealed, options.secret);
  if (!cookie) return null;
  const found = await resolveToken(db, cookie.token, options.now);
  if (found?.user.status !== "ACTIVE" || found.user.id !== cookie.userId) return null;
  return {
    sessionId: found.session.id,
    user: found.user,
    signedInAt: found.session.createdAt,
    token: found.token,
    signInMethod: found.session.signInMethod,
    secondFactor: found.session.secondFactor,
  };
}
