import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { CATALOGS } from "@/lib/i18n";
import { LANGUAGE_COOKIE, resolveLocale } from "@/lib/locales";
import { SESSION_COOKIE } from "@/lib/session";
import { sessionLanguage } from "@/server/http/request-auth";

// No locale segment in the URL (SPEC routes have none). Pages speak by the one rule of every /2.0
// answer too (lib/locales.ts pickLocale): `?lang=` / `ui_locales` (proxy.ts hands it on as this
// request's LANGUAGE cookie and keeps it for the next ones), the LANGUAGE cookie, the signed-in
// person's saved language, Accept-Language, Vietnamese.
export default getRequestConfig(async () => {
  const [jar, sent] = await Promise.all([cookies(), headers()]);
  const locale = await resolveLocale(
    { cookie: jar.get(LANGUAGE_COOKIE)?.value, acceptLanguage: sent.get("accept-language") },
    () => sessionLanguage(jar.get(SESSION_COOKIE)?.value),
  );
  return { locale, messages: CATALOGS[locale], timeZone: "Asia/Ho_Chi_Minh" };
});
