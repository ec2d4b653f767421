"use client";
import { type InputHTMLAttributes, type ReactNode, useState } from "react";
import { Field, inputClass } from "./field";

/** Password with a show/hide toggle that screen readers announce. */
export function PasswordInput({
  invalid = false,
  id,
  showLabel,
  hideLabel,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  invalid?: boolean;
  id: string;
  showLabel: string;
  hideLabel: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        id={id}
        type={visible ? "text" : "password"}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={`${inputClass(invalid)} pr-20`}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-controls={id}
        className="absolute inset-y-0 right-0 min-w-16 rounded-r-lg px-3 text-sm font-medium text-brand-600 hover:bg-brand-50"
      >
        {visible ? hideLabel : showLabel}
      </button>
    </div>
  );
}

/** A labelled password with show/hide, its hint, or its error (which marks it invalid). */
export function PasswordField({
  label,
  hint,
  error,
  ...props
}: Omit<Parameters<typeof PasswordInput>[0], "invalid"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <Field id={props.id} label={label} hint={hint} error={error}>
      <PasswordInput invalid={Boolean(error)} {...props} />
    </Field>
  );
}
