"use client";
import type { Ref } from "react";
import { Controller, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { Captcha, type CaptchaHandle } from "./captcha";

/**
 * The ALTCHA box of a react-hook-form form: its payload is the field `name`, and the field's
 * error shows under it. `captchaRef` resets it after a refused submit (a payload is good once).
 */
export function CaptchaField<T extends FieldValues>({
  form,
  name,
  captchaRef,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  captchaRef: Ref<CaptchaHandle>;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <div className="flex flex-col gap-1">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Captcha
            ref={captchaRef}
            invalid={Boolean(error)}
            onChange={(payload) => field.onChange(payload)}
          />
        )}
      />
      {typeof error === "string" && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
