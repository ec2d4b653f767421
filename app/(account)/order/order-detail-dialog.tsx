"use client";
import { useLocale, useTranslations } from "next-intl";
import { DetailDialog } from "@/components/commerce/detail-dialog";
import { DetailList } from "@/components/commerce/detail-list";
import { OrderLinesTable } from "@/components/commerce/order-lines-table";
import { StatusBadge } from "@/components/commerce/status-badge";
import { useDetail } from "@/components/commerce/use-detail";
import { Button } from "@/components/ui/button";
import { appName } from "@/lib/apps";
import { formatDateTime, formatVnd } from "@/lib/format";
import type { OrderDto } from "@/server/order/schema";

const NONE = "--";

/** SPEC §2 order detail: the order and its line items (`/order/detail`), with its total. */
export function OrderDetailDialog({
  order,
  onClose,
  timeZone,
  appNames,
  onRepay,
  onCancel,
}: {
  /** The row the detail was opened from; null when closed. */
  order: OrderDto | null;
  onClose: () => void;
  timeZone: string;
  appNames: Record<string, string>;
  onRepay: (order: OrderDto) => void;
  onCancel: (order: OrderDto) => void;
}) {
  const t = useTranslations("account.orders");
  const locale = useLocale();
  const { data, error, isLoading } = useDetail<OrderDto>("/order/detail", order?._id ?? null);
  const shown = data && data._id === order?._id ? data : undefined;

  return (
    <DetailDialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("detail.title")}
      description={order ? t("detail.description", { reference: order.reference_no }) : ""}
      isLoading={isLoading || !shown}
      error={error?.message}
      actions={
        shown?.status === "PENDING" && (
          <>
            <Button variant="secondary" className="text-red-700" onClick={() => onCancel(shown)}>
              {t("menu.cancel")}
            </Button>
            <Button onClick={() => onRepay(shown)}>{t("menu.repay")}</Button>
          </>
        )
      }
    >
      {shown && (
        <div className="flex flex-col gap-5">
          <DetailList
            items={[
              { key: "status", label: t("status"), value: <StatusBadge status={shown.status} /> },
              {
                key: "app",
                label: t("detail.app"),
                value: appName(shown.app_code, appNames),
              },
              { key: "total", label: t("amount"), value: formatVnd(shown.total, locale) },
              { key: "created", label: t("createdAt"), value: formatDateTime(shown.created_at, timeZone) },
              {
                key: "paid",
                label: t("detail.paidAt"),
                value: shown.paid_at ? formatDateTime(shown.paid_at, timeZone) : NONE,
              },
              ...(shown.note ? [{ key: "note", label: t("detail.note"), value: shown.note }] : []),
            ]}
          />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-gray-900">{t("detail.items")}</h3>
            <OrderLinesTable lines={shown.lines ?? []} total={shown.total} appNames={appNames} />
          </div>
        </div>
      )}
    </DetailDialog>
  );
}
