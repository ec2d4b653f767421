"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { NewAccountFields } from "@/components/forms/new-account-fields";
import { PolicyCheckbox } from "@/components/forms/policy-checkbox";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import { api, finishHandoff, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { passwordHint } from "@/lib/password-rule";
import { completeRegisterFormSchema } from "@/server/auth/schema";

type Values = { fullname: string; phone: string; password: string; country_code: string; policy: boolean };

export function CompleteRegForm({ email, fullname }: { email: string; fullname: string }) {
  const t = useTranslations("auth.completeReg");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const id = useId();
  const [search, setSearch] = useState("");
  const [leaving, setLeaving] = useState(false);
  const form = useForm<Values>({
    resolver: catalogResolver<Values>(completeRegisterFormSchema, translate, label, {
      field: "password",
      person: (values) => ({ email, fullname: values.fullname, phone: values.phone }),
    }),
    defaultValues: { fullname, phone: "", password: "", country_code: "vn", policy: false },
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => setSearch(window.location.search), []);

  const onSubmit = form.handleSubmit(async ({ policy: _policy, ...values }) => {
    const envelope = await api(
      "/auth/complete-register",
      { ...values, ...handoffFields() },
      { networkMessage: tc("networkError") },
    );
    if (!isSuccess(envelope)) {
      markServerErrors(envelope);
      // SPEC §8: complete registration reports in a toast.
      toast.show("error", envelope.message);
      return;
    }
    finishHandoff(envelope.data);
  });

  async function signUpWithAnotherAccount() {
    setLeaving(true);
    await api("/auth/logout", {}, { networkMessage: tc("networkError"), on401: "return" });
    window.location.assign(`/signup${search}`);
  }

  return (
    <>
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <NewAccountFields
          form={form}
          id={id}
          hint={passwordHint(translate)}
          email={{ value: email, readOnly: true, "aria-readonly": true, className: "bg-gray-100" }}
        />
        <PolicyCheckbox registration={form.register("policy")} error={errors.policy?.message} />
        <Button type="submit" busy={isSubmitting}>
          {t("submit")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        <button
          type="button"
          disabled={leaving}
          onClick={signUpWithAnotherAccount}
          className="font-semibold text-brand-600 hover:underline disabled:opacity-60"
        >
          {t("anotherAccount")}
        </button>
      </p>
      {toast.view}
    </>
  );
}
