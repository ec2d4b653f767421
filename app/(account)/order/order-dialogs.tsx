"use client";
import { cancelRowDialog } from "@/components/commerce/cancel-dialog";
import { defineDetail, orderLinesSection } from "@/components/commerce/define-detail";
import { StatusBadge } from "@/components/commerce/status-badge";
import { Button } from "@/components/ui/button";
import { go } from "@/lib/http/client";
import { cancelOrderSchema, type OrderDto, orderDto } from "@/server/order/schema";

/** SPEC §2 Repayment ("Pay now" on screen): the checkout of the order's transaction, for its app. */
export function repaymentHref(order: Pick<OrderDto, "transaction_id" | "app_code">): string {
  const query = new URLSearchParams({ transaction_id: order.transaction_id, app_code: order.app_code });
  return `/checkout?${query}`;
}

/** SPEC §2 order detail: the order and its line items (`/order/detail`), with its total. */
export const OrderDetailDialog = defineDetail({
  call: "/order/detail",
  row: orderDto,
  detail: orderDto,
  messages: "account.orders",
  fields: (d, f) => [
    ["status", "status", <StatusBadge key="status" status={d.status} />],
    ["app", "detail.app", f.app(d.app_code)],
    ["total", "amount", f.vnd(d.total)],
    ["created", "createdAt", f.dateTime(d.created_at)],
    ["paid", "detail.paidAt", f.dateTime(d.paid_at)],
    d.note ? ["note", "detail.note", d.note] : false,
  ],
  section: orderLinesSection<OrderDto>(
    "detail.items",
    (d) => ({ lines: d.lines ?? [], total: d.total }),
    "lines.total",
  ),
  // A pending order can still be cancelled or paid.
  actions: (d, dialog, f) =>
    d.status === "PENDING" && (
      <>
        <Button variant="secondary" className="text-red-700" onClick={() => dialog.open("cancel", d)}>
          {f.t("menu.cancel")}
        </Button>
        <Button onClick={() => go(repaymentHref(d))}>{f.t("menu.repay")}</Button>
      </>
    ),
});

/** SPEC §2/§4 cancel an order: a note and Apply; the call sends id, note, status CANCEL. */
export const CancelOrderDialog = cancelRowDialog<OrderDto>({
  messages: "account.orders.cancel",
  path: "/order/cancel",
  schema: cancelOrderSchema,
});
