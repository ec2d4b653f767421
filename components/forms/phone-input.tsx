"use client";
import { useLocale } from "next-intl";
import { type InputHTMLAttributes, useMemo, useSyncExternalStore } from "react";
import { Controller, type FieldErrors, type Path, type UseFormReturn } from "react-hook-form";
import { Field, inputClass } from "@/components/ui/field";
import { countryOptions } from "./country-options";

const noSubscription = () => () => {};

/** International phone: a country (default vn) and the number, validated by the shared schema. */
export function PhoneInput({
  id,
  country,
  onCountryChange,
  countryLabel,
  invalid,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  country: string;
  onCountryChange: (country: string) => void;
  countryLabel: string;
  invalid: boolean;
}) {
  const locale = useLocale();
  // False on the server and through hydration, true after: country names come from the
  // browser's ICU only once the server's HTML has been taken over (see countryOptions).
  const isMounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const countries = useMemo(() => countryOptions(isMounted ? locale : undefined), [isMounted, locale]);
  return (
    <div className="flex gap-2">
      <select
        aria-label={countryLabel}
        value={country.toUpperCase()}
        onChange={(e) => onCountryChange(e.target.value.toLowerCase())}
        className="min-h-11 w-28 shrink-0 rounded-lg border border-gray-300 bg-white px-2 text-sm"
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.label}
          </option>
        ))}
      </select>
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={inputClass(invalid)}
        {...props}
      />
    </div>
  );
}

/**
 * The labelled phone field of the sign-up, complete-registration and profile forms: country and
 * number bound to a form's `country_code` and `phone`, the form's error for `phone` under them.
 */
export function PhoneField<T extends { phone: string; country_code: string }>({
  form,
  id,
  label,
  countryLabel,
}: {
  form: UseFormReturn<T>;
  id: string;
  label: string;
  countryLabel: string;
}) {
  const error = (form.formState.errors as FieldErrors<{ phone: string }>).phone?.message;
  return (
    <Field id={id} label={label} error={error}>
      <Controller
        control={form.control}
        name={"country_code" as Path<T>}
        render={({ field }) => (
          <PhoneInput
            id={id}
            country={String(field.value)}
            onCountryChange={field.onChange}
            countryLabel={countryLabel}
            invalid={Boolean(error)}
            {...form.register("phone" as Path<T>)}
          />
        )}
      />
    </Field>
  );
}
