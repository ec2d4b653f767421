"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { type ApiData, api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors, isVietnamesePhone, MSG } from "@/lib/validation";
import { requireVerifySmsSchema } from "@/server/two-factor/schema";
import { ResendLine } from "./code-entry";
import type { MethodStep, StepContext } from "./setup-method";
import { RESEND_SECONDS, type ResendAnswer } from "./use-code-entry";

/**
 * SPEC §2 SMS modal, step 1: a Vietnamese phone (fixed when already verified) and Send code; the
 * code step gets the resend line (open once the 60 s timer has run out). A refused send is said
 * at the step that asked: under the phone, or under the resend line.
 */
export function useSmsStep({
  open,
  customAuth,
  phone: initialPhone = "",
  isPhoneVerified = false,
  toast,
  entry,
  sendError,
  setSendError,
  toCode,
}: StepContext): MethodStep {
  const t = useTranslations("auth.twoFactor.sms");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const id = useId();
  const isFixed = isPhoneVerified && Boolean(initialPhone);
  const [phone, setPhone] = useState(initialPhone);
  const [sentTo, setSentTo] = useState("");
  // The number typed when the last code went out: going back without changing it reuses the code.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPhone(initialPhone);
    setPhoneTouched(false);
    setSentFor(null);
  }, [open, initialPhone]);

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
    setSendError(undefined);
    setSending(true);
    const envelope = await api<ApiData & { phone?: string; exp_time?: number }>(
      "/auth2-fa/require-verify-sms",
      { ...parsed.data },
      { networkMessage: tc("networkError"), on401: customAuth ? "return" : "redirect" },
    );
    setSending(false);
    if (!isSuccess(envelope)) {
      const phoneField = envelope.data?.fields?.phone;
      setSendError(typeof phoneField === "string" && phoneField ? phoneField : envelope.message);
      return false;
    }
    setSentTo(envelope.data.phone || phone);
    setSentFor(phone.trim());
    entry.restartCountdown(RESEND_SECONDS);
    return true;
  }

  async function submitPhone(event: React.FormEvent) {
    event.preventDefault();
    setPhoneTouched(true);
    if (sending || !isPhoneValid) return;
    if (entry.countdown > 0 && sentFor === phone.trim()) {
      toCode();
      return;
    }
    if (await sendCode()) {
      entry.change("");
      toCode();
    }
  }

  async function resend(): Promise<ResendAnswer> {
    const sent = await sendCode();
    if (sent) toast.show("success", t("resent"));
    return { sent };
  }

  const sendErrorId = `${id}-send-error`;
  const phoneDescribedBy =
    [phoneError ? `${id}-phone-error` : null, sendError ? sendErrorId : null].filter(Boolean).join(" ") ||
    undefined;

  const view = (
    <form method="post" noValidate onSubmit={submitPhone} className="flex flex-col gap-4">
      <TextField
        id={`${id}-phone`}
        label={t("phone")}
        hint={isFixed ? t("phoneVerified") : undefined}
        error={phoneError}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="0912 345 678"
        value={phone}
        readOnly={isFixed}
        aria-describedby={phoneDescribedBy}
        onChange={(e) => {
          setPhone(e.target.value);
          setSendError(undefined);
        }}
        onBlur={() => setPhoneTouched(true)}
        className="read-only:bg-gray-50 read-only:text-gray-600"
      />
      <FormAlert id={sendErrorId} message={sendError} />
      <DialogActions cancel={t("cancel")}>
        <Button type="submit" busy={sending} disabled={!isPhoneValid}>
          {t("send")}
        </Button>
      </DialogActions>
    </form>
  );
  return {
    view,
    codeIntro: t("sentTo", { phone: sentTo }),
    afterCode: <ResendLine entry={entry} texts="auth.twoFactor.sms" send={resend} />,
    // A fixed phone needs no advice on its format; the field says it is the verified one.
    description: (step) => (step === "first" && !isFixed ? t("phoneHint") : undefined),
  };
}
