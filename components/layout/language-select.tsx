"use client";
import { writeCookie } from "@/lib/browser-storage";
import { LANGUAGE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/locales";

/**
 * SPEC §4: a language change stores the LANGUAGE cookie and reloads the page. Takes its words as
 * props, so the sign-in screens use it without the client catalog.
 */
export function LanguageSelect({
  locale,
  label,
  className = "",
}: {
  locale: Locale;
  label: string;
  className?: string;
}) {
  return (
    <label className={`inline-flex items-center gap-2 text-sm text-gray-600 ${className}`}>
      <span className="sr-only">{label}</span>
      <select
        value={locale}
        onChange={(event) => {
          const kept = writeCookie({
            name: LANGUAGE_COOKIE,
            value: event.target.value,
            maxAge: 31536000,
            secure: window.location.protocol === "https:",
          });
          const url = new URL(window.location.href);
          const pinned = url.searchParams.has("lang") || url.searchParams.has("ui_locales");
          if (kept && !pinned) {
            window.location.reload();
            return;
          }
          // No cookie here (blocked in another site's frame), or the URL names a language that would
          // win over it: the server reads `lang` from the URL.
          url.searchParams.delete("ui_locales");
          url.searchParams.set("lang", event.target.value);
          window.location.assign(url);
        }}
        className="min-h-9 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        {LOCALES.map((l) => (
          // Each name is in its own language: screen readers say it so, checks of a page's language skip it.
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
