"use client";
import { rowMenu } from "@/components/list/columns";
import { defineList } from "@/components/list/define-list";
import { NONE } from "@/components/list/list-format";
import { myOrderSchema, type OrderDto, orderPageDto } from "@/server/order/schema";
import { packageDisplayName } from "@/server/package/schema";
import { CancelOrderDialog, OrderDetailDialog, repaymentHref } from "./order-dialogs";

const isPending = (order: OrderDto) => order.status === "PENDING";

/** /order: the person's orders with search, status and dates; detail, cancel and repayment (SPEC §2, §4). */
export const OrderTable = defineList({
  call: "/order/my-order",
  query: myOrderSchema,
  page: orderPageDto,
  messages: "account.orders",
  columns: (c) => [
    c.mono("reference_no", "referenceNo"),
    c.cell(
      "bought",
      "bought",
      (row, f) => {
        const [first, ...more] = row.lines ?? [];
        if (!first) return NONE;
        return (
          <>
            <span data-testid="order-bought">
              {f.t("boughtSummary", {
                app: f.app(first.app_code),
                package: packageDisplayName(first.package_code),
                store: first.store_name,
              })}
            </span>
            {more.length > 0 && (
              <span className="block text-xs text-gray-500">{f.t("moreLines", { count: more.length })}</span>
            )}
          </>
        );
      },
      { value: (row) => row.lines?.[0]?.store_name ?? "", className: "min-w-48", wrap: true, card: "title" },
    ),
    c.vnd("total", "amount", { card: "amount" }),
    c.date("created_at", "createdAt"),
    c.status("status", "status"),
    c.menu(rowMenu.byReference, [
      rowMenu.detail,
      { label: "menu.repay", go: repaymentHref, when: isPending },
      rowMenu.cancel(isPending),
    ]),
  ],
  filters: (f) => [f.reference(), f.status()],
  dialogs: { detail: OrderDetailDialog, cancel: CancelOrderDialog },
});
