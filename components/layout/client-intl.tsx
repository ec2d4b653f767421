import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

/** The namespaces client components read; the server's own (errors, notifications) stay out. */
const CLIENT_NAMESPACES = [
  "common",
  "validation",
  "AUTH",
  "VALIDATION",
  "RESET_PASSWORD",
  "fields",
  "auth",
  "account",
  "list",
  "devices",
  "nav",
] as const;

/**
 * Catalog and formatter for the client components below it. Not in the root layout: /signin
 * renders its words on the server and ships no message runtime (DESIGN §7, its first-load budget).
 */
export async function ClientIntl({ children }: { children: ReactNode }) {
  const all = await getMessages();
  const messages = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, all[ns]]));
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
