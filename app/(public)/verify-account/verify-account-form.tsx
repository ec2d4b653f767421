"use client";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { BackToSignIn } from "@/components/layout/back-to-sign-in";
import { isCodeComplete } from "@/components/two-factor/code-boxes";
import { CodeEntry, ResendLine } from "@/components/two-factor/code-entry";
import { type ResendAnswer, useCodeEntry } from "@/components/two-factor/use-code-entry";
import { Button } from "@/components/ui/button";
import { takeFlash, useToast } from "@/components/ui/toast";
import { formatCountdown } from "@/lib/countdown";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { useCountdown } from "@/lib/hooks/use-countdown";
import { api, currentQuery, finishHandoff } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import { verifyAccountSchema } from "@/server/auth/schema";

/**
 * The step's token; the seconds its latest code has left, and until a resend opens (a reload
 * keeps counting).
 */
type Props = { token: string; expTime: number; resendIn: number };

/** SPEC §2 Verify account: the six-digit code from the sign-up's or sign-in's message. */
export function VerifyAccountForm({ token, expTime, resendIn }: Props) {
  const t = useTranslations("auth.verify");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const [expiresIn, setExpiresIn] = useCountdown(expTime);
  // Resend opens after the countdown from the latest code (SPEC §4).
  const entry = useCodeEntry({
    wait: resendIn,
    check: (typed) => {
      const parsed = verifyAccountSchema.safeParse({ code: typed, token });
      if (parsed.success) return { code: parsed.data.code };
      return { failure: Object.values(fieldErrors(parsed.error, translate, label)).join("\n") };
    },
    confirm: async (code) => {
      const envelope = await api(
        "/auth/verify-account",
        { code, token, client_id: currentQuery().client_id, search: window.location.search },
        { networkMessage: tc("networkError"), on401: "return" },
      );
      // A wrong code is typed again from the first box.
      if (!isSuccess(envelope)) return { failure: envelope.message, clear: true, refusal: envelope };
      finishHandoff(envelope.data);
      return {};
    },
  });

  // The sign-up's code waits in the outbox: the form said it may be late.
  useEffect(() => {
    const left = takeFlash();
    if (left) toast.show(left.kind, left.message);
  }, [toast.show]);

  async function sendAgain(): Promise<ResendAnswer> {
    const envelope = await api<{ exp_time?: number; delivery_delayed?: boolean }>(
      "/auth/resend-otp",
      { token },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    // A refused resend is said under the code, like a refused code.
    if (!isSuccess(envelope)) return { sent: false, failure: envelope.message };
    setExpiresIn(envelope.data.exp_time ?? expTime);
    if (envelope.data.delivery_delayed && envelope.message) toast.show("error", envelope.message);
    else toast.show("success", t("resent"));
    return { sent: true, clearsFailure: true };
  }

  return (
    <>
      <form method="post" noValidate onSubmit={entry.submit} className="flex flex-col gap-4">
        <CodeEntry
          entry={entry}
          label={t("code")}
          note={
            <p className="text-center text-xs text-gray-500">
              {expiresIn > 0 ? t("expiresIn", { time: formatCountdown(expiresIn) }) : t("expired")}
            </p>
          }
        />
        <Button
          type="submit"
          busy={entry.busy}
          disabled={!isCodeComplete(entry.code) || entry.retryWait.isWaiting}
        >
          {t("submit")}
        </Button>
        <ResendLine entry={entry} texts="auth.verify" send={sendAgain} />
        <BackToSignIn label={t("back")} />
      </form>
      {toast.view}
    </>
  );
}
