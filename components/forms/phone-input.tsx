"use client";
import { type InputHTMLAttributes, useMemo } from "react";
import { Controller, type FieldErrors, type Path, type UseFormReturn } from "react-hook-form";
import { Field, inputClass } from "@/components/ui/field";
import { useCountryNames } from "./country-names";
import { countryOptions } from "./country-options";

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
  // The page's names (its language, from the server): the same list on the server and in the browser.
  const names = useCountryNames();
  const countries = useMemo(() => countryOptions(names), [names]);
  const selected = countries.find((c) => c.code === country.toUpperCase());
  return (
    <div className="flex gap-2">
      {/* A real select (keyboard, screen readers, the phone's own picker) laid over its short face:
          closed it reads "VN +84"; open, every country by its name in the page's language. */}
      <div className="relative w-28 shrink-0 rounded-lg border border-gray-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100">
        <span
          aria-hidden
          className="pointer-events-none flex min-h-11 items-center justify-between gap-1 px-3 text-base text-gray-900"
          data-testid="country-face"
        >
          <span className="truncate">
            {selected ? `${selected.code} +${selected.dial}` : country.toUpperCase()}
          </span>
          <svg
            viewBox="0 0 20 20"
            aria-hidden
            className="size-4 shrink-0 text-gray-500"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M5.5 7.5 10 12l4.5-4.5" />
          </svg>
        </span>
        <select
          aria-label={countryLabel}
          value={country.toUpperCase()}
          onChange={(e) => onCountryChange(e.target.value.toLowerCase())}
          className="absolute inset-0 size-full cursor-pointer appearance-none text-base opacity-0"
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
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
