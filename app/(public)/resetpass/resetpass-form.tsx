"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { NewPasswordField } from "@/components/forms/new-password-field";
import { BackToSignIn } from "@/components/layout/back-to-sign-in";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { passwordHint } from "@/lib/password-rule";
import { type ResetPasswordFormInput, resetPasswordFormSchema } from "@/server/user/schema";

/** Time to read the success toast before the sign-in page replaces it. */
const REDIRECT_DELAY_MS = 1500;

/** The two boxes: the form field and its catalog key (label, placeholder, element id). */
const FIELDS = [
  ["password", "password"],
  ["confirm_password", "confirm"],
] as const;

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
    // The link names no one: the server also weighs the account's details (server/auth/new-password.ts).
    resolver: catalogResolver<ResetPasswordFormInput>(resetPasswordFormSchema, translate, label, {
      field: "password",
    }),
    defaultValues: { password: "", confirm_password: "" },
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting } = form.formState;
  const password = form.watch("password");

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
        {FIELDS.map(([name, key]) => {
          const props = {
            id: `${id}-${key}`,
            label: t(key),
            error: errors[name]?.message,
            autoComplete: "new-password",
            placeholder: t(`${key}Placeholder`),
            showLabel: t("show"),
            hideLabel: t("hide"),
            ...form.register(name),
          };
          // The new password has the hint and the strength meter; its confirmation neither.
          return name === "password" ? (
            <NewPasswordField key={name} {...props} hint={passwordHint(translate)} password={password} />
          ) : (
            <PasswordField key={name} {...props} />
          );
        })}
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
        <BackToSignIn label={t("back")} href="/signin" />
      </form>
      {toast.view}
    </>
  );
}
