"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { CodeBoxes, type CodeBoxesHandle, isCodeComplete } from "@/components/two-factor/code-boxes";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { takeFlash, useToast } from "@/components/ui/toast";
import { formatCountdown } from "@/lib/countdown";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { useSignInHref } from "@/lib/hooks/use-sign-in-href";
import { api, currentQuery, finishHandoff } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors } from "@/lib/validation";
import { verifyAccountSchema } from "@/server/auth/schema";

const RESEND_SECONDS = 60;

export function VerifyAccountForm({
  token,
  expTime,
  resendIn,
}: {
  token: string;
  /** Seconds the latest code has left, and until a resend opens (a reload keeps counting). */
  expTime: number;
  resendIn: number;
}) {
  const signInHref = useSignInHref();
  const t = useTranslations("auth.verify");
  const tc = useTranslations("common");
  const { translate, label } = useValidationText();
  const toast = useToast();
  const id = useId();
  const boxes = useRef<CodeBoxesHandle>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // A refused code or resend, said under the field (never in a modal over the form).
  const [failure, setFailure] = useState<string>();
  // Resend opens after the countdown from the latest code (SPEC §4).
  const [countdown, setCountdown] = useState(resendIn);
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

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void confirm(code);
  }

  /** Checks the code: from the confirm button, or as soon as the sixth digit is in. */
  async function confirm(typed: string) {
    if (busy) return;
    const parsed = verifyAccountSchema.safeParse({ code: typed, token });
    if (!parsed.success) {
      setFailure(Object.values(fieldErrors(parsed.error, translate, label)).join("\n"));
      return;
    }
    setFailure(undefined);
    setBusy(true);
    const query = currentQuery();
    const envelope = await api(
      "/auth/verify-account",
      { code: parsed.data.code, token, client_id: query.client_id, search: window.location.search },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    setBusy(false);
    if (!isSuccess(envelope)) {
      setFailure(envelope.message);
      // A wrong code is typed again from the first box.
      boxes.current?.clear();
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
      setFailure(envelope.message);
      return;
    }
    setFailure(undefined);
    boxes.current?.clear();
    setCountdown(RESEND_SECONDS);
    setExpiresIn(envelope.data.exp_time ?? expTime);
    if (envelope.data.delivery_delayed && envelope.message) toast.show("error", envelope.message);
    else toast.show("success", t("resent"));
  }

  return (
    <>
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <CodeBoxes
            ref={boxes}
            value={code}
            onChange={(next) => {
              setCode(next);
              // A digit typed after a refusal starts a new try (emptying the boxes does not).
              if (next.trim()) setFailure(undefined);
            }}
            onComplete={(full) => void confirm(full)}
            label={t("code")}
            autoFocus
            disabled={busy}
            errorId={failure ? `${id}-failure` : undefined}
          />
          <p className="text-center text-xs text-gray-500">
            {expiresIn > 0 ? t("expiresIn", { time: formatCountdown(expiresIn) }) : t("expired")}
          </p>
        </div>
        <FormAlert id={`${id}-failure`} message={failure} />
        <Button type="submit" busy={busy} disabled={!isCodeComplete(code)}>
          {t("submit")}
        </Button>
        {/* Not a live region: a countdown read out every second would drown everything else. */}
        <p className="text-center text-sm text-gray-600">
          {t("noCode")}{" "}
          {countdown > 0 ? (
            <span>{t("resendIn", { time: formatCountdown(countdown) })}</span>
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
    </>
  );
}
