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
