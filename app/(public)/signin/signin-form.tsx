"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { SocialButtons, type SocialProvider } from "@/components/forms/social-buttons";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { takeFlash, useToast } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { api, finishHandoff, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { REMEMBERED_EMAIL_KEY } from "@/lib/remembered-email";
import { type SignInInput, signInSchema } from "@/server/auth/schema";

type Values = Pick<SignInInput, "email" | "password">;

export function SignInForm({
  registrationEnabled,
  providers,
}: {
  registrationEnabled: boolean;
  providers: readonly SocialProvider[];
}) {
  const toast = useToast();
  const t = useTranslations("auth.signIn");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const [alert, setAlert] = useState<string>();
  const [search, setSearch] = useState("");
  const id = useId();
  const form = useForm<Values>({
    resolver: catalogResolver<Values>(signInSchema.pick({ email: true, password: true }), translate, label),
    defaultValues: { email: "", password: "" },
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    const left = takeFlash();
    if (left) toast.show(left.kind, left.message);
  }, [toast.show]);

  useEffect(() => {
    setSearch(window.location.search);
    const remembered = window.localStorage.getItem(REMEMBERED_EMAIL_KEY);
    if (remembered && !form.getValues("email")) form.setValue("email", remembered);
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(undefined);
    const envelope = await api(
      "/auth/signin",
      {
        ...values,
        ...handoffFields(),
      },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (!isSuccess(envelope)) {
      markServerErrors(envelope);
      setAlert(envelope.message);
      return;
    }
    window.localStorage.setItem(REMEMBERED_EMAIL_KEY, values.email.trim().toLowerCase());
    finishHandoff(envelope.data);
  });

  return (
    <>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-describedby={alert ? `${id}-alert` : undefined}
      >
        <div id={`${id}-alert`}>
          <FormAlert message={alert} />
        </div>
        <Field id={`${id}-email`} label={t("email")} error={errors.email?.message}>
          <TextInput
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t("emailPlaceholder")}
            invalid={Boolean(errors.email)}
            {...form.register("email")}
          />
        </Field>
        <Field id={`${id}-password`} label={t("password")} error={errors.password?.message}>
          <PasswordInput
            id={`${id}-password`}
            autoComplete="current-password"
            placeholder={t("passwordPlaceholder")}
            invalid={Boolean(errors.password)}
            showLabel={t("show")}
            hideLabel={t("hide")}
            {...form.register("password")}
          />
        </Field>
        <div className="flex justify-end">
          <Link
            href={`/forgottenpass${search}`}
            className="text-sm font-medium text-brand-600 hover:underline"
          >
            {t("forgot")}
          </Link>
        </div>
        <Button type="submit" busy={isSubmitting}>
          {t("submit")}
        </Button>
      </form>
      <SocialButtons providers={providers} />
      {registrationEnabled && (
        <p className="mt-6 text-center text-sm text-gray-600">
          {t("noAccount")}{" "}
          <Link href={`/signup${search}`} className="font-semibold text-brand-600 hover:underline">
            {t("signUp")}
          </Link>
        </p>
      )}
      {toast.view}
    </>
  );
}
