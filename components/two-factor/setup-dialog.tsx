"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogActions, FormDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { TwoFaMethod } from "@/server/two-factor/schema";
import { useScanStep } from "./app-scan-step";
import { isCodeComplete } from "./code-boxes";
import { CodeEntry } from "./code-entry";
import type { MethodStep, SetupStep, StepContext } from "./setup-method";
import { BackupCodesStep, PasswordAgainField } from "./setup-steps";
import { useSmsStep } from "./sms-phone-step";
import { useCodeEntry } from "./use-code-entry";
import { type TwoFactorDoneData, useEnableTwoFactor } from "./use-enable-two-factor";

/** SPEC §9: the copy-secret toast stays 3 s. */
const COPY_TOAST_MS = 3000;

/**
 * The two methods of the one set-up flow: the catalog namespace of their texts, how long their
 * toasts stay, and their first step (which also says what the code step shows).
 */
const METHODS = {
  totp: { texts: "auth.twoFactor.app", toastMs: COPY_TOAST_MS, useFirstStep: useScanStep },
  sms: { texts: "auth.twoFactor.sms", toastMs: undefined, useFirstStep: useSmsStep },
} as const satisfies Record<
  TwoFaMethod,
  { texts: string; toastMs: number | undefined; useFirstStep: (context: StepContext) => MethodStep }
>;

export type TwoFactorSetupProps = {
  method: TwoFaMethod;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sign-in mode: the temporary token of the sign-in that requires two-factor. None: the session. */
  customAuth?: string;
  /** Profile mode, changing an enabled method: the password is asked again. */
  requirePassword?: boolean;
  /**
   * Two-factor is on. With `customAuth` the data is the sign-in result, or (code 503) the
   * device-limit answer `{ error: "DEVICE_LIMIT_EXCEEDED", redirect_url, … }`.
   */
  onDone: (data: TwoFactorDoneData) => void;
  /** SMS: the account's phone, prefilled. */
  phone?: string;
  /** SMS: a verified phone cannot be changed here (SPEC §5). */
  isPhoneVerified?: boolean;
};

/**
 * SPEC §2 two-factor set-up modal: the method's first step (app: QR code and secret; SMS: the
 * phone), then the 6-digit code with back and confirm, then the backup codes once (app). Every
 * refusal is said inside this dialog at the step it belongs to, never in a second modal.
 */
export function TwoFactorSetupDialog(props: TwoFactorSetupProps) {
  // Each method has steps of its own: another method is another flow.
  return <SetupFlow key={props.method} {...props} />;
}

function SetupFlow({
  method,
  open,
  onOpenChange,
  customAuth,
  requirePassword,
  onDone,
  phone,
  isPhoneVerified,
}: TwoFactorSetupProps) {
  const variant = METHODS[method];
  const t = useTranslations(variant.texts);
  const tb = useTranslations("auth.twoFactor.backup");
  const toast = useToast(variant.toastMs);
  const enable = useEnableTwoFactor({ method, customAuth, requirePassword });
  const [step, setStep] = useState<SetupStep>("first");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string>();
  const [sendError, setSendError] = useState<string>();
  const [done, setDone] = useState<TwoFactorDoneData | null>(null);
  const entry = useCodeEntry({
    confirm: async (code) => {
      setPasswordError(undefined);
      setSendError(undefined);
      const outcome = await enable(code, password);
      if (!outcome.done) {
        if (outcome.field === "password") {
          setPasswordError(outcome.message);
          return {};
        }
        return { failure: outcome.message, clear: true, refusal: outcome.refusal };
      }
      const codes = outcome.data.backup_codes;
      if (Array.isArray(codes) && codes.length > 0) {
        setDone(outcome.data);
        setStep("backup");
      } else {
        onDone(outcome.data);
      }
      return { clear: true };
    },
  });
  const first = variant.useFirstStep({
    open,
    customAuth,
    phone,
    isPhoneVerified,
    toast,
    entry,
    sendError,
    setSendError,
    toCode: () => setStep("code"),
  });

  // Each opening starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening (or a new sign-in or phone) only.
  useEffect(() => {
    if (!open) return;
    setStep("first");
    setPassword("");
    setPasswordError(undefined);
    setSendError(undefined);
    setDone(null);
    entry.reset();
  }, [open, customAuth, phone]);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        // The backup codes are shown once: closing means "saved" too, so the flow still ends.
        if (!next && step === "backup" && done) onDone(done);
        onOpenChange(next);
      }}
      title={step === "backup" ? tb("title") : t("title")}
      description={step === "backup" ? undefined : first.description(step)}
      toast={toast.view}
    >
      {step === "first" && first.view}
      {step === "code" && (
        <form method="post" noValidate onSubmit={entry.submit} className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">{first.codeIntro}</p>
          {/* The sixth digit confirms on its own unless the password is still missing. */}
          <CodeEntry entry={entry} label={t("code")} autoSubmit={!requirePassword || Boolean(password)} />
          {first.afterCode}
          <FormAlert message={sendError} />
          {requirePassword && (
            <PasswordAgainField
              value={password}
              onChange={(next) => {
                setPassword(next);
                setPasswordError(undefined);
              }}
              error={passwordError}
            />
          )}
          <DialogActions>
            <Button
              variant="secondary"
              onClick={() => {
                entry.setFailure(undefined);
                setPasswordError(undefined);
                setSendError(undefined);
                setStep("first");
              }}
            >
              {t("back")}
            </Button>
            <Button
              type="submit"
              busy={entry.busy}
              disabled={!isCodeComplete(entry.code) || entry.retryWait.isWaiting}
            >
              {t("confirm")}
            </Button>
          </DialogActions>
        </form>
      )}
      {step === "backup" && done && (
        <BackupCodesStep
          codes={done.backup_codes ?? []}
          showToast={toast.show}
          onSaved={() => {
            onOpenChange(false);
            onDone(done);
          }}
        />
      )}
    </FormDialog>
  );
}
