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
import { api, FRAME_STORAGE_BLOCKED, finishHandoff, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { rememberEmail, rememberedEmail } from "@/lib/remembered-email";
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
  const [isStorageBlocked, setStorageBlocked] = useState(false);
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
    setStorageBlocked(new URLSearchParams(window.location.search).has(FRAME_STORAGE_BLOCKED));
    const remembered = rememberedEmail();
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
    rememberEmail(values.email);
    await finishHandoff(envelope.data);
  });

  if (isStorageBlocked) return <FrameStorageNotice />;

  return (
    <>
      <form
        method="post"
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

/**
 * A framed sign-in that should continue on a portal page, in a browser that keeps no session
 * inside another site's frame: the product got its message; the portal itself opens in a tab.
 */
function FrameStorageNotice() {
  const t = useTranslations("auth.signIn");
  return (
    <div className="flex flex-col gap-4">
      <p
        role="status"
        className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
      >
        {t("frameStorageBlocked")}
      </p>
      <a
        href="/account/profile"
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {t("openInNewTab")}
      </a>
    </div>
  );
}
