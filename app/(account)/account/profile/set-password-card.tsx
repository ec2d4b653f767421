"use client";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { ReauthStep } from "@/components/forms/reauth-step";
import { FormWithAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import type { ReauthMethodsDto } from "@/server/passkey/schema";
import { setPasswordSchema } from "@/server/user/schema";
import { SecurityCard, useCall } from "./security-card";

type Values = { new_password: string; confirm_password: string };
type Step = "idle" | "reauth" | "form";

/**
 * "Set a password" for an account without one (a social sign-up, or one that signs in with codes):
 * no current password to give, so the person confirms it's them first (an emailed code), then
 * chooses one. Shown only while the account has no password (/user/reauth-methods says so).
 */
export function SetPasswordCard() {
  const t = useTranslations("account.setPassword");
  const tp = useTranslations("account.password");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const id = useId();
  const methods = useCall<ReauthMethodsDto>("/user/reauth-methods");
  const [step, setStep] = useState<Step>("idle");
  const [values, setValues] = useState<Values>({ new_password: "", confirm_password: "" });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (!methods.data || methods.data.password) return toast.view;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = setPasswordSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, translate, label));
      return;
    }
    setErrors({});
    setAlert(undefined);
    setBusy(true);
    try {
      const envelope = await api<{ fields?: Partial<Values>; error?: string }>("/user/set-password", values, {
        networkMessage: tc("networkError"),
      });
      if (!isSuccess(envelope)) {
        // The proof ran out meanwhile: ask for it again.
        if (envelope.data?.error === "REAUTH_REQUIRED") setStep("reauth");
        setErrors(envelope.data?.fields ?? {});
        setAlert(envelope.message);
        return;
      }
      toast.show("success", envelope.message || t("done"));
      setStep("idle");
      await methods.mutate();
    } finally {
      setBusy(false);
    }
  }

  const change = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  return (
    <SecurityCard title={t("title")}>
      <div data-testid="set-password-card" className="flex flex-col gap-4">
        <p className="text-sm text-gray-600">{t("none")}</p>
        {step === "idle" && (
          <div>
            <Button variant="secondary" onClick={() => setStep("reauth")}>
              {t("button")}
            </Button>
          </div>
        )}
        {step === "reauth" && <ReauthStep reason={t("reason")} onDone={() => setStep("form")} />}
        {step === "form" && (
          <FormWithAlert alert={alert} onSubmit={onSubmit}>
            <PasswordField
              id={`${id}-new`}
              label={t("new")}
              error={errors.new_password}
              name="new_password"
              autoComplete="new-password"
              showLabel={tp("show")}
              hideLabel={tp("hide")}
              value={values.new_password}
              onChange={change("new_password")}
            />
            <PasswordField
              id={`${id}-confirm`}
              label={t("confirm")}
              error={errors.confirm_password}
              name="confirm_password"
              autoComplete="new-password"
              showLabel={tp("show")}
              hideLabel={tp("hide")}
              value={values.confirm_password}
              onChange={change("confirm_password")}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={busy}>
                {t("submit")}
              </Button>
              <Button variant="ghost" onClick={() => setStep("idle")}>
                {t("cancel")}
              </Button>
            </div>
          </FormWithAlert>
        )}
      </div>
      {toast.view}
    </SecurityCard>
  );
}
