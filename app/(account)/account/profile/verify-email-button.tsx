"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/** Shown while the email is unverified: mails a verification link (at most every 5 minutes). */
export function VerifyEmailButton() {
  const t = useTranslations("account.profile");
  const tc = useTranslations("common");
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        busy={busy}
        disabled={sent}
        onClick={async () => {
          setBusy(true);
          const envelope = await api("/user/send-verify-mail", {}, { networkMessage: tc("networkError") });
          setBusy(false);
          toast.show(isSuccess(envelope) ? "success" : "error", envelope.message);
          if (isSuccess(envelope)) setSent(true);
        }}
      >
        {sent ? t("verifyEmailSent") : t("verifyEmail")}
      </Button>
      {toast.view}
    </>
  );
}
