"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { BackToSignIn } from "@/components/layout/back-to-sign-in";
import { isCodeComplete } from "@/components/two-factor/code-boxes";
import { CodeEntry, ResendLine } from "@/components/two-factor/code-entry";
import { RESEND_SECONDS, type ResendAnswer, useCodeEntry } from "@/components/two-factor/use-code-entry";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { api, finishHandoff, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import { socialRegisterSchema, socialRegisterVerifySchema } from "@/server/oauth/schema";

type CodeStep = { kind: "code"; email: string; token: string };
type Step = { kind: "email" } | CodeStep;

/** The address (step one), then the code sent to it (step two). */
export function SocialRegisterForm({ token }: { token: string }) {
  const t = useTranslations("auth.socialRegister");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: "email" });
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  /** Sends a code to the address: undefined when it went out (the code step holds the new flow), else why not. */
  async function sendCode(address: string): Promise<string | undefined> {
    const parsed = socialRegisterSchema.safeParse({ token, email: address });
    if (!parsed.success) {
      const failure = Object.values(fieldErrors(parsed.error, translate, label)).join("\n");
      setFieldError(failure);
      return failure;
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
      return envelope.message ?? tc("networkError");
    }
    setStep({ kind: "code", email: parsed.data.email, token: envelope.data.token });
    return undefined;
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
    <SocialCodeStep
      step={step}
      resend={() => sendCode(step.email)}
      onChangeEmail={() => {
        setAlert(undefined);
        setStep({ kind: "email" });
      }}
    />
  );
}

/**
 * The code sent to the address, in the portal's six boxes (as /verify-account's): the sixth digit
 * confirms, a wrong code is said beside them and emptied, and a new code can be asked for 60 s on.
 */
function SocialCodeStep({
  step,
  resend,
  onChangeEmail,
}: {
  step: CodeStep;
  /** Asks for a new code: undefined when it went out (the step then holds its new flow token), else why not. */
  resend: () => Promise<string | undefined>;
  onChangeEmail: () => void;
}) {
  const t = useTranslations("auth.socialRegister");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const entry = useCodeEntry({
    wait: RESEND_SECONDS,
    check: (typed) => {
      const parsed = socialRegisterVerifySchema.safeParse({ token: step.token, code: typed });
      if (parsed.success) return { code: parsed.data.code };
      return { failure: Object.values(fieldErrors(parsed.error, translate, label)).join("\n") };
    },
    confirm: async (code) => {
      const envelope = await api(
        "/auth/social-register-verify",
        { ...handoffFields(), token: step.token, code },
        { networkMessage: tc("networkError"), on401: "return" },
      );
      if (!isSuccess(envelope)) return { failure: envelope.message, clear: true, refusal: envelope };
      await finishHandoff(envelope.data);
      return { isLeaving: true };
    },
  });
  return (
    <form method="post" noValidate onSubmit={entry.submit} className="flex flex-col gap-4">
      <p role="status" className="text-sm text-gray-700">
        {t("sent", { email: step.email })}
      </p>
      <CodeEntry entry={entry} label={t("code")} />
      <Button type="submit" busy={entry.busy} disabled={!isCodeComplete(entry.code)}>
        {t("verify")}
      </Button>
      <ResendLine
        entry={entry}
        texts="auth.verify"
        send={async (): Promise<ResendAnswer> => {
          const failure = await resend();
          return failure === undefined ? { sent: true, clearsFailure: true } : { sent: false, failure };
        }}
      />
      <Button variant="ghost" onClick={onChangeEmail}>
        {t("changeEmail")}
      </Button>
    </form>
  );
}
