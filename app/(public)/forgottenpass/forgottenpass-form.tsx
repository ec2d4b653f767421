"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useRetryWait } from "@/components/forms/retry-wait";
import { useRetryText } from "@/components/forms/use-retry-text";
import { FormWithAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { rememberedEmail } from "@/lib/remembered-email";
import { type ForgottenPassInput, forgottenPassSchema } from "@/server/user/schema";

/**
 * SPEC §4: failures inline; success ends on the page's "check your email" screen (`?sent`), the
 * same whether or not the email has an account.
 */
export function ForgottenPassForm() {
  const t = useTranslations("auth.forgot");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const [alert, setAlert] = useState<string>();
  const wait = useRetryWait();
  const retryIn = useRetryText();
  const router = useRouter();
  const [search, setSearch] = useState("");
  const id = useId();
  const form = useForm<ForgottenPassInput>({
    resolver: catalogResolver<ForgottenPassInput>(forgottenPassSchema, translate, label),
    defaultValues: { email: "" },
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    setSearch(window.location.search);
    const remembered = rememberedEmail();
    if (remembered && !form.getValues("email")) form.setValue("email", remembered);
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(undefined);
    const envelope = await api(
      "/user/forgotten-pass",
      { email: values.email },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (!isSuccess(envelope)) {
      markServerErrors(envelope);
      if (!wait.hold(envelope)) setAlert(envelope.message);
      return;
    }
    const params = new URLSearchParams(window.location.search);
    params.set("sent", "1");
    router.replace(`/forgottenpass?${params.toString()}`);
  });

  return (
    <FormWithAlert alert={alert} wait={{ state: wait, text: retryIn }} onSubmit={onSubmit}>
      <TextField
        id={`${id}-email`}
        label={t("email")}
        error={errors.email?.message}
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder={t("emailPlaceholder")}
        {...form.register("email")}
      />
      <Button type="submit" busy={isSubmitting} disabled={wait.isWaiting}>
        {t("submit")}
      </Button>
      <p className="text-center text-sm text-gray-600">
        {t("remembered")}{" "}
        <Link href={`/signin${search}`} className="font-semibold text-brand-600 hover:underline">
          {t("back")}
        </Link>
      </p>
    </FormWithAlert>
  );
}
