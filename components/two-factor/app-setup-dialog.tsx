"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog, MessageDialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { type ApiData, api } from "@/lib/http/client";
import type { Envelope } from "@/lib/http/envelope";
import { isSuccess } from "@/lib/http/envelope";
import { fieldErrors, MSG } from "@/lib/validation";
import { enable2faSchema, type TwoFaMethod } from "@/server/two-factor/schema";
import { CodeBoxes, type CodeBoxesHandle, isCodeComplete } from "./code-boxes";

/** What `/auth2-fa/enable-2fa` answers: the sign-in result (with `custom_auth`), maybe backup codes. */
export type TwoFactorDoneData = ApiData & { backup_codes?: string[]; post_message?: unknown };

/** The props both setup dialogs share. */
export type TwoFactorSetupProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sign-in mode: the temporary token of the sign-in that requires two-factor. None: the session. */
  customAuth?: string;
  /** Profile mode, changing an enabled method: the password is asked again. */
  requirePassword?: boolean;
  /**
   * Two-factor is on. With `customAuth` the data is the sign-in result, or (code 503) the
   * device-limit answer `{ error: "DEVICE_LIMIT_EXCEEDED", redirect_url, … }`.
   */
  onDone: (data: TwoFactorDoneData) => void;
};

const STORE_LINKS = {
  appStore: "https://apps.apple.com/app/google-authenticator/id388497605",
  googlePlay: "https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2",
} as const;

/** SPEC §9: the copy-secret toast stays 3 s. */
const COPY_TOAST_MS = 3000;

/** The modal both set-up flows sit in (the shared form dialog). */
export const TwoFactorDialogFrame = FormDialog;

/** The password asked again when an enabled method changes (profile mode). */
export function PasswordAgainField({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const t = useTranslations("auth.twoFactor.password");
  const id = useId();
  return (
    <Field id={`${id}-password`} label={t("label")} hint={t("hint")}>
      <PasswordInput
        id={`${id}-password`}
        name="password"
        autoComplete="current-password"
        value={value}
        invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
        showLabel={t("show")}
        hideLabel={t("hide")}
      />
    </Field>
  );
}

/** The ten single-use codes, shown once after TOTP is enabled, with copy and download. */
export function BackupCodesStep({
  codes,
  onSaved,
  showToast,
}: {
  codes: string[];
  onSaved: () => void;
  showToast: (kind: "success" | "error", message: string) => void;
}) {
  const t = useTranslations("auth.twoFactor.backup");
  const asText = () => [t("fileTitle"), "", ...codes, "", t("fileNote"), ""].join("\n");
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">{t("text")}</p>
      <ul
        aria-label={t("list")}
        data-testid="backup-codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-4 font-mono text-sm text-gray-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(codes.join("\n"));
              showToast("success", t("copied"));
            } catch {
              showToast("error", t("copyFailed"));
            }
          }}
        >
          {t("copy")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            const url = URL.createObjectURL(new Blob([asText()], { type: "text/plain;charset=utf-8" }));
            const link = document.createElement("a");
            link.href = url;
            link.download = "backup-codes.txt";
            document.body.append(link);
            link.click();
            link.remove();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
          }}
        >
          {t("download")}
        </Button>
      </div>
      <Button onClick={onSaved}>{t("saved")}</Button>
    </div>
  );
}

type EnableOutcome = { done: true; data: TwoFactorDoneData } | { done: false; message: string };

/** SPEC §4: code 503 with `custom_auth` is the device limit, not a failure: two-factor is on. */
export function isDeviceLimit(envelope: Envelope<ApiData>): boolean {
  return envelope.code === 503 && envelope.data?.error === "DEVICE_LIMIT_EXCEEDED";
}

/**
 * The confirm step both dialogs share: checks the code (and password) with the call's schema,
 * shows validation errors as a toast (SPEC §5), calls /auth2-fa/enable-2fa.
 */
export function useEnableTwoFactor(options: {
  method: TwoFaMethod;
  customAuth?: string;
  requirePassword?: boolean;
  showToast: (kind: "success" | "error", message: string) => void;
}) {
  const { method, customAuth, requirePassword, showToast } = options;
  const tc = useTranslations("common");
  const tp = useTranslations("auth.twoFactor.password");
  const { translate, label } = useValidationText();
  const codeLabel = useTranslations("auth.twoFactor.verify")("code");
  return useCallback(
    async (code: string, password: string): Promise<EnableOutcome | null> => {
      const labelOf = (name: string) =>
        name === "token" ? codeLabel : name === "password" ? tp("label") : label(name);
      const parsed = enable2faSchema.safeParse({
        token: code,
        method,
        custom_auth: customAuth,
        password: requirePassword ? password : undefined,
      });
      const errors = parsed.success ? {} : fieldErrors(parsed.error, translate, labelOf);
      if (requirePassword && !password) errors.password ??= translate(MSG.required, { field: tp("label") });
      if (!parsed.success || Object.keys(errors).length > 0) {
        showToast("error", Object.values(errors).join("\n"));
        return null;
      }
      const envelope = await api<TwoFactorDoneData>(
        "/auth2-fa/enable-2fa",
        { ...parsed.data },
        // A device-limit stop is handled here: the backup codes are shown before going on.
        {
          networkMessage: tc("networkError"),
          on401: customAuth ? "return" : "redirect",
          keepDeviceLimit: true,
        },
      );
      if (isSuccess(envelope) || isDeviceLimit(envelope)) return { done: true, data: envelope.data };
      return { done: false, message: envelope.message };
    },
    [method, customAuth, requirePassword, showToast, tc, tp, translate, label, codeLabel],
  );
}

