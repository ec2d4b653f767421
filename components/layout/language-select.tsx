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
    <label className={`relative inline-flex items-center text-sm text-gray-600 ${className}`}>
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
        // Styled as the form's inputs (border, corners, focus ring), still the browser's own select.
        className="min-h-10 cursor-pointer appearance-none rounded-lg border border-gray-300 bg-white py-2 pr-9 pl-3 text-sm text-gray-900 outline-none hover:border-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      >
        {LOCALES.map((l) => (
          // Each name is in its own language: screen readers say it so, checks of a page's language skip it.
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      <svg
        viewBox="0 0 20 20"
        aria-hidden
        className="pointer-events-none absolute right-3 size-4 text-gray-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M5.5 7.5 10 12l4.5-4.5" />
      </svg>
    </label>
  );
}
