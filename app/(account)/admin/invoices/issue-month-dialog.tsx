"use client";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { ReauthStep } from "@/components/forms/reauth-step";
import { useReloadList } from "@/components/list/use-reload-list";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogCancel, FormDialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { formatNumber, formatVnd, presetDays } from "@/lib/format";
import { type ApiData, api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import {
  type InvoicePreviewDto,
  type InvoicesIssuedDto,
  PROGRAMME_TIME_ZONE,
} from "@/server/admin/finance-schema";

type Step = { kind: "pick" } | { kind: "preview" | "reauth"; preview: InvoicePreviewDto };

/** Last month in the programme's calendar: the month usually issued. */
const lastMonth = () => presetDays("lastMonth", PROGRAMME_TIME_ZONE, new Date()).from.slice(0, 7);

/**
 * "Issue a month": pick the month, see what it will create (per affiliate: commissions and total,
 * nothing written yet), then confirm. The issue asks "confirm it's you" in place when the server
 * wants a fresh re-authentication, and is sent again after it.
 */
function IssueMonthDialog({
  onClose,
  onIssued,
}: {
  onClose: () => void;
  onIssued: (message: string) => void;
}) {
  const t = useTranslations("admin.invoices.issue");
  const ta = useTranslations("admin");
  const tc = useTranslations("common");
  const locale = useLocale();
  const id = useId();
  const [month, setMonth] = useState(lastMonth);
  const [step, setStep] = useState<Step>({ kind: "pick" });
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [monthError, setMonthError] = useState<string>();

  async function send<T>(path: string): Promise<T | "reauth" | undefined> {
    setBusy(true);
    setAlert(undefined);
    setMonthError(undefined);
    const envelope = await api<T>(path, { month: month.trim() }, { networkMessage: tc("networkError") });
    setBusy(false);
    if (isSuccess(envelope)) return envelope.data;
    const data = envelope.data as ApiData | null;
    if (data?.error === "REAUTH_REQUIRED") return "reauth";
    if (data?.fields?.month) setMonthError(data.fields.month);
    else setAlert(envelope.message);
    return undefined;
  }

  async function showPreview(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const preview = await send<InvoicePreviewDto>("/admin/invoices/preview");
    if (preview && preview !== "reauth") setStep({ kind: "preview", preview });
  }

  async function issue(preview: InvoicePreviewDto) {
    setStep({ kind: "preview", preview });
    const issued = await send<InvoicesIssuedDto>("/admin/invoices/issue");
    if (issued === "reauth") setStep({ kind: "reauth", preview });
    else if (issued) onIssued(t("issued", { count: issued.created, month: issued.month }));
  }

  const preview = step.kind === "preview" ? step.preview : undefined;
  const titleMonth = step.kind === "pick" ? undefined : step.preview.month;
  const count = preview?.affiliates.length ?? 0;
  const footer =
    step.kind === "pick" ? (
      <>
        <DialogCancel label={tc("cancel")} />
        <Button type="submit" form={`${id}-form`} busy={busy}>
          {t("showPreview")}
        </Button>
      </>
    ) : preview ? (
      <>
        <Button variant="secondary" onClick={() => setStep({ kind: "pick" })}>
          {t("back")}
        </Button>
        <Button onClick={() => void issue(preview)} busy={busy} disabled={count === 0}>
          {t("confirm", { count })}
        </Button>
      </>
    ) : undefined;

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      description={titleMonth ? t("previewLine", { month: titleMonth }) : t("description")}
      footer={footer}
      wide
    >
      <FormAlert message={alert} />
      {step.kind === "pick" && (
        <form id={`${id}-form`} onSubmit={(e) => void showPreview(e)} noValidate>
          <TextField
            id={`${id}-month`}
            label={t("month")}
            hint={t("monthHint")}
            error={monthError}
            required
            inputMode="numeric"
            maxLength={7}
            autoFocus
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          />
        </form>
      )}
      {preview &&
        (count === 0 ? (
          <p className="text-sm text-gray-700" data-testid="issue-preview-empty">
            {t("nothing", { month: preview.month })}
          </p>
        ) : (
          <div className="flex flex-col gap-3" data-testid="issue-preview">
            <p className="text-sm text-gray-700">
              {t("summary", {
                count,
                commissions: preview.commission_count,
                total: formatVnd(preview.total, locale),
              })}
            </p>
            <div className="max-h-72 overflow-auto rounded-lg ring-1 ring-gray-200">
              <table className="w-full text-sm">
                <caption className="sr-only">{t("previewLine", { month: preview.month })}</caption>
                <thead className="bg-gray-50 text-left text-xs text-gray-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("affiliate")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("commissions")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("total")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {preview.affiliates.map((row) => (
                    <tr key={row.affiliate_id}>
                      <td className="break-all px-3 py-2">{row.email}</td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {formatNumber(row.commission_count, locale)}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                        {formatVnd(row.total, locale)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))}
      {step.kind === "reauth" && (
        <ReauthStep
          reason={ta("reauthReason")}
          cancel={tc("cancel")}
          onDone={() => {
            void issue(step.preview);
          }}
        />
      )}
    </FormDialog>
  );
}

/** The toolbar's "Issue a month" button and its dialog; the list reloads after an issue. */
export function IssueMonthButton() {
  const t = useTranslations("admin.invoices.issue");
  const reload = useReloadList("/admin/invoices/list");
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <div className="col-span-2 flex items-end sm:ml-auto">
      <Button onClick={() => setOpen(true)}>{t("open")}</Button>
      {open && (
        <IssueMonthDialog
          onClose={() => setOpen(false)}
          onIssued={(message) => {
            setOpen(false);
            toast.show("success", message);
            reload();
          }}
        />
      )}
      {toast.view}
    </div>
  );
}
