import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { CATALOGS } from "@/lib/i18n";
import { LANGUAGE_COOKIE, toLocale } from "@/lib/locales";

// No locale segment in the URL (SPEC routes have none): the LANGUAGE cookie picks the catalog.
export default getRequestConfig(async () => {
  const locale = toLocale((await cookies()).get(LANGUAGE_COOKIE)?.value);
  return { locale, messages: CATALOGS[locale], timeZone: "Asia/Ho_Chi_Minh" };
});
