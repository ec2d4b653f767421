"use client";
import { useLocale, useTranslations } from "next-intl";
import { DetailDialog } from "@/components/commerce/detail-dialog";
import { DetailList } from "@/components/commerce/detail-list";
import { OrderLinesTable } from "@/components/commerce/order-lines-table";
import { StatusBadge } from "@/components/commerce/status-badge";
import { useDetail } from "@/components/commerce/use-detail";
import { Button } from "@/components/ui/button";
import { formatDateTime, formatDecimal, formatVnd } from "@/lib/format";
import type { PaymentDetailDto, PaymentDto } from "@/server/payment/schema";

const NONE = "--";
/** DESIGN §10: one point is worth 1,000 VND. */
export const POINT_VND = 1000;

export const receiptHref = (id: string) => `/payment/${encodeURIComponent(id)}/receipt`;

/**
 * SPEC §2 payment detail (`/payment/detail`): order no, method, gateway, amount, points, note,
 * status, the gateway's transaction id and the order's real lines; Print opens the receipt of a
 * paid payment, Cancel ends a pending one.
 */
export function PaymentDetailDialog({
  payment,
  onClose,
  timeZone,
  appNames,
  onCancel,
}: {
  payment: PaymentDto | null;
  onClose: () => void;
  timeZone: string;
  appNames: Record<string, string>;
  onCancel: (payment: PaymentDto) => void;
}) {
  const t = useTranslations("account.payments");
  const locale = useLocale();
  const { data, error, isLoading } = useDetail<PaymentDetailDto>("/payment/detail", payment?._id ?? null);
  const shown = data && data._id === payment?._id ? data : undefined;

  let actions: React.ReactNode = null;
  if (shown?.status === "PAID") {
    actions = (
      <a
        href={receiptHref(shown._id)}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {t("detail.print")}
        <span className="sr-only"> {t("detail.opensInNewTab")}</span>
      </a>
    );
  } else if (shown?.status === "PENDING") {
    actions = (
      <Button variant="secondary" className="text-red-700" onClick={() => onCancel(shown)}>
        {t("menu.cancel")}
      </Button>
    );
  }

  return (
    <DetailDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("detail.title")}
      description={payment ? t("detail.description", { reference: payment.reference_no }) : ""}
      isLoading={isLoading || !shown}
      error={error?.message}
      actions={actions}
    >
      {shown && (
        <div className="flex flex-col gap-5">
          <DetailList
            items={[
              {
                key: "order",
                label: t("detail.orderNo"),
                value: <span className="font-mono text-xs">{shown.order_reference_no}</span>,
              },
              { key: "method", label: t("method"), value: t(`methods.${shown.method}`) },
              { key: "gateway", label: t("detail.gateway"), value: t(`gateways.${shown.gateway}`) },
              { key: "amount", label: t("amount"), value: formatVnd(shown.amount, locale) },
              {
                key: "points",
                label: t("detail.pointsUsed"),
                value:
                  shown.points_used > 0
                    ? t("detail.pointsValue", {
                        points: formatDecimal(shown.points_used, locale),
                        value: formatVnd(shown.points_used * POINT_VND, locale),
                      })
                    : NONE,
              },
              { key: "status", label: t("status"), value: <StatusBadge status={shown.status} /> },
              {
                key: "transaction",
                label: t("detail.transactionId"),
                value: shown.transaction_id ? (
                  <span className="font-mono text-xs">{shown.transaction_id}</span>
                ) : (
                  NONE
                ),
              },
              { key: "created", label: t("createdAt"), value: formatDateTime(shown.created_at, timeZone) },
              {
                key: "paid",
                label: t("detail.paidAt"),
                value: shown.paid_at ? formatDateTime(shown.paid_at, timeZone) : NONE,
              },
              { key: "note", label: t("detail.note"), value: shown.note || NONE },
            ]}
          />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-gray-900">{t("detail.items")}</h3>
            <OrderLinesTable
              lines={shown.lines}
              total={shown.order_total}
              totalLabel={t("detail.orderTotal")}
              appNames={appNames}
            />
          </div>
        </div>
      )}
    </DetailDialog>
  );
}