type SetupData = { qrCode: string; secret: string };
type Step = "scan" | "code" | "backup";

/**
 * SPEC §2 app modal: step 1 the QR code, the secret with a copy button and the store links;
 * step 2 the 6-digit code, back, confirm; then the backup codes once.
 */
export function AppSetupDialog({
  open,
  onOpenChange,
  customAuth,
  requirePassword,
  onDone,
}: TwoFactorSetupProps) {
  const t = useTranslations("auth.twoFactor.app");
  const tb = useTranslations("auth.twoFactor.backup");
  const tc = useTranslations("common");
  const toast = useToast(COPY_TOAST_MS);
  const enable = useEnableTwoFactor({ method: "totp", customAuth, requirePassword, showToast: toast.show });
  const boxes = useRef<CodeBoxesHandle>(null);
  const [step, setStep] = useState<Step>("scan");
  const [setup, setSetup] = useState<SetupData | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<TwoFactorDoneData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const secretId = useId();
  // The parent's callback may change every render; the fetch must run once per opening.
  const closeRef = useRef(onOpenChange);
  closeRef.current = onOpenChange;

  // Each opening starts over with a fresh secret (SPEC §4: generating shows the modal).
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setStep("scan");
    setSetup(null);
    setCode("");
    setPassword("");
    setDone(null);
    (async () => {
      const envelope = await api<Partial<SetupData>>(
        "/auth2-fa/generate-setup-url",
        { custom_auth: customAuth },
        { networkMessage: tc("networkError"), on401: customAuth ? "return" : "redirect" },
      );
      if (cancelled) return;
      if (!isSuccess(envelope) || !envelope.data.qrCode || !envelope.data.secret) {
        // SPEC §8: a 2FA setup failure is an error dialog; the setup cannot go on.
        closeRef.current(false);
        setError(envelope.message);
        return;
      }
      setSetup({ qrCode: envelope.data.qrCode, secret: envelope.data.secret });
    })();
    return () => {
      cancelled = true;
    };
  }, [open, customAuth, tc]);

  async function copySecret() {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.show("success", t("copied"));
    } catch {
      toast.show("error", t("copyFailed"));
    }
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await enable(code, password);
    boxes.current?.clear();
    setBusy(false);
    if (!outcome) return;
    if (!outcome.done) {
      setError(outcome.message);
      return;
    }
    const codes = outcome.data.backup_codes;
    if (Array.isArray(codes) && codes.length > 0) {
      setDone(outcome.data);
      setStep("backup");
      return;
    }
    onDone(outcome.data);
  }

  const description =
    step === "backup" ? undefined : t("step", { current: step === "scan" ? 1 : 2, total: 2 });

  return (
    <>
      <TwoFactorDialogFrame
        open={open}
        onOpenChange={(next) => {
          // The backup codes are shown once: closing means "saved" too, so the flow still ends.
          if (!next && step === "backup" && done) onDone(done);
          onOpenChange(next);
        }}
        title={step === "backup" ? tb("title") : t("title")}
        description={description}
        toast={toast.view}
      >
        {step === "scan" &&
          (setup ? (
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
                  <Button variant="secondary" onClick={copySecret} aria-label={t("copySecret")}>
                    {t("copy")}
                  </Button>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-600">
                <span>{t("getApp")}</span>
                <a
                  href={STORE_LINKS.appStore}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t("appStoreLabel")}
                  className="font-semibold text-brand-600 hover:underline"
                >
                  {t("appStore")}
                </a>
                <a
                  href={STORE_LINKS.googlePlay}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t("googlePlayLabel")}
                  className="font-semibold text-brand-600 hover:underline"
                >
                  {t("googlePlay")}
                </a>
              </div>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <RadixDialog.Close asChild>
                  <Button variant="secondary">{t("cancel")}</Button>
                </RadixDialog.Close>
                <Button onClick={() => setStep("code")}>{t("next")}</Button>
              </div>
            </div>
          ) : (
            <p role="status" className="flex items-center gap-3 py-8 text-sm text-gray-600">
              <span
                aria-hidden
                className="size-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
              />
              {t("generating")}
            </p>
          ))}
        {step === "code" && (
          <form method="post" noValidate onSubmit={confirm} className="flex flex-col gap-4">
            <p className="text-sm text-gray-700">{t("enterCode")}</p>
            <CodeBoxes
              ref={boxes}
              value={code}
              onChange={setCode}
              label={t("code")}
              autoFocus
              disabled={busy}
            />
            {requirePassword && (
              <PasswordAgainField value={password} onChange={setPassword} invalid={false} />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setStep("scan")}>
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
      <MessageDialog
        open={error !== null}
        title={tc("notification")}
        onClose={() => setError(null)}
        actions={<Button onClick={() => setError(null)}>{tc("ok")}</Button>}
      >
        {error}
      </MessageDialog>
    </>
  );
}
