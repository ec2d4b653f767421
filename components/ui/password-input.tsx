"use client";
import { type InputHTMLAttributes, useState } from "react";
import { inputClass } from "./field";

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
