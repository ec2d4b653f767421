"use client";
import { rowMenu } from "@/components/list/columns";
import { defineList } from "@/components/list/define-list";
import { paymentListSchema, paymentPageDto } from "@/server/payment/schema";
import { CancelPaymentDialog, HidePaymentDialog, PaymentDetailDialog } from "./payment-dialogs";

/** SPEC §4: only cancelled or invalid attempts can be hidden. */
const HIDEABLE = new Set<string>(["CANCEL", "INVALID"]);

/**
 * /payment: the person's payment attempts (SPEC §2): search, status, method, dates, sorted by the
 * server; detail, cancel a pending attempt, hide a cancelled or invalid one. The search button and
 * the statuses speak the orders' words.
 */
export const PaymentTable = defineList({
  call: "/payment/my-payment",
  query: paymentListSchema,
  page: paymentPageDto,
  messages: ["account.payments", "account.orders"],
  columns: (c) => [
    c.cell(
      "reference_no",
      "referenceNo",
      (row, f) => (
        <>
          <span className="block font-mono text-xs">{row.reference_no}</span>
          <span className="block text-xs text-gray-500">
            {f.t("orderRef", { reference: row.order_reference_no })}
          </span>
        </>
      ),
      { sort: true },
    ),
    c.cell(
      "method",
      "method",
      (row, f) => (
        <>
          <span className="block">{f.t(`methods.${row.method}`)}</span>
          <span className="block text-xs text-gray-500">{f.t(`gateways.${row.gateway}`)}</span>
        </>
      ),
      { sort: true },
    ),
    c.vnd("amount", "amount", { sort: true }),
    c.date("created_at", "createdAt", { sort: true }),
    c.status("status", "status", { sort: true }),
    c.menu(rowMenu.byReference, [
      rowMenu.detail,
      rowMenu.cancel((row) => row.status === "PENDING"),
      { label: "menu.hide", open: "hide", when: (row) => HIDEABLE.has(row.status), danger: true },
    ]),
  ],
  filters: (f) => [
    f.reference(),
    f.status(),
    f.select("method", { label: "methodFilter", all: "allMethods", option: "methods" }),
  ],
  dialogs: { detail: PaymentDetailDialog, cancel: CancelPaymentDialog, hide: HidePaymentDialog },
});
