"use client";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Captcha, type CaptchaHandle } from "@/components/forms/captcha";
import { isCodeComplete } from "@/components/two-factor/code-boxes";
import { CodeEntry, ResendLine } from "@/components/two-factor/code-entry";
import { type ResendAnswer, useCodeEntry } from "@/components/two-factor/use-code-entry";
import { FormWithAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { formatCountdown } from "@/lib/countdown";
import { cancelDeletionHref } from "@/lib/deletion-pending";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { useCountdown } from "@/lib/hooks/use-countdown";
import { api, currentQuery, finishHandoff, go, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import {
  type CodeSignInStartDto,
  codeSignInStartSchema,
  codeSignInVerifySchema,
} from "@/server/auth/code-signin-schema";
import { CodeSignUpStep } from "./code-signup-step";

/**
 * Sign in with a one-time code: the email or phone first, then the six boxes. What the first
 * step answers is the same whether or not the email or phone has an account (server/auth/code-signin.ts).
 */
export function CodeSignInForm({ registrationEnabled }: { registrationEnabled: boolean }) {
  const [sent, setSent] = useState<CodeSignInStartDto>();
  const [isSigningUp, setSigningUp] = useState(false);
  const [search, setSearch] = useState("");
  const t = useTranslations("codeSignIn");
  useEffect(() => setSearch(window.location.search), []);
  return (
    <>
      {!sent ? (
        <IdentifierStep onSent={setSent} />
      ) : isSigningUp ? (
        <CodeSignUpStep sent={sent} onBack={() => setSigningUp(false)} />
      ) : (
        <CodeStep
          sent={sent}
          onOther={() => setSent(undefined)}
          onSignUp={registrationEnabled ? () => setSigningUp(true) : undefined}
        />
      )}
      <p className="mt-6 flex flex-col items-center gap-2 text-center text-sm">
        <a
          href={`/signin${search}`}
          data-testid="password-signin-link"
          className="font-semibold text-brand-600 hover:underline"
        >
          {t("usePassword")}
        </a>
        {registrationEnabled && !isSigningUp && <SignUpLine search={search} />}
      </p>
    </>
  );
}

function SignUpLine({ search }: { search: string }) {
  const t = useTranslations("auth.signIn");
  return (
    <span className="text-gray-600">
      {t("noAccount")}{" "}
      <a href={`/signup${search}`} className="font-semibold text-brand-600 hover:underline">
        {t("signUp")}
      </a>
    </span>
  );
}

function IdentifierStep({ onSent }: { onSent: (sent: CodeSignInStartDto) => void }) {
  const t = useTranslations("codeSignIn");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const id = useId();
  const [identifier, setIdentifier] = useState("");
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Asked for from this address's second request within the hour (CAPTCHA_REQUIRED).
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState("");
  const captchaRef = useRef<CaptchaHandle>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = codeSignInStartSchema.safeParse({ identifier });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error, translate, label).identifier);
      document.getElementById(`${id}-identifier`)?.focus();
      return;
    }
    setError(undefined);
    setAlert(undefined);
    setBusy(true);
    try {
      const envelope = await api<CodeSignInStartDto & { fields?: Record<string, string> }>(
        "/auth/code-signin",
        { identifier, captcha: captcha || undefined, ...handoffFields() },
        { networkMessage: tc("networkError"), on401: "return" },
      );
      if (isSuccess(envelope)) {
        onSent(envelope.data);
        return;
      }
      const data = envelope.data as { error?: string; fields?: Record<string, string> } | null;
      if (data?.error === "CAPTCHA_REQUIRED" || data?.error === "CAPTCHA_INVALID") setCaptchaShown(true);
      // A captcha is good for one request: a refused one is solved again.
      captchaRef.current?.reset();
      setError(data?.fields?.identifier);
      setAlert(envelope.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormWithAlert alert={alert} onSubmit={onSubmit}>
      <TextField
        id={`${id}-identifier`}
        label={t("identifier")}
        error={error}
        name="identifier"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t("identifierPlaceholder")}
        value={identifier}
        onChange={(event) => {
          setIdentifier(event.target.value);
          setAlert(undefined);
        }}
      />
      {isCaptchaShown && <Captcha ref={captchaRef} onChange={setCaptcha} />}
      <Button type="submit" busy={busy} disabled={isCaptchaShown && !captcha}>
        {t("send")}
      </Button>
    </FormWithAlert>
  );
}

function CodeStep({
  sent,
  onOther,
  onSignUp,
}: {
  sent: CodeSignInStartDto;
  onOther: () => void;
  /** "No account yet?": shown whatever the answer was, so it tells nothing (absent when sign-up is off). */
  onSignUp?: () => void;
}) {
  const t = useTranslations("codeSignIn");
  const tv = useTranslations("auth.verify");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const [expiresIn, setExpiresIn] = useCountdown(sent.exp_time);
  const entry = useCodeEntry({
    wait: sent.resend_in,
    check: (typed) => {
      const parsed = codeSignInVerifySchema.safeParse({ code: typed, token: sent.token });
      if (parsed.success) return { code: parsed.data.code };
      return { failure: Object.values(fieldErrors(parsed.error, translate, label)).join("\n") };
    },
    confirm: async (code) => {
      const envelope = await api(
        "/auth/code-signin-verify",
        { code, token: sent.token, client_id: currentQuery().client_id },
        { networkMessage: tc("networkError"), on401: "return" },
      );
      if (!isSuccess(envelope)) {
        const cancelHref = cancelDeletionHref(envelope);
        if (cancelHref) {
          go(cancelHref);
          return { isLeaving: true };
        }
        // A wrong code is typed again from the first box.
        return { failure: envelope.message, clear: true };
      }
      await finishHandoff(envelope.data);
      return { isLeaving: true };
    },
  });

  async function sendAgain(): Promise<ResendAnswer> {
    const envelope = await api<{ exp_time?: number }>(
      "/auth/code-signin-resend",
      { token: sent.token },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (!isSuccess(envelope)) return { sent: false, failure: envelope.message };
    setExpiresIn(envelope.data.exp_time ?? sent.exp_time);
    toast.show("success", tv("resent"));
    return { sent: true, clearsFailure: true };
  }

  return (
    <>
      <form method="post" noValidate onSubmit={entry.submit} className="flex flex-col gap-4">
        <p role="status" data-testid="code-sent-to" className="text-sm text-gray-700">
          {t(`sentTo.${sent.channel}`, { destination: sent.destination })}
        </p>
        <CodeEntry
          entry={entry}
          label={t("code")}
          note={
            <p className="text-center text-xs text-gray-500">
              {expiresIn > 0 ? tv("expiresIn", { time: formatCountdown(expiresIn) }) : tv("expired")}
            </p>
          }
        />
        <Button type="submit" busy={entry.busy} disabled={!isCodeComplete(entry.code)}>
          {tv("submit")}
        </Button>
        <ResendLine entry={entry} texts="auth.verify" send={sendAgain} />
        <Button variant="ghost" onClick={onOther}>
          {t("other")}
        </Button>
        {onSignUp && (
          <p className="text-center text-sm text-gray-600">
            {t("noAccount", { destination: sent.destination })}{" "}
            <button
              type="button"
              onClick={onSignUp}
              data-testid="code-signup-link"
              className="font-semibold text-brand-600 hover:underline"
            >
              {t("createOne")}
            </button>
          </p>
        )}
      </form>
      {toast.view}
    </>
  );
}
