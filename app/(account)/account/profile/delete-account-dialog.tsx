"use client";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { ReauthStep } from "@/components/forms/reauth-step";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { LoadingLine } from "@/components/ui/loading-line";
import { formatDecimal, formatNumber, formatPoints, formatVnd } from "@/lib/format";
import { api, go } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { DeletionPreviewDto } from "@/server/account-deletion/schema";

type Load =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; preview: DeletionPreviewDto };
type Errors = { alert?: string; confirm_email?: string; code?: string };

/** What the person loses for good, one line each; nothing when there is nothing to lose. */
function Losses({ losses }: { losses: DeletionPreviewDto["losses"] }) {
  const t = useTranslations("account.deletion.dialog");
  const locale = useLocale();
  const lines = [
    losses.unpaid_commissions > 0 &&
      t("lossCommissions", {
        // `count` picks the plural form, `shown` is the number as lib/format writes it.
        count: losses.unpaid_commissions,
        shown: formatNumber(losses.unpaid_commissions, locale),
        amount: formatVnd(losses.unpaid_commission_amount, locale),
      }),
    losses.credit > 0 && t("lossCredit", { amount: formatDecimal(losses.credit, locale) }),
    losses.credit_app > 0 && t("lossCreditApp", { amount: formatDecimal(losses.credit_app, locale) }),
    losses.money > 0 && t("lossMoney", { amount: formatVnd(losses.money, locale) }),
    losses.point > 0 && t("lossPoints", { amount: formatPoints(losses.point, locale) }),
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return null;
  return (
    <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
      <p className="font-semibold">{t("lossTitle")}</p>
      <ul className="mt-1 list-disc pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Delete my account: "confirm it's you" (when not done in the last 10 minutes), what is lost,
 * the email typed again and the second factor when it is on; then the server signs the person
 * out everywhere and the page goes to the signed-out sign-in.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("account.deletion.dialog");
  const tc = useTranslations("common");
  const tr = useTranslations("reauth");
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [smsToken, setSmsToken] = useState<string>();

  const fetchPreview = useCallback(async () => {
    setLoad({ kind: "loading" });
    const envelope = await api<DeletionPreviewDto>(
      "/account-deletion/preview",
      {},
      { networkMessage: tc("networkError") },
    );
    setLoad(
      isSuccess(envelope)
        ? { kind: "ready", preview: envelope.data }
        : { kind: "failed", message: envelope.message },
    );
  }, [tc]);

  useEffect(() => {
    void fetchPreview();
  }, [fetchPreview]);

  /** One call; a refusal goes to its field when the server names one, else to the alert. */
  async function send(path: string, body: Record<string, unknown>) {
    setBusy(true);
    setErrors({});
    const envelope = await api(path, body, { networkMessage: tc("networkError") });
    setBusy(false);
    if (isSuccess(envelope)) return envelope;
    const fields = envelope.data?.fields ?? {};
    const field = Object.keys(fields)[0];
    setErrors(field ? { [field]: fields[field] } : { alert: envelope.message });
    if (envelope.data?.error === "REAUTH_REQUIRED") void fetchPreview();
    return undefined;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (load.kind !== "ready" || load.preview.reauth_required) return;
    const done = await send("/account-deletion/request", {
      confirm_email: email,
      ...(load.preview.two_fa ? { code, sms_token: smsToken } : {}),
    });
    const redirect = done?.data?.redirect_url;
    if (done) go(typeof redirect === "string" ? redirect : "/signin?logout=1");
  }

  async function sendSms() {
    const sent = await send("/account-deletion/send-code", {});
    if (sent && typeof sent.data?.sms_token === "string") setSmsToken(sent.data.sms_token);
  }

  const preview = load.kind === "ready" ? load.preview : undefined;
  const isConfirmStep = preview && !preview.reauth_required;

  return (
    <MessageDialog
      open
      title={t("title")}
      onClose={onClose}
      // While "Confirm it's you" shows, its own row says Cancel beside its Confirm.
      cancel={preview?.reauth_required ? undefined : tc("cancel")}
      actions={
        isConfirmStep && (
          <Button type="submit" form={`${id}-form`} busy={busy} variant="danger">
            {t("confirm")}
          </Button>
        )
      }
    >
      {load.kind === "loading" && <LoadingLine text={t("loading")} />}
      {load.kind === "failed" && (
        <div className="flex flex-col items-start gap-3">
          <FormAlert message={load.message} />
          <Button variant="secondary" onClick={() => void fetchPreview()}>
            {t("retry")}
          </Button>
        </div>
      )}
      {preview?.reauth_required && (
        <div className="flex flex-col gap-3">
          <p>{t("intro", { days: preview.grace_days })}</p>
          <Losses losses={preview.losses} />
          <ReauthStep
            reason={tr("deleteReason")}
            cancel={tc("cancel")}
            isDestructive
            onDone={() => void fetchPreview()}
          />
        </div>
      )}
      {isConfirmStep && (
        <form id={`${id}-form`} onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
          <p>{t("intro", { days: preview.grace_days })}</p>
          <Losses losses={preview.losses} />
          <FormAlert message={errors.alert} />
          <TextField
            id={`${id}-email`}
            label={t("typeEmail", { email: preview.email })}
            error={errors.confirm_email}
            type="email"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {preview.two_fa && (
            <div className="flex flex-col gap-2">
              <TextField
                id={`${id}-code`}
                label={preview.two_fa === "sms" ? t("codeSms") : t("codeApp")}
                hint={t("codeHint")}
                error={errors.code}
                inputMode="text"
                autoComplete="one-time-code"
                maxLength={40}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              {preview.two_fa === "sms" && (
                <Button
                  variant="secondary"
                  onClick={() => void sendSms()}
                  disabled={busy}
                  className="self-start"
                >
                  {smsToken ? t("resendSms") : t("sendSms")}
                </Button>
              )}
            </div>
          )}
        </form>
      )}
    </MessageDialog>
  );
}
