// The names people read for the family's app codes (SPEC §3: lp, ls, luid, la). Every screen
// that shows an app — packages, orders, payments, the customer modal, the credit log, devices —
// takes its words from here: the name an operator gave the app in APPS_CONFIG, else this
// portal's default in the person's language (catalog `apps.<code>`), else the code in capitals.

/** SPEC §3/§9 app codes with a default name in the catalogs. */
export const KNOWN_APP_CODES = ["lp", "ls", "luid", "la"] as const;
export type KnownAppCode = (typeof KNOWN_APP_CODES)[number];

/** App code → the name a person reads. */
export type AppNames = Record<string, string>;

/**
 * Every app's name in one language: the known codes' defaults (`translate("apps.lp")`, …), with
 * the names configured in APPS_CONFIG over them; codes are lower case.
 */
export function appNamesFor(
  configured: Readonly<Record<string, { name: string }>>,
  translate: (key: `apps.${KnownAppCode}`) => string,
): AppNames {
  const names: AppNames = {};
  for (const code of KNOWN_APP_CODES) names[code] = translate(`apps.${code}`);
  for (const [code, app] of Object.entries(configured)) {
    const name = app.name.trim();
    if (name) names[code.toLowerCase()] = name;
  }
  return names;
}

/** One app's name: from `names` (any case of the code), else its code in capitals; "" for none. */
export function appName(code: string | null | undefined, names: AppNames): string {
  if (!code) return "";
  return names[code.toLowerCase()] ?? code.toUpperCase();
}

/**
 * The family's apps the screens name with no APPS_CONFIG entry (by this portal's default names):
 * the console's Apps and clients page lists them beside the configured ones, so it never says
 * "no app" while every list names some (issue 39).
 */
export function unconfiguredApps(
  configuredCodes: readonly string[],
  translate: (key: `apps.${KnownAppCode}`) => string,
): { code: KnownAppCode; name: string }[] {
  const configured = new Set(configuredCodes.map((code) => code.toLowerCase()));
  return KNOWN_APP_CODES.filter((code) => !configured.has(code)).map((code) => ({
    code,
    name: translate(`apps.${code}`),
  }));
}
