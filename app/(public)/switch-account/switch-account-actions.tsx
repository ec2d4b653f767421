"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { api, go } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/** "Continue as …" (the only way to switch) and "Stay as …" / "Cancel". */
export function SwitchAccountActions({
  token,
  next,
  current,
}: {
  token: string;
  next: string;
  current: string | null;
}) {
  const t = useTranslations("auth.switchAccount");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function onContinue() {
    setBusy(true);
    setError(undefined);
    const envelope = await api(
      "/auth/adopt-confirm",
      { token },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (isSuccess(envelope) && envelope.data.redirect_url) {
      go(envelope.data.redirect_url);
      return;
    }
    setBusy(false);
    setError(envelope.message || t("expired"));
  }

  return (
    <div className="mt-6 flex flex-col gap-3">
      <FormAlert message={error} />
      <Button onClick={onContinue} busy={busy} data-testid="switch-continue">
        {t("continueAs", { email: next })}
      </Button>
      <Link
        href={current ? "/account/profile" : "/signin"}
        className="inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-gray-300 hover:bg-gray-50"
        data-testid="switch-stay"
      >
        {current ? t("stayAs", { email: current }) : t("cancel")}
      </Link>
    </div>
  );
}
