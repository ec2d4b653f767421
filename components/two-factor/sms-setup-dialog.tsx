"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { formatCountdown } from "@/lib/countdown";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { type ApiData, api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors, isVietnamesePhone, MSG } from "@/lib/validation";
import { requireVerifySmsSchema } from "@/server/two-factor/schema";
import {
  BackupCodesStep,
  type EnableOutcome,
  PasswordAgainField,
  TwoFactorDialogFrame,
  type TwoFactorDoneData,
  type TwoFactorSetupProps,
  useEnableTwoFactor,
} from "./app-setup-dialog";
import { CodeBoxes, type CodeBoxesHandle, isCodeComplete } from "./code-boxes";

/** SPEC §9: the SMS modal's resend timer. */
const RESEND_SECONDS = 60;

type Step = "phone" | "code" | "backup";

/**
 * SPEC §2 SMS modal: step 1 a Vietnamese phone (fixed when already verified) and Send code;
 * step 2 the 6-digit code, back, confirm, and resend once the 60 s timer has run out. A refusal
 * is said at the step it belongs to (under the phone, beside the code), never in a second modal.
 */
export function SmsSetupDialog({
  open,
  onOpenChange,
  customAuth,
  requirePassword,
  onDone,
  phone: initialPhone = "",
  isPhoneVerified = false,
}: TwoFactorSetupProps & {
  /** The account's phone, prefilled. */
  phone?: string;
  /** A verified phone cannot be changed here (SPEC §5). */
  isPhoneVerified?: boolean;
}) {
  const t = useTranslations("auth.twoFactor.sms");
  const tb = useTranslations("auth.twoFactor.backup");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const enable = useEnableTwoFactor({ method: "sms", customAuth, requirePassword });
  const id = useId();
  const boxes = useRef<CodeBoxesHandle>(null);
  const isFixed = isPhoneVerified && Boolean(initialPhone);
  const [step, setStep] = useState<Step>("phone");
  const [phone, setPhone] = useState(initialPhone);
  const [sentTo, setSentTo] = useState("");
  // The number typed when the last code went out: going back without changing it reuses the code.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const [done, setDone] = useState<TwoFactorDoneData | null>(null);
  // A refused send (phone step) or confirm (code step); the step's own field shows it.
  const [sendError, setSendError] = useState<string | null>(null);
  const [error, setError] = useState<Extract<EnableOutcome, { done: false }> | null>(null);
  const errorId = `${id}-error`;
  const sendErrorId = `${id}-send-error`;

  useEffect(() => {
    if (!open) return;
    setStep("phone");
    setPhone(initialPhone);
    setPhoneTouched(false);
    setSentFor(null);
    setCountdown(0);
    setCode("");
    setPassword("");
    setDone(null);
    setSendError(null);
    setError(null);
  }, [open, initialPhone]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  // SPEC §5: sending is possible only with a Vietnamese phone.
  const isPhoneValid = isFixed || isVietnamesePhone(phone.trim());
  const phoneError =
    !isFixed && phoneTouched && phone.trim() && !isPhoneValid
      ? translate(MSG.phone, { field: t("phone") })
      : undefined;

  /** Sends (or resends) the code; answers whether it went. */
  async function sendCode(): Promise<boolean> {
    const parsed = requireVerifySmsSchema.safeParse({
      custom_auth: customAuth,
      phone: isFixed ? undefined : phone,
    });
    if (!parsed.success || (!isFixed && !phone.trim())) {
      const errors = parsed.success
        ? { phone: translate(MSG.required, { field: t("phone") }) }
        : fieldErrors(parsed.error, translate, (n) => (n === "phone" ? t("phone") : label(n)));
      setSendError(Object.values(errors).join("\n"));
      return false;
    }
    setSendError(null);
    setSending(true);
    const envelope = await api<ApiData & { phone?: string; exp_time?: number }>(
      "/auth2-fa/require-verify-sms",
      { ...parsed.data },
      { networkMessage: tc("networkError"), on401: customAuth ? "return" : "redirect" },
    );
    setSending(false);
    if (!isSuccess(envelope)) {
      // Said at the step that asked: under the phone, or beside the code boxes for a resend.
      const phoneField = envelope.data?.fields?.phone;
      setSendError(typeof phoneField === "string" && phoneField ? phoneField : envelope.message);
      return false;
    }
    setSentTo(envelope.data.phone || phone);
    setSentFor(phone.trim());
    setCountdown(RESEND_SECONDS);
    return true;
  }

  async function submitPhone(event: React.FormEvent) {
    event.preventDefault();
    setPhoneTouched(true);
    if (sending || !isPhoneValid) return;
    if (countdown > 0 && sentFor === phone.trim()) {
      setStep("code");
      return;
    }
    if (await sendCode()) {
      setCode("");
      setStep("code");
    }
  }

  async function resend() {
    if (countdown > 0 || sending) return;
    if (await sendCode()) {
      boxes.current?.clear();
      toast.show("success", t("resent"));
    }
  }

  function typeCode(next: string) {
    setCode(next);
    // A digit typed after a refusal starts a new try: the old message goes.
    if (next.trim() && error?.field === "code") setError(null);
  }

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    void confirmCode(code);
  }

  /** From the confirm button, or as soon as the sixth digit is in (when no password is still missing). */
  async function confirmCode(typed: string) {
    if (busy) return;
    setBusy(true);
    setError(null);
    setSendError(null);
    const outcome = await enable(typed, password);
    setBusy(false);
    if (!outcome.done) {
      setError(outcome);
      if (outcome.field === "code") boxes.current?.clear();
      return;
    }
    boxes.current?.clear();
    const codes = outcome.data.backup_codes;
    if (Array.isArray(codes) && codes.length > 0) {
      setDone(outcome.data);
      setStep("backup");
      return;
    }
    onDone(outcome.data);
  }

  // A fixed phone needs no advice on its format; the field says it is the verified one.
  const description = step === "phone" && !isFixed ? t("phoneHint") : undefined;
  const codeError = error?.field === "code" ? error.message : undefined;
  const phoneDescribedBy =
    [phoneError ? `${id}-phone-error` : null, sendError ? sendErrorId : null].filter(Boolean).join(" ") ||
    undefined;

  return (
    <TwoFactorDialogFrame
      open={open}
      onOpenChange={(next) => {
        if (!next && step === "backup" && done) onDone(done);
        onOpenChange(next);
      }}
      title={step === "backup" ? tb("title") : t("title")}
      description={description}
      toast={toast.view}
    >
      {step === "phone" && (
        <form method="post" noValidate onSubmit={submitPhone} className="flex flex-col gap-4">
          <Field
            id={`${id}-phone`}
            label={t("phone")}
            hint={isFixed ? t("phoneVerified") : undefined}
            error={phoneError}
          >
            <TextInput
              id={`${id}-phone`}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="0912 345 678"
              value={phone}
              readOnly={isFixed}
              invalid={Boolean(phoneError)}
              aria-describedby={phoneDescribedBy}
              onChange={(e) => {
                setPhone(e.target.value);
                setSendError(null);
              }}
              onBlur={() => setPhoneTouched(true)}
              className="read-only:bg-gray-50 read-only:text-gray-600"
            />
          </Field>
          <FormAlert id={sendErrorId} message={sendError ?? undefined} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <RadixDialog.Close asChild>
              <Button variant="secondary">{t("cancel")}</Button>
            </RadixDialog.Close>
            <Button type="submit" busy={sending} disabled={!isPhoneValid}>
              {t("send")}
            </Button>
          </div>
        </form>
      )}
      {step === "code" && (
        <form method="post" noValidate onSubmit={confirm} className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">{t("sentTo", { phone: sentTo })}</p>
          <CodeBoxes
            ref={boxes}
            value={code}
            onChange={typeCode}
            onComplete={(full) => {
              if (!requirePassword || password) void confirmCode(full);
            }}
            label={t("code")}
            autoFocus
            disabled={busy}
            errorId={codeError ? errorId : undefined}
          />
          <FormAlert id={errorId} message={codeError} />
          {/* Not a live region: a countdown read out every second would drown everything else. */}
          <p className="text-center text-sm text-gray-600">
            {t("noCode")}{" "}
            {countdown > 0 ? (
              <span>{t("resendIn", { time: formatCountdown(countdown) })}</span>
            ) : (
              <button
                type="button"
                onClick={resend}
                disabled={sending}
                className="font-semibold text-brand-600 hover:underline disabled:opacity-50"
              >
                {t("resend")}
              </button>
            )}
          </p>
          <FormAlert message={sendError ?? undefined} />
          {requirePassword && (
            <PasswordAgainField
              value={password}
              onChange={(next) => {
                setPassword(next);
                if (error?.field === "password") setError(null);
              }}
              error={error?.field === "password" ? error.message : undefined}
            />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              onClick={() => {
                setError(null);
                setSendError(null);
                setStep("phone");
              }}
            >
              {t("back")}
            </Button>
            <Button type="submit" busy={busy} disabled={!isCodeComplete(code)}>
              {t("confirm")}
            </Button>
          </div>
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
    </TwoFactorDialogFrame>
  );
}
