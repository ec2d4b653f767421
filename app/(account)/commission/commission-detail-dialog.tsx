"use client";
import { useLocale, useTranslations } from "next-intl";
import { DetailDialog } from "@/components/commerce/detail-dialog";
import { DetailList } from "@/components/commerce/detail-list";
import { OrderLinesTable } from "@/components/commerce/order-lines-table";
import { useDetail } from "@/components/commerce/use-detail";
import { formatDateTime, formatDecimal, formatVnd } from "@/lib/format";
import type { CommissionDetailDto, CommissionDto, CommissionStatus } from "@/server/affiliate/schema";

const NONE = "--";
/** The programme every commission belongs to unless it names another (SPEC §3, default Affiliate). */
const DEFAULT_PROGRAM = "Affiliate";

/** A commission's programme in the person's words when it is the default one. */
export function programName(program: string, defaultName: string): string {
  return !program || program === DEFAULT_PROGRAM ? defaultName : program;
}

const TONES: Record<CommissionStatus, string> = {
  UNPAID: "bg-amber-50 text-amber-800 ring-amber-200",
  INVOICED: "bg-sky-50 text-sky-800 ring-sky-200",
  PAID: "bg-green-50 text-green-800 ring-green-200",
  VOID: "bg-gray-100 text-gray-700 ring-gray-300",
};

/** A commission's status as a badge; the word carries the meaning, not the colour. */
export function CommissionStatusBadge({ status }: { status: CommissionStatus }) {
  const t = useTranslations("account.commission.statuses");
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status] ?? TONES.VOID}`}
    >
      {t(status)}
    </span>
  );
}

/** SPEC §2 commission detail: the commission and the lines of the order that earned it. */
export function CommissionDetailDialog({
  commission,
  onClose,
  timeZone,
  appNames,
}: {
  /** The row the detail was opened from; null when closed. */
  commission: CommissionDto | null;
  onClose: () => void;
  timeZone: string;
  appNames: Record<string, string>;
}) {
  const t = useTranslations("account.commission");
  const locale = useLocale();
  const { data, error, isLoading } = useDetail<CommissionDetailDto>(
    "/affilate/commission-detail",
    commission?._id ?? null,
  );
  const shown = data && data._id === commission?._id ? data : undefined;

  return (
    <DetailDialog
      open={commission !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("detailDialog.title")}
      description={
        commission
          ? t("detailDialog.description", {
              reference: commission.order_reference_no,
              email: commission.email,
            })
          : ""
      }
      isLoading={isLoading || !shown}
      error={error?.message}
    >
      {shown && (
        <div className="flex flex-col gap-5">
          <DetailList
            items={[
              { key: "email", label: t("email"), value: shown.email },
              {
                key: "reference",
                label: t("detailDialog.reference"),
                value: <span className="font-mono text-xs">{shown.order_reference_no}</span>,
              },
              {
                key: "status",
                label: t("detailDialog.status"),
                value: <CommissionStatusBadge status={shown.status} />,
              },
              {
                key: "program",
                label: t("program"),
                value: `${programName(shown.program, t("programDefault"))} · ${t(`detailDialog.types.${shown.type}`)}`,
              },
              { key: "level", label: t("detailDialog.level"), value: shown.level },
              {
                key: "rate",
                label: t("detailDialog.rate"),
                value: `${formatDecimal(shown.rate, locale)} %`,
              },
              { key: "order_amount", label: t("orderAmount"), value: formatVnd(shown.order_amount, locale) },
              {
                key: "amount",
                label: t("amount"),
                value: <strong>{formatVnd(shown.amount, locale)}</strong>,
              },
              { key: "created", label: t("createdAt"), value: formatDateTime(shown.created_at, timeZone) },
              {
                key: "invoiced",
                label: t("invoiceDate"),
                value: shown.invoiced_at ? formatDateTime(shown.invoiced_at, timeZone) : NONE,
              },
            ]}
          />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-gray-900">{t("detailDialog.lines")}</h3>
            <OrderLinesTable
              lines={shown.lines}
              total={shown.order_amount}
              totalLabel={t("orderAmount")}
              appNames={appNames}
            />
          </div>
        </div>
      )}
    </DetailDialog>
  );
}
