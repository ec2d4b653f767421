"use client";
import type { AltchaGlobal } from "altcha/types";
import type {} from "altcha/types/react";
import { useLocale, useTranslations } from "next-intl";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { altchaStrings } from "./captcha-strings";

type Widget = HTMLElement & { reset: () => void };
export type CaptchaHandle = { reset: () => void };

/**
 * The self-hosted ALTCHA proof of work. Reports the payload when solved and an empty string
 * when it expires or is reset, so the form never submits an unsolved captcha. Every word the
 * widget shows (label, states, errors, the "Protected by ALTCHA" footer) is ours, in the page's language.
 */
export function Captcha({
  onChange,
  ref,
  invalid,
}: {
  onChange: (payload: string) => void;
  ref?: Ref<CaptchaHandle>;
  invalid?: boolean;
}) {
  const locale = useLocale();
  const t = useTranslations("auth.captcha");
  const widget = useRef<Widget>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const stringsKey = JSON.stringify(altchaStrings((key, values) => t(key as never, values as never)));

  useImperativeHandle(ref, () => ({
    reset: () => {
      widget.current?.reset();
      onChangeRef.current("");
    },
  }));

  useEffect(() => {
    let cancelled = false;
    const element = widget.current;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === "verified" && detail.payload ? detail.payload : "");
    };
    (async () => {
      await import("altcha");
      if (cancelled) return;
      // Our catalog supplies the widget's words in all five languages: the whole set, so no
      // English default of the widget shows through (the i18n store re-renders the widget).
      const registry = (globalThis as unknown as { $altcha?: AltchaGlobal }).$altcha;
      registry?.i18n.set(locale, JSON.parse(stringsKey));
      element?.addEventListener("statechange", onState);
    })();
    return () => {
      cancelled = true;
      element?.removeEventListener("statechange", onState);
    };
  }, [locale, stringsKey]);

  return (
    <div className={`block w-full rounded-lg ${invalid ? "ring-2 ring-red-500" : ""}`}>
      <altcha-widget ref={widget} challenge="/2.0/captcha/challenge" language={locale} />
    </div>
  );
}
