import { createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import id from "@/messages/id.json";
import my from "@/messages/my.json";
import th from "@/messages/th.json";
import vi from "@/messages/vi.json";
import type { Locale } from "./locales";

export type Messages = typeof en;
export const CATALOGS: Record<Locale, Messages> = { vi, en, th, my, id };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

const cache = new Map<Locale, Translate>();

/** A translator over the whole catalog for code outside React (dispatch, notifications). */
export function translator(locale: Locale): Translate {
  let t = cache.get(locale);
  if (!t) {
    const inner = createTranslator({
      locale,
      messages: CATALOGS[locale],
      // A missing key must never throw at the /2.0 boundary: show the key, log in development.
      onError: () => {},
      getMessageFallback: ({ key, namespace }) => (namespace ? `${namespace}.${key}` : key),
    });
    t = (key, values) => inner(key as never, values as never);
    cache.set(locale, t);
  }
  return t;
}

/** Label for a form field in `fields.<name>`, or the name itself. */
export function fieldLabeler(t: Translate): (name: string) => string {
  return (name) => {
    const label = t(`fields.${name}`);
    return label === `fields.${name}` ? name : label;
  };
}
