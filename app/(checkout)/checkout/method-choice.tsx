"use client";
import { useTranslations } from "next-intl";
import { type Ref, useId } from "react";
import type { CheckoutMethod } from "@/server/checkout/schema";

/**
 * The payment methods as radio cards. Points that cover the whole amount make the choice moot:
 * the cards stay visible, greyed, and the fieldset says why.
 */
export function MethodChoice({
  methods,
  method,
  onChange,
  isCovered,
  disabled,
  headingRef,
}: {
  methods: readonly CheckoutMethod[];
  method: CheckoutMethod | undefined;
  onChange: (method: CheckoutMethod) => void;
  isCovered: boolean;
  disabled: boolean;
  /** Where the focus goes back to after a transfer is cancelled. */
  headingRef: Ref<HTMLSpanElement>;
}) {
  const t = useTranslations("checkout");
  const id = useId();
  return (
    <fieldset
      disabled={disabled || isCovered}
      aria-describedby={isCovered ? `${id}-covered` : undefined}
      className="min-w-0"
      data-testid="methods"
    >
      <legend className="mb-2 text-base font-semibold text-gray-900">
        <span ref={headingRef} tabIndex={-1} className="outline-none">
          {t("method.legend")}
        </span>
      </legend>
      {isCovered && (
        <p id={`${id}-covered`} className="mb-2 text-sm text-gray-700" data-testid="method-not-needed">
          {t("method.notNeeded")}
        </p>
      )}
      {methods.length === 0 ? (
        <p className="text-sm text-gray-600">{t("method.none")}</p>
      ) : (
        <div className="flex flex-col gap-2">
          {methods.map((m) => (
            <label
              key={m}
              className={`flex items-start gap-3 rounded-lg border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                isCovered
                  ? "cursor-not-allowed border-gray-200 bg-gray-50 opacity-60"
                  : method === m
                    ? "cursor-pointer border-brand-500 bg-brand-50"
                    : "cursor-pointer border-gray-300 bg-white hover:bg-gray-50"
              }`}
            >
              <input
                type="radio"
                name="method"
                value={m}
                checked={!isCovered && method === m}
                onChange={() => onChange(m)}
                aria-labelledby={`${id}-${m}-name`}
                aria-describedby={`${id}-${m}-hint`}
                className="mt-0.5 size-5 shrink-0 accent-brand-500"
                data-testid={`method-${m}`}
              />
              <span className="flex min-w-0 flex-col">
                <span id={`${id}-${m}-name`} className="font-medium text-gray-900">
                  {t(`method.${m}.name`)}
                </span>
                <span id={`${id}-${m}-hint`} className="text-xs text-gray-600">
                  {t(`method.${m}.hint`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
