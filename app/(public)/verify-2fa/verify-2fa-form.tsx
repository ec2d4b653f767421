"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { BackToSignIn } from "@/components/layout/back-to-sign-in";
import { isCodeComplete } from "@/components/two-factor/code-boxes";
import { CodeEntry, ResendLine } from "@/components/two-factor/code-entry";
import { RESEND_SECONDS, type ResendAnswer, useCodeEntry } from "@/components/two-factor/use-code-entry";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { type ApiData, api, currentQuery, finishHandoff, go } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import { verifyLoginSchema } from "@/server/two-factor/schema";
import { useBackupMode } from "./backup-mode";

/** SPEC §4/§8: code 503 on a second factor means the device limit; the server names the page. */
export function deviceLimitRedirect(envelope: { code: number; data: ApiData | undefined }): string | null {
  const data = envelope.data;
  if (envelope.code !== 503 || !data || typeof data.redirect_url !== "string") return null;
  return data.redirect_url;
}

/** SPEC §2 Verify 2FA: the six-digit code (app or SMS), or a backup code (app); trust this browser. */
type Props = { customAuth: string; verifyType: "TOTP" | "SMS" };

export function Verify2faForm({ customAuth, verifyType }: Props) {
  const t = useTranslations("auth.twoFactor.verify");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const id = useId();
  const [backupCode, setBackupCode] = useState("");
  const [useBackup, setUseBackup] = useBackupMode();
  const [trustDevice, setTrustDevice] = useState(false);
  // An SMS code was just sent by the sign-in: resend opens after the countdown (SPEC §4).
  const entry = useCodeEntry({
    wait: verifyType === "SMS" ? RESEND_SECONDS : 0,
    check: (typed) => {
      const parsed = verifyLoginSchema.safeParse({
        token: typed,
        custom_auth: customAuth,
        trust_device: trustDevice,
      });
      if (parsed.success) return { code: parsed.data.token };
      const codeLabel = (name: string) =>
        name === "token" ? (useBackup ? t("backupCode") : t("code")) : label(name);
      return { failure: Object.values(fieldErrors(parsed.error, translate, codeLabel)).join("\n") };
    },
    confirm: async (token) => {
      const envelope = await api(
        "/auth2-fa/verify-login",
        {
          token,
          custom_auth: customAuth,
          trust_device: trustDevice,
          search: window.location.search,
          client_id: currentQuery().client_id,
        },
        { networkMessage: tc("networkError"), on401: "return" },
      );
      // SPEC §2: the code is emptied after every confirm, right or wrong.
      if (useBackup) setBackupCode("");
      const clear = !useBackup;
      const limitPage = deviceLimitRedirect(envelope);
      if (limitPage) {
        go(limitPage);
        return { clear, isLeaving: true };
      }
      if (!isSuccess(envelope)) {
        requestAnimationFrame(focusCode);
        return { clear, failure: envelope.message, refusal: envelope };
      }
      finishHandoff(envelope.data);
      return { clear, isLeaving: true };
    },
  });

  async function sendAgain(): Promise<ResendAnswer> {
    const envelope = await api<{ exp_time?: number }>(
      "/auth2-fa/resend",
      { custom_auth: customAuth },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    // SPEC §8: an SMS resend failure is a toast.
    if (!isSuccess(envelope)) {
      toast.show("error", envelope.message);
      return { sent: false };
    }
    toast.show("success", t("resent"));
    return { sent: true };
  }

  function toggleBackup() {
    entry.setFailure(undefined);
    setUseBackup((on) => !on);
    entry.change("");
    setBackupCode("");
    requestAnimationFrame(focusCode);
  }

  /** Back to whichever code input is showing (after a toggle or a refused code). */
  function focusCode() {
    const backup = document.getElementById(`${id}-backup`);
    if (backup) backup.focus();
    else entry.boxes.current?.focus();
  }

  const canSubmit = useBackup ? backupCode.trim().length > 0 : isCodeComplete(entry.code);

  return (
    <>
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void entry.confirm(useBackup ? backupCode : entry.code);
        }}
        className="flex flex-col gap-5"
      >
        <CodeEntry
          entry={entry}
          label={t("code")}
          instead={
            useBackup ? (
              <TextField
                id={`${id}-backup`}
                label={t("backupCode")}
                hint={t("backupHint")}
                aria-invalid={entry.failure ? true : undefined}
                aria-describedby={entry.failure ? entry.errorId : undefined}
                name="backup_code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={20}
                placeholder={t("backupPlaceholder")}
                value={backupCode}
                onChange={(e) => {
                  setBackupCode(e.target.value);
                  entry.setFailure(undefined);
                }}
                className="font-mono tracking-wider"
              />
            ) : undefined
          }
        />
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
        <Button type="submit" busy={entry.busy} disabled={!canSubmit || entry.retryWait.isWaiting}>
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
            <ResendLine entry={entry} texts="auth.twoFactor.verify" send={sendAgain} />
          )}
          <BackToSignIn label={t("back")} />
        </div>
      </form>
      {toast.view}
    </>
  );
}
