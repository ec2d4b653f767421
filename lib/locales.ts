/** The five interface languages; vi is the default (SPEC §1). */
export const LOCALES = ["vi", "en", "th", "my", "id"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "vi";
export const LANGUAGE_COOKIE = "LANGUAGE";

export const LOCALE_NAMES: Record<Locale, string> = {
  vi: "Tiếng Việt",
  en: "English",
  th: "ไทย",
  my: "မြန်မာ",
  id: "Bahasa Indonesia",
};

/**
 * The locale numbers and dates are formatted in. Burmese is written with Latin digits and English
 * patterns: browsers often carry no Burmese formatting data (Chromium falls back to en-US) while
 * Node's full ICU writes Burmese digits, so a page formatted on the server would not match the
 * same page formatted in the browser. The words stay Burmese; only Intl's output is pinned.
 */
export function formatLocale(locale: string): string {
  return locale === "my" ? "en" : locale;
}

export function toLocale(value: string | null | undefined): Locale {
  return localeOf(value) ?? DEFAULT_LOCALE;
}

/** A language tag as one of the five (`TH`, `en-US`, `id_ID` → its language), or undefined. */
export function localeOf(tag: string | null | undefined): Locale | undefined {
  const base = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : undefined;
}

/**
 * SPEC: a sibling product may pass the interface language as `lang` or `ui_locales` (OpenID's
 * space-separated preference list); the first of the five the portal speaks wins.
 */
export function requestedLocale(params: URLSearchParams): Locale | undefined {
  const wanted = [params.get("lang") ?? "", ...(params.get("ui_locales") ?? "").split(/\s+/)];
  for (const tag of wanted) {
    const locale = localeOf(tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * The first of the five in an `Accept-Language` header, by its q-values (`en-US,en;q=0.9,vi;q=0.8`);
 * undefined when none is one the portal speaks.
 */
export function acceptedLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { locale: localeOf(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.locale !== undefined && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.locale;
}

/** What a request says about its language; each is used only when it names one of the five. */
export type LocaleSources = {
  /** The explicit choice: a page's `?lang=` / `ui_locales`, a call's query or JSON body `lang`. */
  explicit?: string | null;
  /** The `LANGUAGE` cookie (the language switch, or an earlier `?lang=`). */
  cookie?: string | null;
  /** The signed-in person's saved language (behind the session cookie or a person's token). */
  saved?: string | null;
  /** The `Accept-Language` header, q-values honoured. */
  acceptLanguage?: string | null;
};

/**
 * THE language rule of every page and every `/2.0` answer (README "For sibling products"): the
 * explicit choice, then the LANGUAGE cookie, then the signed-in person's saved language, then the
 * first of the five in Accept-Language, then Vietnamese.
 */
export function pickLocale(sources: LocaleSources): Locale {
  return (
    localeOf(sources.explicit) ??
    localeOf(sources.cookie) ??
    localeOf(sources.saved) ??
    acceptedLocale(sources.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}

/**
 * pickLocale for callers whose saved language costs a look-up (the person behind a token): `saved`
 * runs only when neither the explicit choice nor the cookie decides.
 */
export async function resolveLocale(
  sources: Omit<LocaleSources, "saved">,
  saved: () => Promise<string | null | undefined>,
): Promise<Locale> {
  const isDecided = localeOf(sources.explicit) !== undefined || localeOf(sources.cookie) !== undefined;
  return pickLocale(isDecided ? sources : { ...sources, saved: await saved() });
}
