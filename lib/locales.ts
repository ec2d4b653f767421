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
  const v = (value ?? "").toLowerCase();
  return (LOCALES as readonly string[]).includes(v) ? (v as Locale) : DEFAULT_LOCALE;
}

/**
 * SPEC: a sibling product may pass the interface language as `lang` or `ui_locales` (OpenID's
 * space-separated preference list); the first of the five the portal speaks wins.
 */
export function requestedLocale(params: URLSearchParams): Locale | undefined {
  const wanted = [params.get("lang") ?? "", ...(params.get("ui_locales") ?? "").split(/\s+/)];
  for (const tag of wanted) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
    if ((LOCALES as readonly string[]).includes(base)) return base as Locale;
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
      return {
        base: tag.trim().toLowerCase().split(/[-_]/)[0] ?? "",
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.q > 0 && (LOCALES as readonly string[]).includes(entry.base))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.base as Locale | undefined;
}
