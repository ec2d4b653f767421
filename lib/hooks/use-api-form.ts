"use client";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ApiData } from "@/lib/http/client";
import type { Envelope } from "@/lib/http/envelope";

/** Marks the fields the server refused, so a form shows server and client errors alike. */
export function useServerFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>) {
  return useCallback(
    (envelope: Envelope<ApiData>) => {
      const fields = envelope.data?.fields ?? {};
      for (const [name, message] of Object.entries(fields)) {
        setError(name as Path<T>, { type: "server", message });
      }
      return Object.keys(fields).length > 0;
    },
    [setError],
  );
}

/** Translator + field labeller for zod issues in forms (same templates as the server). */
export function useValidationText() {
  const t = useTranslations();
  const translate = useCallback(
    (key: string, values?: Record<string, string | number>) => t(key as never, values as never),
    [t],
  );
  const label = useCallback(
    (name: string) => (t.has(`fields.${name}` as never) ? t(`fields.${name}` as never) : name),
    [t],
  );
  return { translate, label };
}
