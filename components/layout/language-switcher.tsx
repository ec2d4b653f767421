"use client";
import { useLocale, useTranslations } from "next-intl";
import { LANGUAGE_COOKIE, LOCALE_NAMES, LOCALES } from "@/lib/locales";

/** SPEC §4: a language change stores the LANGUAGE cookie and reloads the page. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const locale = useLocale();
  const t = useTranslations("common");
  return (
    <label className={`inline-flex items-center gap-2 text-sm text-gray-600 ${className}`}>
      <span className="sr-only">{t("language")}</span>
      <select
        value={locale}
        onChange={(event) => {
          const secure = window.location.protocol === "https:" ? "; Secure" : "";
          // biome-ignore lint/suspicious/noDocumentCookie: the language cookie is read by the server on reload.
          document.cookie = `${LANGUAGE_COOKIE}=${event.target.value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
          window.location.reload();
        }}
        className="min-h-9 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
