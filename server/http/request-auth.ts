import "server-only";
import { parseCookies } from "@/lib/cookies";
import { env } from "@/lib/env";
import { LANGUAGE_COOKIE, type Locale, pickLocale, requestedLocale } from "@/lib/locales";
import { logger } from "@/lib/logger";
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

/**
 * The language of a plain GET route (a download) by the one rule (lib/locales.ts pickLocale):
 * its `?lang=` / `ui_locales`, the LANGUAGE cookie of the page it was clicked on, the person's
 * saved language, Accept-Language.
 */
export function requestLanguage(request: Request, saved: string | null | undefined): Locale {
  return pickLocale({
    explicit: requestedLocale(new URL(request.url).searchParams),
    cookie: parseCookies(request.headers.get("cookie"))[LANGUAGE_COOKIE],
    saved,
    acceptLanguage: request.headers.get("accept-language"),
  });
}

/**
 * The saved language of the person behind a sealed session cookie (the session cache answers most
 * look-ups), for a page whose language neither `?lang=` nor the LANGUAGE cookie decides. A failed
 * look-up leaves it to Accept-Language: the page's language is no reason to fail the page.
 */
export async function sessionLanguage(sealedCookie: string | undefined): Promise<string | undefined> {
  const sealed = await unsealSession(sealedCookie, env().SESSION_SECRET);
  if (!sealed?.token) return undefined;
  try {
    const found = await resolveToken(await getDb(), sealed.token, new Date());
    return found?.user.id === sealed.userId ? found.user.language : undefined;
  } catch (error) {
    logger.warn({ err: error }, "saved language not looked up");
    return undefined;
  }
}
