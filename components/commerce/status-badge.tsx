import { useTranslations } from "next-intl";
import type { OrderStatus } from "@/server/order/schema";

const TONES: Record<OrderStatus, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-200",
  PAID: "bg-green-50 text-green-800 ring-green-200",
  PAID_DEBIT: "bg-sky-50 text-sky-800 ring-sky-200",
  CANCEL: "bg-gray-100 text-gray-700 ring-gray-300",
  INVALID: "bg-red-50 text-red-800 ring-red-200",
};

/** SPEC §4 order and payment status as a coloured badge; the word carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useTranslations("account.orders.statuses");
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status] ?? TONES.INVALID}`}
    >
      {t(status)}
    </span>
  );
}
