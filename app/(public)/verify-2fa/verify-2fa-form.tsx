"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { CodeBoxes, type CodeBoxesHandle, isCodeComplete } from "@/components/two-factor/code-boxes";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { formatCountdown } from "@/lib/countdown";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { useSignInHref } from "@/lib/hooks/use-sign-in-href";
import { type ApiData, api, currentQuery, finishHandoff, go } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import { verifyLoginSchema } from "@/server/two-factor/schema";

const RESEND_SECONDS = 60;

/** SPEC §4/§8: code 503 on a second factor means the device limit; the server names the page. */
export function deviceLimitRedirect(envelope: { code: number; data: ApiData | undefined }): string | null {
  const data = envelope.data;
  if (envelope.code !== 503 || !data || typeof data.redirect_url !== "string") return null;
  return data.redirect_url;
}

export function Verify2faForm({
  customAuth,
  verifyType,
}: {
  customAuth: string;
  verifyType: "TOTP" | "SMS";
}) {
  const signInHref = useSignInHref();
  const t = useTranslations("auth.twoFactor.verify");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const id = useId();
  const boxes = useRef<CodeBoxesHandle>(null);
  const [code, setCode] = useState("");
  const [backupCode, setBackupCode] = useState("");
  const [useBackup, setUseBackup] = useState(false);
  const [trustDevice, setTrustDevice] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // A refused code, said under the code it is about (never in a modal over the form).
  const [failure, setFailure] = useState<string>();
  // An SMS code was just sent by the sign-in: resend opens after the countdown (SPEC §4).
  const [countdown, setCountdown] = useState(RESEND_SECONDS);

  useEffect(() => {
    if (verifyType !== "SMS") return;
    const timer = setInterval(() => setCountdown((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [verifyType]);

  const codeLabel = useCallback(
    (name: string) => (name === "token" ? (useBackup ? t("backupCode") : t("code")) : label(name)),
    [label, t, useBackup],
  );

  function clearCode() {
    if (useBackup) setBackupCode("");
    else boxes.current?.clear();
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void confirm(useBackup ? backupCode : code);
  }

  /** Checks a code: from the confirm button, or as soon as the sixth box is filled. */
  async function confirm(typed: string) {
    if (busy) return;
    const parsed = verifyLoginSchema.safeParse({
      token: typed,
      custom_auth: customAuth,
      trust_device: trustDevice,
    });
    if (!parsed.success) {
      setFailure(Object.values(fieldErrors(parsed.error, translate, codeLabel)).join("\n"));
      return;
    }
    setFailure(undefined);
    setBusy(true);
    const envelope = await api(
      "/auth2-fa/verify-login",
      {
        token: parsed.data.token,
        custom_auth: customAuth,
        trust_device: trustDevice,
        search: window.location.search,
        client_id: currentQuery().client_id,
      },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    // SPEC §2: the boxes are emptied after every confirm, right or wrong.
    clearCode();
    const limitPage = deviceLimitRedirect(envelope);
    if (limitPage) {
      go(limitPage);
      return;
    }
    if (!isSuccess(envelope)) {
      setBusy(false);
      setFailure(envelope.message);
      requestAnimationFrame(focusCode);
      return;
    }
    finishHandoff(envelope.data);
  }

  async function resend() {
    if (countdown > 0 || resending) return;
    setResending(true);
    const envelope = await api<{ exp_time?: number }>(
      "/auth2-fa/resend",
      { custom_auth: customAuth },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    setResending(false);
    if (!isSuccess(envelope)) {
      // SPEC §8: an SMS resend failure is a toast.
      toast.show("error", envelope.message);
      return;
    }
    setCountdown(RESEND_SECONDS);
    boxes.current?.clear();
    toast.show("success", t("resent"));
  }

  function toggleBackup() {
    setFailure(undefined);
    setUseBackup((on) => !on);
    setCode("");
    setBackupCode("");
    requestAnimationFrame(focusCode);
  }

  /** Back to whichever code input is showing (after a toggle or a refused code). */
  function focusCode() {
    const backup = document.getElementById(`${id}-backup`);
    if (backup) backup.focus();
    else boxes.current?.focus();
  }

  const canSubmit = useBackup ? backupCode.trim().length > 0 : isCodeComplete(code);
  const errorId = `${id}-failure`;

  return (
    <>
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
        {useBackup ? (
          <Field id={`${id}-backup`} label={t("backupCode")} hint={t("backupHint")}>
            <TextInput
              id={`${id}-backup`}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? errorId : undefined}
              name="backup_code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={20}
              placeholder={t("backupPlaceholder")}
              value={backupCode}
              onChange={(e) => {
                setBackupCode(e.target.value);
                setFailure(undefined);
              }}
              className="font-mono tracking-wider"
            />
          </Field>
        ) : (
          <CodeBoxes
            ref={boxes}
            value={code}
            onChange={(next) => {
              setCode(next);
              // A digit typed after a refusal starts a new try (emptying the boxes does not).
              if (next.trim()) setFailure(undefined);
            }}
            onComplete={(full) => void confirm(full)}
            label={t("code")}
            autoFocus
            disabled={busy}
            errorId={failure ? errorId : undefined}
          />
        )}
        <FormAlert id={errorId} message={failure} />
        <label className="flex items-start gap-3 text-sm text-gray-700">
          <input
            type="checkbox"
            name="trust_device"
            checked={trustDevice}
            onChange={(e) => setTrustDevice(e.target.checked)}
            aria-describedby={`${id}-trust-hint`}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <span>
            {t("trustDevice")}
            <span id={`${id}-trust-hint`} className="block text-xs text-gray-500">
              {t("trustDeviceHint")}
            </span>
          </span>
        </label>
        <Button type="submit" busy={busy} disabled={!canSubmit}>
          {t("submit")}
        </Button>
        <div className="flex flex-col items-center gap-3 text-sm">
          {/* Backup codes come with the authenticator app (the server clears them for SMS). */}
          {verifyType === "TOTP" && (
            <button
              type="button"
              onClick={toggleBackup}
              aria-pressed={useBackup}
              className="min-h-9 font-semibold text-brand-600 hover:underline"
            >
              {useBackup ? t("useCode") : t("useBackup")}
            </button>
          )}
          {verifyType === "SMS" && (
            // Not a live region: a countdown read out every second would drown everything else.
            <p className="text-center text-gray-600">
              {t("noCode")}{" "}
              {countdown > 0 ? (
                <span>{t("resendIn", { time: formatCountdown(countdown) })}</span>
              ) : (
                <button
                  type="button"
                  onClick={resend}
                  disabled={resending}
                  className="font-semibold text-brand-600 hover:underline disabled:opacity-50"
                >
                  {t("resend")}
                </button>
              )}
            </p>
          )}
          <Link href={signInHref} className="text-gray-600 hover:underline">
            {t("back")}
          </Link>
        </div>
      </form>
      {toast.view}
    </>
  );
}
