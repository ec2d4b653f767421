"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BackToSignIn } from "@/components/layout/back-to-sign-in";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDay } from "@/lib/format";
import { api, currentQuery, finishHandoff } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/** The browser's own time zone for the date (nobody is signed in to tell the person's). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "Asia/Ho_Chi_Minh";

/** "Your account is scheduled for deletion on <date>. Cancel deletion and sign in?" */
export function CancelDeletionForm({ token, due }: { token: string; due?: string }) {
  const t = useTranslations("account.deletion.cancel");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();

  async function cancelDeletion() {
    setBusy(true);
    setAlert(undefined);
    const envelope = await api(
      "/auth/cancel-deletion",
      { token, client_id: currentQuery().client_id },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (!isSuccess(envelope)) {
      setBusy(false);
      setAlert(envelope.message);
      return;
    }
    // Signed in, or the sign-in's next step (second factor, device limit): the server names the page.
    await finishHandoff(envelope.data);
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-gray-700" data-testid="deletion-scheduled">
        {due ? t("body", { date: formatDay(due, browserZone()) }) : t("bodyNoDate")}
      </p>
      <FormAlert message={alert} />
      <Button onClick={() => void cancelDeletion()} busy={busy} className="w-full">
        {t("confirm")}
      </Button>
      <BackToSignIn label={t("keep")} />
    </div>
  );
}
