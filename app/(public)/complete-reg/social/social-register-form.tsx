"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { BackToSignIn } from "@/components/layout/back-to-sign-in";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { api, finishHandoff, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import { socialRegisterSchema, socialRegisterVerifySchema } from "@/server/oauth/schema";

type Step = { kind: "email" } | { kind: "code"; email: string; token: string };

/** The address (step one), then the code sent to it (step two). */
export function SocialRegisterForm({ token }: { token: string }) {
  const t = useTranslations("auth.socialRegister");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: "email" });
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function sendCode(address: string) {
    const parsed = socialRegisterSchema.safeParse({ token, email: address });
    if (!parsed.success) {
      setFieldError(Object.values(fieldErrors(parsed.error, translate, label)).join("\n"));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setAlert(undefined);
    const envelope = await api<{ token?: string }>("/auth/social-register", parsed.data, {
      networkMessage: tc("networkError"),
      on401: "return",
    });
    setBusy(false);
    if (!isSuccess(envelope) || !envelope.data.token) {
      setAlert(envelope.message);
      return;
    }
    setCode("");
    setStep({ kind: "code", email: parsed.data.email, token: envelope.data.token });
  }

  async function verify(current: Extract<Step, { kind: "code" }>) {
    const parsed = socialRegisterVerifySchema.safeParse({ token: current.token, code });
    if (!parsed.success) {
      setFieldError(Object.values(fieldErrors(parsed.error, translate, label)).join("\n"));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setAlert(undefined);
    const envelope = await api(
      "/auth/social-register-verify",
      { ...handoffFields(), token: current.token, code: parsed.data.code },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (!isSuccess(envelope)) {
      setBusy(false);
      setAlert(envelope.message);
      return;
    }
    await finishHandoff(envelope.data);
  }

  if (step.kind === "email") {
    return (
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void sendCode(email);
        }}
      >
        <FormAlert message={alert} />
        <TextField
          id={`${id}-email`}
          label={t("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hint={t("emailHint")}
          error={fieldError}
        />
        <Button type="submit" busy={busy}>
          {t("send")}
        </Button>
        <BackToSignIn label={t("back")} />
      </form>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void verify(step);
      }}
    >
      <p role="status" className="text-sm text-gray-700">
        {t("sent", { email: step.email })}
      </p>
      <FormAlert message={alert} />
      <TextField
        id={`${id}-code`}
        label={t("code")}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
        error={fieldError}
      />
      <Button type="submit" busy={busy}>
        {t("verify")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-semibold text-brand-600 hover:underline"
          onClick={() => void sendCode(step.email)}
          disabled={busy}
        >
          {t("resend")}
        </button>
        <button
          type="button"
          className="font-semibold text-brand-600 hover:underline"
          onClick={() => {
            setAlert(undefined);
            setStep({ kind: "email" });
          }}
        >
          {t("changeEmail")}
        </button>
      </div>
    </form>
  );
}
