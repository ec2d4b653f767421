"use client";
import { useLocale, useTranslations } from "next-intl";
import { CommissionStatusBadge, programName } from "@/app/(account)/commission/commission-detail-dialog";
import { EmailText } from "@/components/affiliate/email-text";
import { DetailDialog } from "@/components/commerce/detail-dialog";
import { DetailList } from "@/components/commerce/detail-list";
import { useDetail } from "@/components/commerce/use-detail";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatDateTime, formatDecimal, formatVnd } from "@/lib/format";
import type { InvoiceDetailDto, InvoiceDto, InvoiceStatus } from "@/server/invoice/schema";

const NONE = "--";

/** An invoice's month (YYYY-MM) as MM/YYYY, like the other dates (SPEC §9). */
export function monthText(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? `${match[2]}/${match[1]}` : month;
}

const TONES: Record<InvoiceStatus, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  PAID: "bg-green-50 text-green-800 ring-green-200",
  CANCEL: "bg-gray-100 text-gray-700 ring-gray-300",
};

/** SPEC §4 invoice status as a badge; the word carries the meaning, not the colour. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const t = useTranslations("account.invoice.statuses");
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status] ?? TONES.CANCEL}`}
    >
      {t(status)}
    </span>
  );
}

/** SPEC §2 invoice detail: the invoice and the commissions it gathers. */
export function InvoiceDetailDialog({
  invoice,
  onClose,
  timeZone,
}: {
  /** The row the detail was opened from; null when closed. */
  invoice: InvoiceDto | null;
  onClose: () => void;
  timeZone: string;
}) {
  const t = useTranslations("account.invoice");
  const tc = useTranslations("account.commission");
  const locale = useLocale();
  const { data, error, isLoading } = useDetail<InvoiceDetailDto>("/invoice/detail", invoice?._id ?? null);
  const shown = data && data._id === invoice?._id ? data : undefined;
  const th = "px-2.5 py-2 font-semibold";
  const td = "px-2.5 py-2 align-top";

  return (
    <DetailDialog
      open={invoice !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("detailDialog.title")}
      description={invoice ? t("detailDialog.description", { month: monthText(invoice.month) }) : ""}
      isLoading={isLoading || !shown}
      error={error?.message}
    >
      {shown && (
        <div className="flex flex-col gap-5">
          <DetailList
            items={[
              { key: "month", label: t("month"), value: monthText(shown.month) },
              { key: "status", label: t("status"), value: <InvoiceStatusBadge status={shown.status} /> },
              {
                key: "total",
                label: t("totalAmount"),
                value: <strong>{formatVnd(shown.total_amount, locale)}</strong>,
              },
              {
                key: "count",
                label: t("detailDialog.count"),
                value: t("detailDialog.countValue", { count: shown.commission_count }),
              },
              { key: "created", label: t("createdAt"), value: formatDateTime(shown.created_at, timeZone) },
              {
                key: "paid",
                label: t("paidAt"),
                value: shown.paid_at ? formatDateTime(shown.paid_at, timeZone) : NONE,
              },
            ]}
          />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-gray-900">{t("detailDialog.commissions")}</h3>
            <ScrollRegion label={t("detailDialog.commissions")} className="rounded-lg ring-1 ring-gray-200">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">{t("detailDialog.commissions")}</caption>
                <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
                  <tr>
                    <th scope="col" className={th}>
                      {tc("email")}
                    </th>
                    <th scope="col" className={th}>
                      {tc("createdAt")}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {tc("orderAmount")}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {tc("detailDialog.rate")}
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      {tc("amount")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {shown.commissions.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="px-2.5 py-6 text-center text-gray-500">
                        {t("detailDialog.none")}
                      </td>
                    </tr>
                  ) : (
                    shown.commissions.map((c) => (
                      <tr key={c._id} data-testid="invoice-commission">
                        <td className={`${td} min-w-36`}>
                          <div className="text-gray-900">
                            <EmailText email={c.email} />
                          </div>
                          <div className="text-xs text-gray-500">
                            <span className="font-mono">{c.order_reference_no}</span>{" "}
                            <span className="whitespace-nowrap">
                              · {programName(c.program, tc("programDefault"))}
                            </span>
                          </div>
                          {c.status === "VOID" && (
                            <div className="mt-1">
                              <CommissionStatusBadge status={c.status} />
                            </div>
                          )}
                        </td>
                        <td className={`${td} min-w-24 tabular-nums`}>
                          {formatDateTime(c.created_at, timeZone)}
                        </td>
                        <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                          {formatVnd(c.order_amount, locale)}
                        </td>
                        <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                          {formatDecimal(c.rate, locale)} %
                        </td>
                        <td className={`${td} whitespace-nowrap text-right font-semibold tabular-nums`}>
                          {formatVnd(c.amount, locale)}
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </ScrollRegion>
          </div>
        </div>
      )}
    </DetailDialog>
  );
}
