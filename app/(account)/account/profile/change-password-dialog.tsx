"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { changePasswordSchema } from "@/server/user/schema";
import { ProfileDialog } from "./profile-dialog";

/** The bounds the server applies, read from the shared schema so the hint never drifts from it. */
const NEW_PASSWORD = changePasswordSchema.shape.new_password;

type Values = { old_password: string; new_password: string; confirm_password: string };
const EMPTY: Values = { old_password: "", new_password: "", confirm_password: "" };

/**
 * SPEC §2/§5 change password (/user/change-password): old, new (the schema's bounds) and confirm,
 * which must match. The server signs every other device out; this one stays signed in.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (message: string) => void;
}) {
  const t = useTranslations("account.password");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const id = useId();
  const formId = `${id}-form`;
  const form = useForm<Values>({
    resolver: catalogResolver<Values>(changePasswordSchema, translate, label),
    defaultValues: EMPTY,
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const envelope = await api(
      "/user/change-password",
      // SPEC §7: store_id empty, app_code luid.
      { ...values, store_id: "", app_code: "luid" },
      { networkMessage: tc("networkError") },
    );
    if (!isSuccess(envelope)) {
      if (!markServerErrors(envelope)) toast.show("error", envelope.message);
      return;
    }
    onSaved(envelope.message);
  });

  const fields = [
    ["old_password", "old", "current-password"],
    ["new_password", "new", "new-password"],
    ["confirm_password", "confirm", "new-password"],
  ] as const;

  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("description")}
      formId={formId}
      busy={isSubmitting}
      submitLabel={t("submit")}
      toast={toast.view}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus("old_password");
      }}
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {fields.map(([name, key, autoComplete]) => (
          <Field
            key={name}
            id={`${id}-${name}`}
            label={t(key)}
            error={errors[name]?.message}
            hint={
              name === "new_password"
                ? t("newHint", { min: NEW_PASSWORD.minLength ?? 1, max: NEW_PASSWORD.maxLength ?? 45 })
                : undefined
            }
          >
            <PasswordInput
              id={`${id}-${name}`}
              autoComplete={autoComplete}
              invalid={Boolean(errors[name])}
              showLabel={t("show")}
              hideLabel={t("hide")}
              {...form.register(name)}
            />
          </Field>
        ))}
      </form>
    </ProfileDialog>
  );
}
