"use client";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog";
import { LoadingLine } from "@/components/ui/loading-line";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { MethodStep, StepContext } from "./setup-method";

/** Google Authenticator in the two stores: the link's text and its accessible name. */
const STORES = [
  {
    href: "https://apps.apple.com/app/google-authenticator/id388497605",
    text: "appStore",
    label: "appStoreLabel",
  },
  {
    href: "https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2",
    text: "googlePlay",
    label: "googlePlayLabel",
  },
] as const;

type SetupData = { qrCode: string; secret: string };
type Setup = { kind: "loading" } | { kind: "failed"; message: string } | ({ kind: "ready" } & SetupData);

/**
 * SPEC §2 app modal, step 1: the QR code, the secret with a copy button and the store links. A
 * set-up that cannot start is said here with Try again (no second modal).
 */
export function useScanStep({ open, customAuth, toast, toCode }: StepContext): MethodStep {
  const t = useTranslations("auth.twoFactor.app");
  const tc = useTranslations("common");
  const [setup, setSetup] = useState<Setup>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  // Each opening (and each Try again) starts over with a fresh secret (SPEC §4: generating shows the modal).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure.
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setSetup({ kind: "loading" });
    (async () => {
      const envelope = await api<Partial<SetupData>>(
        "/auth2-fa/generate-setup-url",
        { custom_auth: customAuth },
        { networkMessage: tc("networkError"), on401: customAuth ? "return" : "redirect" },
      );
      if (cancelled) return;
      if (!isSuccess(envelope) || !envelope.data.qrCode || !envelope.data.secret) {
        setSetup({ kind: "failed", message: envelope.message || tc("networkError") });
        return;
      }
      setSetup({ kind: "ready", qrCode: envelope.data.qrCode, secret: envelope.data.secret });
    })();
    return () => {
      cancelled = true;
    };
  }, [open, customAuth, tc, attempt]);

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      toast.show("success", t("copied"));
    } catch {
      toast.show("error", t("copyFailed"));
    }
  }

  const view =
    setup.kind === "ready" ? (
      <ScanView setup={setup} onCopy={() => copySecret(setup.secret)} onNext={toCode} />
    ) : setup.kind === "loading" ? (
      <LoadingLine text={t("generating")} className="py-8 text-gray-600" />
    ) : (
      <div className="flex flex-col gap-4" data-testid="setup-failed">
        <FormAlert message={setup.message} />
        <DialogActions cancel={t("cancel")}>
          <Button onClick={() => setAttempt((n) => n + 1)}>{tc("tryAgain")}</Button>
        </DialogActions>
      </div>
    );
  return {
    view,
    codeIntro: t("enterCode"),
    description: (step) => t("step", { current: step === "first" ? 1 : 2, total: 2 }),
  };
}

function ScanView({ setup, onCopy, onNext }: { setup: SetupData; onCopy: () => void; onNext: () => void }) {
  const t = useTranslations("auth.twoFactor.app");
  const secretId = `${useId()}-secret`;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">{t("scan")}</p>
      {/* biome-ignore lint/performance/noImgElement: a data: URL from the server, nothing to optimise. */}
      <img
        src={setup.qrCode}
        alt={t("qrAlt")}
        width={192}
        height={192}
        className="mx-auto size-48 rounded-lg ring-1 ring-gray-200"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={secretId} className="text-sm font-medium text-gray-700">
          {t("secret")}
        </label>
        <div className="flex items-stretch gap-2">
          <textarea
            id={secretId}
            readOnly
            rows={1}
            value={setup.secret}
            data-testid="totp-secret"
            spellCheck={false}
            onFocus={(e) => e.target.select()}
            // Wraps on a phone instead of hiding half the key behind a scroll.
            className="field-sizing-content min-h-11 min-w-0 flex-1 resize-none break-all rounded-lg border border-gray-300 bg-gray-50 px-3 py-2.5 font-mono text-sm text-gray-900 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
          <Button variant="secondary" onClick={onCopy} aria-label={t("copySecret")}>
            {t("copy")}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-600">
        <span>{t("getApp")}</span>
        {STORES.map((store) => (
          <a
            key={store.text}
            href={store.href}
            target="_blank"
            rel="noreferrer"
            aria-label={t(store.label)}
            className="font-semibold text-brand-600 hover:underline"
          >
            {t(store.text)}
          </a>
        ))}
      </div>
      <DialogActions cancel={t("cancel")}>
        <Button onClick={onNext}>{t("next")}</Button>
      </DialogActions>
    </div>
  );
}
