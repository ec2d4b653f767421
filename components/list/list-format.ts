// Not a "use client" entry: the list components import it, and its constant and types stay plain values.
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { type AppNames, appName } from "@/lib/apps";
import { formatDateTime, formatDecimal, formatListDateTime, formatNumber, formatVnd } from "@/lib/format";

/** What the page knows about the person and hands to every list: their zone, role and app names. */
export type ListContext = {
  timeZone: string;
  /** Partners see more of some lists (SPEC §6: the credit log's customer and reference). */
  isPartner: boolean;
  /** App code → the name a person reads (lib/apps). */
  appNames: AppNames;
};

export type TranslationValues = Record<string, string | number | Date>;
/** A catalog text of the list's namespaces (`messages`), by key: `t("statuses.PAID")`. */
export type Translate = (key: string, values?: TranslationValues) => string;

/** SPEC §9: a value a row does not have. */
export const NONE = "--";

/**
 * The words and formatters every list speaks (lib/format: the person's language and time zone),
 * handed to each column, filter and summary of a declaration.
 */
export type ListFormat = {
  t: Translate;
  locale: string;
  ctx: ListContext;
  /** Money in VND ("₫1,250,000" en, "1.250.000 ₫" vi). */
  vnd: (amount: number) => string;
  /** Points and credit: two decimals. */
  decimal: (value: number) => string;
  /** A count: grouped, no decimals. */
  number: (value: number) => string;
  /** A table's date: DD/MM/YYYY HH:mm in the person's zone; `--` for none. */
  date: (iso: string | null | undefined) => string;
  /** A detail's date: DD/MM/YYYY HH:mm:ss; `--` for none. */
  dateTime: (iso: string | null | undefined) => string;
  /** An app's name (APPS_CONFIG's, else the catalog's default); `--` for none. */
  app: (code: string | null | undefined) => string;
};

/** The namespaces of a list's words: the first that has a key speaks it (a list may borrow words). */
export type Messages = string | readonly string[];

/**
 * The list's formatters for `ctx`. A key is looked up in each of `messages` in turn, so the
 * payments list can take the order statuses' words from `account.orders`.
 */
export function useListFormat(messages: Messages, ctx: ListContext): ListFormat {
  const root = useTranslations();
  const locale = useLocale();
  const spaces = typeof messages === "string" ? messages : messages.join("|");
  return useMemo(() => {
    const namespaces = spaces.split("|");
    const t: Translate = (key, values) => {
      const ns = namespaces.find((n) => root.has(`${n}.${key}`)) ?? namespaces[0];
      return root(`${ns}.${key}`, values);
    };
    return {
      t,
      locale,
      ctx,
      vnd: (amount) => formatVnd(amount, locale),
      decimal: (value) => formatDecimal(value, locale),
      number: (value) => formatNumber(value, locale),
      date: (iso) => (iso ? formatListDateTime(iso, ctx.timeZone) : NONE),
      dateTime: (iso) => (iso ? formatDateTime(iso, ctx.timeZone) : NONE),
      app: (code) => (code ? appName(code, ctx.appNames) : NONE),
    };
  }, [root, locale, spaces, ctx]);
}
