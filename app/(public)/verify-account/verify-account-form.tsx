"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { Field, TextInput } from "@/components/ui/field";
import { takeFlash, useToast } from "@/components/ui/toast";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { useSignInHref } from "@/lib/hooks/use-sign-in-href";
import { api, currentQuery, finishHandoff } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import { verifyAccountSchema } from "@/server/auth/schema";

const RESEND_SECONDS = 60;

export function VerifyAccountForm({ token, expTime }: { token: string; expTime: number }) {
  const signInHref = useSignInHref();
  const t = useTranslations("auth.verify");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [dialog, setDialog] = useState<string | null>(null);
  // The code was just sent: resend opens after the countdown (SPEC §4).
  const [countdown, setCountdown] = useState(RESEND_SECONDS);
  const [expiresIn, setExpiresIn] = useState(expTime);

  useEffect(() => {
    const timer = setInterval(() => {
      setCountdown((s) => s - 1);
      setExpiresIn((s) => s - 1);
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  // The sign-up's code waits in the outbox: the form said it may be late.
  useEffect(() => {
    const left = takeFlash();
    if (left) toast.show(left.kind, left.message);
  }, [toast.show]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = verifyAccountSchema.safeParse({ code, token });
    if (!parsed.success) {
      toast.show("error", Object.values(fieldErrors(parsed.error, translate, label)).join("\n"));
      return;
    }
    setBusy(true);
    const query = currentQuery();
    const envelope = await api(
      "/auth/verify-account",
      { code: parsed.data.code, token, client_id: query.client_id, search: window.location.search },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    setBusy(false);
    if (!isSuccess(envelope)) {
      setDialog(envelope.message);
      return;
    }
    finishHandoff(envelope.data);
  }

  async function resend() {
    if (countdown > 0 || resending) return;
    setResending(true);
    const envelope = await api<{ exp_time?: number; delivery_delayed?: boolean }>(
      "/auth/resend-otp",
      { token },
      {
        networkMessage: tc("networkError"),
        on401: "return",
      },
    );
    setResending(false);
    if (!isSuccess(envelope)) {
      setDialog(envelope.message);
      return;
    }
    setCountdown(RESEND_SECONDS);
    setExpiresIn(envelope.data.exp_time ?? expTime);
    if (envelope.data.delivery_delayed && envelope.message) toast.show("error", envelope.message);
    else toast.show("success", t("resent"));
  }

  return (
    <>
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          id={`${id}-code`}
          label={t("code")}
          hint={expiresIn > 0 ? t("expiresIn", { seconds: expiresIn }) : t("expired")}
        >
          <TextInput
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={10}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className="tracking-[0.4em]"
            placeholder="______"
          />
        </Field>
        <Button type="submit" busy={busy}>
          {t("submit")}
        </Button>
        <p className="text-center text-sm text-gray-600" aria-live="polite">
          {t("noCode")}{" "}
          {countdown > 0 ? (
            <span>{t("resendIn", { seconds: countdown })}</span>
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
        <p className="text-center text-sm">
          <Link href={signInHref} className="text-gray-600 hover:underline">
            {t("back")}
          </Link>
        </p>
      </form>
      {toast.view}
      <MessageDialog
        open={dialog !== null}
        title={tc("notification")}
        onClose={() => setDialog(null)}
        actions={<Button onClick={() => setDialog(null)}>{tc("ok")}</Button>}
      >
        {dialog}
      </MessageDialog>
    </>
  );
}
