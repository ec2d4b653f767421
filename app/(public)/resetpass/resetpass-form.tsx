"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { passwordHint } from "@/lib/password-rule";
import { type ResetPasswordFormInput, resetPasswordFormSchema } from "@/server/user/schema";

/** Time to read the success toast before the sign-in page replaces it. */
const REDIRECT_DELAY_MS = 1500;

/** SPEC §4/§8: results of the reset show as toasts; success continues to /signin. */
export function ResetPassForm({ token }: { token: string }) {
  const t = useTranslations("auth.reset");
  const tc = useTranslations("common");
  const { translate, label: fieldLabel } = useValidationText();
  // The catalog's `fields` has no confirmation label: this screen names its own box.
  const label = useCallback(
    (name: string) => (name === "confirm_password" ? t("confirm") : fieldLabel(name)),
    [t, fieldLabel],
  );
  const toast = useToast();
  const id = useId();
  const [isDone, setIsDone] = useState(false);
  const [isExpired, setIsExpired] = useState(false);
  const form = useForm<ResetPasswordFormInput>({
    resolver: catalogResolver<ResetPasswordFormInput>(resetPasswordFormSchema, translate, label),
    defaultValues: { password: "", confirm_password: "" },
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const envelope = await api(
      "/user/reset-password",
      // The token is the link's, never shown: the person only types the new password.
      { token, password: values.password, confirm_password: values.confirm_password },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (!isSuccess(envelope)) {
      markServerErrors(envelope);
      setIsExpired(envelope.data?.error === "FLOW_TOKEN_INVALID");
      toast.show("error", envelope.message);
      return;
    }
    setIsDone(true);
    toast.show("success", envelope.message);
    setTimeout(() => window.location.assign("/signin"), REDIRECT_DELAY_MS);
  });

  return (
    <>
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field
          id={`${id}-password`}
          label={t("password")}
          hint={passwordHint(translate)}
          error={errors.password?.message}
        >
          <PasswordInput
            id={`${id}-password`}
            autoComplete="new-password"
            placeholder={t("passwordPlaceholder")}
            invalid={Boolean(errors.password)}
            showLabel={t("show")}
            hideLabel={t("hide")}
            {...form.register("password")}
          />
        </Field>
        <Field id={`${id}-confirm`} label={t("confirm")} error={errors.confirm_password?.message}>
          <PasswordInput
            id={`${id}-confirm`}
            autoComplete="new-password"
            placeholder={t("confirmPlaceholder")}
            invalid={Boolean(errors.confirm_password)}
            showLabel={t("show")}
            hideLabel={t("hide")}
            {...form.register("confirm_password")}
          />
        </Field>
        {isExpired && (
          <p className="text-sm text-gray-700">
            {t("expired")}{" "}
            <Link href="/forgottenpass" className="font-semibold text-brand-600 hover:underline">
              {t("requestNew")}
            </Link>
          </p>
        )}
        <Button type="submit" busy={isSubmitting} disabled={isDone}>
          {t("submit")}
        </Button>
        <p className="text-center text-sm">
          <Link href="/signin" className="text-gray-600 hover:underline">
            {t("back")}
          </Link>
        </p>
      </form>
      {toast.view}
    </>
  );
}
