import "server-only";
import { parseCookies } from "@/lib/cookies";
import { env } from "@/lib/env";
import { SESSION_COOKIE, unsealSession } from "@/lib/session";
import { getDb } from "@/server/db/client";
import { resolveToken } from "@/server/session/service";

/** The signed-in person of a plain GET route (a download): the sealed session cookie, checked live. */
export async function requestAuth(request: Request) {
  const cookies = parseCookies(request.headers.get("cookie"));
  const sealed = await unsealSession(cookies[SESSION_COOKIE], env().SESSION_SECRET);
  if (!sealed?.token) return null;
  const db = await getDb();
  const auth = await resolveToken(db, sealed.token, new Date());
  return auth ? { ...auth, db } : null;
}
