"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { CaptchaHandle } from "@/components/forms/captcha";
import { CaptchaField } from "@/components/forms/captcha-field";
import { NewAccountFields } from "@/components/forms/new-account-fields";
import { PolicyCheckbox } from "@/components/forms/policy-checkbox";
import { useRetryWait } from "@/components/forms/retry-wait";
import { SocialButtons, type SocialProvider } from "@/components/forms/social-buttons";
import { useRetryText } from "@/components/forms/use-retry-text";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { flash } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { api, currentQuery, finishHandoff, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { passwordHint } from "@/lib/password-rule";
import { rememberEmail } from "@/lib/remembered-email";
import { isVietnamesePhone } from "@/lib/validation";
import { signUpFormSchema } from "@/server/auth/schema";
import { useLeadCapture } from "./use-lead-capture";

type Values = {
  fullname: string;
  email: string;
  phone: string;
  password: string;
  token: string;
  country_code: string;
  policy: boolean;
};

type Referral = { affilate_code?: string; ladiflow_ref?: string; referral_id?: string };

export function SignUpForm({
  referral,
  isIframe,
  providers,
}: {
  referral: Referral;
  isIframe: boolean;
  providers: readonly SocialProvider[];
}) {
  const t = useTranslations("auth.signUp");
  const tc = useTranslations("common");
  const tSocial = useTranslations("auth.social");
  const socialText = {
    google: tSocial("google"),
    facebook: tSocial("facebook"),
    or: tc("or"),
    notification: tc("notification"),
    ok: tc("ok"),
    networkError: tc("networkError"),
  };
  const { translate, label } = useValidationText();
  const [alert, setAlert] = useState<string>();
  const wait = useRetryWait();
  const retryIn = useRetryText();
  const [search, setSearch] = useState("");
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const submitted = useRef(false);
  const id = useId();
  const form = useForm<Values>({
    // The password is rated with what is typed about the person, as the meter and the server do.
    resolver: catalogResolver<Values>(signUpFormSchema, translate, label, {
      field: "password",
      person: ({ email, fullname, phone }) => ({ email, fullname, phone }),
    }),
    defaultValues: {
      fullname: "",
      email: "",
      phone: "",
      password: "",
      token: "",
      country_code: "vn",
      policy: false,
    },
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting, isDirty } = form.formState;

  useEffect(() => setSearch(window.location.search), []);

  const captureLead = useLeadCapture();
  const lead = useCallback(() => {
    const v = form.getValues();
    return { fullname: v.fullname, email: v.email.trim(), phone: v.phone.trim() };
  }, [form]);
  const phone = form.watch("phone");
  const country = form.watch("country_code");
  useEffect(() => {
    if (country === "vn" && phone && isVietnamesePhone(phone)) captureLead(1, lead());
  }, [phone, country, captureLead, lead]);

  // SPEC §2: outside an iframe, leaving a started sign-up asks first.
  useEffect(() => {
    if (isIframe || !isDirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (submitted.current) return;
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as HTMLElement).closest("a[href]");
      if (!anchor || submitted.current || anchor.getAttribute("target") === "_blank") return;
      event.preventDefault();
      event.stopPropagation();
      setLeaveTo(anchor.getAttribute("href"));
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [isIframe, isDirty]);

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(undefined);
    captureLead(2, lead());
    const query = currentQuery();
    const { policy: _policy, ...body } = values;
    const envelope = await api(
      "/auth/signup",
      {
        ...body,
        ...referral,
        ...handoffFields(),
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
      form.setValue("token", "");
      return;
    }
    submitted.current = true;
    rememberEmail(values.email);
    // The code could not go out at once (it waits in the outbox): the next page says it may be late.
    if (envelope.data.delivery_delayed && envelope.message) flash("error", envelope.message);
    await finishHandoff(envelope.data);
  });

  const referrer = referral.affilate_code ?? referral.ladiflow_ref;

  return (
    <>
      {referrer && (
        <p className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-700">
          {t("referrer", { code: referrer })}
        </p>
      )}
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert message={alert} wait={{ state: wait, text: retryIn }} />
        <NewAccountFields
          form={form}
          id={id}
          hint={passwordHint(translate)}
          email={{
            error: errors.email?.message,
            inputMode: "email",
            autoComplete: "email",
            ...form.register("email", {
              onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
                if (event.target.value.includes("@")) captureLead(1, lead());
              },
            }),
          }}
        />
        <CaptchaField form={form} name="token" captchaRef={captcha} />
        <PolicyCheckbox registration={form.register("policy")} error={errors.policy?.message} />
        <Button type="submit" busy={isSubmitting} disabled={wait.isWaiting}>
          {t("submit")}
        </Button>
      </form>
      <SocialButtons providers={providers} text={socialText} />
      <p className="mt-6 text-center text-sm text-gray-600">
        {t("haveAccount")}{" "}
        <Link href={`/signin${search}`} className="font-semibold text-brand-600 hover:underline">
          {t("signIn")}
        </Link>
      </p>
      <MessageDialog
        open={leaveTo !== null}
        title={t("leaveTitle")}
        onClose={() => setLeaveTo(null)}
        cancel={t("stay")}
        actions={
          <Button
            onClick={() => {
              submitted.current = true;
              if (leaveTo) window.location.assign(leaveTo);
            }}
          >
            {t("leave")}
          </Button>
        }
      >
        {t("leaveBody")}
      </MessageDialog>
    </>
  );
}
