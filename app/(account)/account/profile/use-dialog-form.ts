"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId } from "react";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { z } from "zod";
import { useToast } from "@/components/ui/toast";
import { catalogResolver, type NewPasswordCheck } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { type ApiData, api } from "@/lib/http/client";
import { type Envelope, isSuccess } from "@/lib/http/envelope";

/**
 * What every JSON profile modal does: a form validated with the call's own schema, reset to
 * `values` each time it opens, posted to `path`; server field errors under the fields, anything
 * else in the dialog's toast (unless `onError` claims it), success handed to `onSaved`.
 */
export function useDialogForm<T extends FieldValues>(options: {
  schema: z.ZodType;
  values: T;
  open: boolean;
  path: string;
  /** Extra fields the call takes that the person does not type. */
  extra?: Record<string, unknown>;
  onSaved: (message: string) => void;
  onError?: (envelope: Envelope<ApiData>) => boolean;
  /** A form that sets a password: rated before it is sent (lib/form-resolver.ts). */
  newPassword?: NewPasswordCheck<T>;
}) {
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const formId = `${useId()}-form`;
  const form = useForm<T>({
    resolver: catalogResolver<T>(options.schema, translate, label, options.newPassword),
    defaultValues: options.values as DefaultValues<T>,
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { open, values } = options;

  useEffect(() => {
    if (open) form.reset(values);
  }, [open, values, form]);

  const onSubmit = form.handleSubmit(async (typed) => {
    const envelope = await api(
      options.path,
      { ...typed, ...options.extra },
      { networkMessage: tc("networkError") },
    );
    if (!isSuccess(envelope)) {
      if (!options.onError?.(envelope) && !markServerErrors(envelope)) toast.show("error", envelope.message);
      return;
    }
    options.onSaved(envelope.message);
  });

  return { form, formId, onSubmit, toast, errors: form.formState.errors, busy: form.formState.isSubmitting };
}
