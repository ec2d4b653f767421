import type { InputHTMLAttributes, ReactNode } from "react";

/** A labelled input with its error under it, wired for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
  id,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-gray-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function inputClass(invalid: boolean): string {
  return `min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-gray-900 outline-none placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${
    invalid ? "border-red-500" : "border-gray-300"
  }`;
}

export function TextInput({
  invalid = false,
  id,
  className = "",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean; id: string }) {
  return (
    <input
      id={id}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      className={`${inputClass(invalid)} ${className}`}
      {...props}
    />
  );
}

/** The usual form row: a labelled text input, its hint, or its error (which marks it invalid). */
export function TextField({
  id,
  label,
  hint,
  error,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <TextInput id={id} invalid={Boolean(error)} {...props} />
    </Field>
  );
}
