"use client";
import { defineList } from "@/components/list/define-list";
import { commissionListSchema, commissionPageDto } from "@/server/affiliate/schema";
import { CommissionDetailDialog, programName } from "./commission-detail-dialog";

/**
 * /commission (SPEC §2): invoiced / not invoiced and dates, the total of the filtered list's
 * commission amounts, a CSV of it; a row opens the commission and its order's lines.
 */
export const CommissionTable = defineList({
  call: "/affilate/my-commission",
  query: commissionListSchema,
  page: commissionPageDto,
  messages: "account.commission",
  columns: (c) => [
    c.email("email", "email", { className: "min-w-36" }),
    c.date("invoiced_at", "invoiceDate"),
    c.date("created_at", "createdAt"),
    c.vnd("order_amount", "orderAmount"),
    c.vnd("amount", "amount", { strong: true }),
    c.text("program", "program", { value: (row, f) => programName(row.program, f.t("programDefault")) }),
    c.open("detail", {
      text: "detail",
      label: (row, f) => f.t("detailOf", { reference: row.order_reference_no, email: row.email }),
    }),
  ],
  filters: (f) => [
    f.select("is_invoiced", { label: "invoicedFilter", all: "allInvoiced", option: "invoiced" }),
  ],
  summary: {
    label: "totalLabel",
    hint: "totalHint",
    value: (page, f) => f.vnd(page.total_amount),
    testId: "commission-total",
  },
  export: { path: "/commission/export", label: "export" },
  dialogs: { detail: CommissionDetailDialog },
});
