"use client";
import type { AltchaGlobal } from "altcha/types";
import type {} from "altcha/types/react";
import { useLocale } from "next-intl";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";

type Widget = HTMLElement & { reset: () => void };
export type CaptchaHandle = { reset: () => void };

/**
 * The self-hosted ALTCHA proof of work. Reports the payload when solved and an empty string
 * when it expires or is reset, so the form never submits an unsolved captcha.
 */
export function Captcha({
  onChange,
  labels,
  ref,
  invalid,
}: {
  onChange: (payload: string) => void;
  labels: Record<string, string>;
  ref?: Ref<CaptchaHandle>;
  invalid?: boolean;
}) {
  const locale = useLocale();
  const widget = useRef<Widget>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const labelsKey = JSON.stringify(labels);

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
      // Our catalog supplies the widget's words in all five languages.
      const registry = (globalThis as unknown as { $altcha?: AltchaGlobal }).$altcha;
      if (registry)
        registry.i18n.set(locale, { ...(registry.i18n.get("en") ?? {}), ...JSON.parse(labelsKey) });
      element?.addEventListener("statechange", onState);
    })();
    return () => {
      cancelled = true;
      element?.removeEventListener("statechange", onState);
    };
  }, [locale, labelsKey]);

  return (
    <div className={`inline-block max-w-full rounded-lg ${invalid ? "ring-2 ring-red-500" : ""}`}>
      <altcha-widget ref={widget} challenge="/2.0/captcha/challenge" language={locale} />
    </div>
  );
}
