"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
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

/** The password asked again when an enabled method changes (profile mode); its error sits under it. */
export function PasswordAgainField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const t = useTranslations("auth.twoFactor.password");
  const id = useId();
  return (
    <Field id={`${id}-password`} label={t("label")} hint={t("hint")} error={error}>
      <PasswordInput
        id={`${id}-password`}
        name="password"
        autoComplete="current-password"
        value={value}
        invalid={Boolean(error)}
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

/**
 * What a confirm came to. A refusal names the field it is about (`password`: shown under the
 * password; anything else: beside the code boxes), so the dialog says it in place, never in a
 * second modal (the first-impression issue).
 */
export type EnableOutcome =
  | { done: true; data: TwoFactorDoneData }
  | { done: false; message: string; field: "code" | "password" };

/** SPEC §4: code 503 with `custom_auth` is the device limit, not a failure: two-factor is on. */
export function isDeviceLimit(envelope: Envelope<ApiData>): boolean {
  return envelope.code === 503 && envelope.data?.error === "DEVICE_LIMIT_EXCEEDED";
}

/**
 * The confirm step both dialogs share: checks the code (and password) with the call's schema,
 * calls /auth2-fa/enable-2fa, and answers what happened for the dialog to show in place.
 */
export function useEnableTwoFactor(options: {
  method: TwoFaMethod;
  customAuth?: string;
  requirePassword?: boolean;
}) {
  const { method, customAuth, requirePassword } = options;
  const tc = useTranslations("common");
  const tp = useTranslations("auth.twoFactor.password");
  const { translate, label } = useValidationText();
  const codeLabel = useTranslations("auth.twoFactor.verify")("code");
  return useCallback(
    async (code: string, password: string): Promise<EnableOutcome> => {
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
        if (errors.password) return { done: false, message: errors.password, field: "password" };
        return { done: false, message: Object.values(errors).join("\n"), field: "code" };
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
      const passwordError = envelope.data?.fields?.password;
      if (typeof passwordError === "string" && passwordError)
        return { done: false, message: passwordError, field: "password" };
      return { done: false, message: envelope.message, field: "code" };
    },
    [method, customAuth, requirePassword, tc, tp, translate, label, codeLabel],
  );
}

type SetupData = { qrCode: string; secret: string };
type Step = "scan" | "code" | "backup";
type Setup = { kind: "loading" } | { kind: "failed"; message: string } | ({ kind: "ready" } & SetupData);

/**
 * SPEC §2 app modal: step 1 the QR code, the secret with a copy button and the store links;
 * step 2 the 6-digit code, back, confirm; then the backup codes once. Every failure is said inside
 * this dialog: a set-up that cannot start offers Try again, a refused code sits under the boxes.
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
  const enable = useEnableTwoFactor({ method: "totp", customAuth, requirePassword });
  const boxes = useRef<CodeBoxesHandle>(null);
  const [step, setStep] = useState<Step>("scan");
  const [setup, setSetup] = useState<Setup>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<TwoFactorDoneData | null>(null);
  const [error, setError] = useState<Extract<EnableOutcome, { done: false }> | null>(null);
  const id = useId();
  const secretId = `${id}-secret`;
  const errorId = `${id}-error`;

  // Each opening (and each Try again) starts over with a fresh secret (SPEC §4: generating shows the modal).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure.
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setStep("scan");
    setSetup({ kind: "loading" });
    setCode("");
    setPassword("");
    setDone(null);
    setError(null);
    (async () => {
      const envelope = await api<Partial<SetupData>>(
        "/auth2-fa/generate-setup-url",
        { custom_auth: customAuth },
        { networkMessage: tc("networkError"), on401: customAuth ? "return" : "redirect" },
      );
      if (cancelled) return;
      if (!isSuccess(envelope) || !envelope.data.qrCode || !envelope.data.secret) {
        // The set-up cannot go on: said here, with a way to ask again (no second modal).
        setSetup({ kind: "failed", message: envelope.message || tc("networkError") });
        return;
      }
      setSetup({ kind: "ready", qrCode: envelope.data.qrCode, secret: envelope.data.secret });
    })();
    return () => {
      cancelled = true;
    };
  }, [open, customAuth, tc, attempt]);

  async function copySecret() {
    if (setup.kind !== "ready") return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast.show("success", t("copied"));
    } catch {
      toast.show("error", t("copyFailed"));
    }
  }

  function typeCode(next: string) {
    setCode(next);
    // A digit typed after a refusal starts a new try: the old message goes.
    if (next.trim() && error?.field === "code") setError(null);
  }

  function confirm(event: React.FormEvent) {
    event.preventDefault();
    void confirmCode(code);
  }

  /** From the confirm button, or as soon as the sixth digit is in (when no password is still missing). */
  async function confirmCode(typed: string) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await enable(typed, password);
    setBusy(false);
    if (!outcome.done) {
      setError(outcome);
      if (outcome.field === "code") boxes.current?.clear();
      return;
    }
    boxes.current?.clear();
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
  const codeError = error?.field === "code" ? error.message : undefined;

  return (
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
      {step === "scan" && setup.kind === "ready" && (
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
      )}
      {step === "scan" && setup.kind === "loading" && (
        <p role="status" className="flex items-center gap-3 py-8 text-sm text-gray-600">
          <span
            aria-hidden
            className="size-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
          />
          {t("generating")}
        </p>
      )}
      {step === "scan" && setup.kind === "failed" && (
        <div className="flex flex-col gap-4" data-testid="setup-failed">
          <FormAlert message={setup.message} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <RadixDialog.Close asChild>
              <Button variant="secondary">{t("cancel")}</Button>
            </RadixDialog.Close>
            <Button onClick={() => setAttempt((n) => n + 1)}>{tc("tryAgain")}</Button>
          </div>
        </div>
      )}
      {step === "code" && (
        <form method="post" noValidate onSubmit={confirm} className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">{t("enterCode")}</p>
          <CodeBoxes
            ref={boxes}
            value={code}
            onChange={typeCode}
            onComplete={(full) => {
              if (!requirePassword || password) void confirmCode(full);
            }}
            label={t("code")}
            autoFocus
            disabled={busy}
            errorId={codeError ? errorId : undefined}
          />
          <FormAlert id={errorId} message={codeError} />
          {requirePassword && (
            <PasswordAgainField
              value={password}
              onChange={(next) => {
                setPassword(next);
                if (error?.field === "password") setError(null);
              }}
              error={error?.field === "password" ? error.message : undefined}
            />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              onClick={() => {
                setError(null);
                setStep("scan");
              }}
            >
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
  );
}
