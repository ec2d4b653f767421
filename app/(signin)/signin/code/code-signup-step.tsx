"use client";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { CaptchaHandle } from "@/components/forms/captcha";
import { CaptchaField } from "@/components/forms/captcha-field";
import { PhoneField } from "@/components/forms/phone-input";
import { PolicyCheckbox } from "@/components/forms/policy-checkbox";
import { useRetryWait } from "@/components/forms/retry-wait";
import { useRetryText } from "@/components/forms/use-retry-text";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { flash } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { api, currentQuery, finishHandoff, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { rememberEmail } from "@/lib/remembered-email";
import { type CodeSignInStartDto, codeSignUpFormSchema } from "@/server/auth/code-signin-schema";

type Values = {
  fullname: string;
  email: string;
  phone: string;
  country_code: string;
  captcha: string;
  policy: boolean;
};

/**
 * "No account yet?": the short sign-up of a code sign-in (server/auth/code-signup.ts). The email or
 * phone the code sign-in started with is the account's; the person adds a name and the other one
 * (SPEC's complete registration: a phone is always asked), accepts the policy, and no password.
 * The code that proves it is typed at /verify-account, as after /signup.
 */
export function CodeSignUpStep({ sent, onBack }: { sent: CodeSignInStartDto; onBack: () => void }) {
  const t = useTranslations("codeSignIn.signUp");
  const ts = useTranslations("auth.signUp");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const [alert, setAlert] = useState<string>();
  const wait = useRetryWait();
  const retryIn = useRetryText();
  const captcha = useRef<CaptchaHandle>(null);
  const id = useId();
  const isEmail = sent.channel === "EMAIL";
  const form = useForm<Values>({
    resolver: catalogResolver<Values>(codeSignUpFormSchema(sent.channel), translate, label),
    defaultValues: { fullname: "", email: "", phone: "", country_code: "vn", captcha: "", policy: false },
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(undefined);
    const query = currentQuery();
    const envelope = await api(
      "/auth/code-signup",
      {
        token: sent.token,
        fullname: values.fullname,
        captcha: values.captcha,
        ...(isEmail ? { phone: values.phone, country_code: values.country_code } : { email: values.email }),
        ...handoffFields(),
        referral_id: query.referral_id,
        affilate_code: query.affilate_code,
        utm_source: query.utm_source,
        aff_sid: query.aff_sid,
      },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (!isSuccess(envelope)) {
      markServerErrors(envelope);
      if (!wait.hold(envelope)) setAlert(envelope.message);
      // A spent or refused proof of work cannot be reused: ask for a fresh one.
      captcha.current?.reset();
      form.setValue("captcha", "");
      return;
    }
    if (!isEmail) rememberEmail(values.email);
    if (envelope.data.delivery_delayed && envelope.message) flash("error", envelope.message);
    await finishHandoff(envelope.data);
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
      data-testid="code-signup"
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
          {t("title")}
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {t(`for.${sent.channel}`, { destination: sent.destination })}
        </p>
      </div>
      <FormAlert message={alert} wait={{ state: wait, text: retryIn }} />
      <TextField
        id={`${id}-fullname`}
        label={ts("fullname")}
        error={errors.fullname?.message}
        autoComplete="name"
        {...form.register("fullname")}
      />
      {isEmail ? (
        <PhoneField form={form} id={`${id}-phone`} label={ts("phone")} countryLabel={ts("country")} />
      ) : (
        <TextField
          id={`${id}-email`}
          label={ts("email")}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
      )}
      <CaptchaField form={form} name="captcha" captchaRef={captcha} />
      <PolicyCheckbox registration={form.register("policy")} error={errors.policy?.message} />
      <p className="text-xs text-gray-500">{t("noPassword")}</p>
      <Button type="submit" busy={isSubmitting} disabled={wait.isWaiting}>
        {t("submit")}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        {t("back")}
      </Button>
    </form>
  );
}
