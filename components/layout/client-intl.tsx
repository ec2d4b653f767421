import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { CountryNamesProvider } from "@/components/forms/country-names";
import { countryNames } from "@/components/forms/country-options";

type Catalog = Awaited<ReturnType<typeof getMessages>>;

/** What every client catalog holds; the server's own words (errors, notifications) stay out. */
const SHARED_NAMESPACES = [
  "common",
  "validation",
  "AUTH",
  "VALIDATION",
  "RESET_PASSWORD",
  "fields",
  "account",
  "list",
  "devices",
  "nav",
  // Why a new password was refused, and the strength meter's words (every new-password form).
  "passwordCheck",
  // "Try again in m:ss" of a throttled form (components/forms/retry-wait.tsx).
  "throttle",
] as const;

/** The namespaces client components of the public pages read. */
export const PUBLIC_NAMESPACES = [...SHARED_NAMESPACES, "auth"] as const;

/**
 * The signed-in pages': their own, and of the sign-in words only the two-factor dialogs'. Each
 * render serialises the catalog into the page, so what no client component reads stays out.
 */
export const ACCOUNT_NAMESPACES = [...SHARED_NAMESPACES, "auth.twoFactor", "passkeys", "reauth"] as const;

/** The operator console's pages (app/(account)/admin/layout.tsx): the account's words and its own. */
export const ADMIN_NAMESPACES = [...ACCOUNT_NAMESPACES, "admin"] as const;

/** The catalog cut to `paths` (a namespace, or one nested a level down as `auth.twoFactor`). */
function pick(all: Catalog, paths: readonly string[]): Catalog {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const [ns, sub] = path.split(".") as [string, string | undefined];
    const value = (all as Record<string, unknown>)[ns];
    if (!sub) out[ns] = value;
    else {
      const parent = (out[ns] ?? {}) as Record<string, unknown>;
      parent[sub] = (value as Record<string, unknown> | undefined)?.[sub];
      out[ns] = parent;
    }
  }
  return out as Catalog;
}

/**
 * Catalog and formatter for the client components below it. Not in the root layout: /signin
 * renders its words on the server and ships no message runtime (DESIGN §7, its first-load budget).
 */
export async function ClientIntl({
  children,
  namespaces = PUBLIC_NAMESPACES,
}: {
  children: ReactNode;
  namespaces?: readonly string[];
}) {
  // The phone inputs' country names in the page's language, named by the server's ICU (a browser
  // may have no Burmese): 4–10 kB before compression, on the pages whose forms may ask for a phone.
  return (
    <NextIntlClientProvider messages={pick(await getMessages(), namespaces)}>
      <CountryNamesProvider names={countryNames(await getLocale())}>{children}</CountryNamesProvider>
    </NextIntlClientProvider>
  );
}
