"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/** Mails the signed-in person a new verification link (the server allows one every 5 minutes). */
export function SendVerifyMail({ email }: { email: string }) {
  const t = useTranslations("auth.verifyEmail.signedIn");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();

  async function send() {
    setBusy(true);
    setError(undefined);
    const envelope = await api("/user/send-verify-mail", {}, { networkMessage: tc("networkError") });
    setBusy(false);
    if (isSuccess(envelope)) setSent(true);
    else setError(envelope.message);
  }

  if (sent) {
    return (
      <p
        role="status"
        className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
      >
        {t("sent", { email })}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={error} />
      <Button busy={busy} onClick={() => void send()}>
        {t("send")}
      </Button>
    </div>
  );
}
