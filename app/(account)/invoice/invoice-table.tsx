"use client";
import { defineList } from "@/components/list/define-list";
import { invoiceListSchema, invoicePageDto } from "@/server/invoice/schema";
import { InvoiceDetailDialog, monthText } from "./invoice-detail-dialog";

/**
 * /invoice (SPEC §2): status and dates; total amount, created and paid dates, status; Detail
 * opens the invoice's commissions; a CSV of the filtered list.
 */
export const InvoiceTable = defineList({
  call: "/invoice/my-invoice",
  query: invoiceListSchema,
  page: invoicePageDto,
  messages: "account.invoice",
  columns: (c) => [
    c.text("month", "month", { value: (row) => monthText(row.month), className: "tabular-nums" }),
    c.vnd("total_amount", "totalAmount", { strong: true }),
    c.date("created_at", "createdAt"),
    c.date("paid_at", "paidAt"),
    c.status("status", "status", { kind: "invoice" }),
    c.open("detail", { text: "detail", label: (row, f) => f.t("detailOf", { month: monthText(row.month) }) }),
  ],
  filters: (f) => [f.status()],
  export: { path: "/invoice/export", label: "export" },
  dialogs: { detail: InvoiceDetailDialog },
});
