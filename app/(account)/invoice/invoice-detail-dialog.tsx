"use client";
import { programName } from "@/app/(account)/commission/commission-detail-dialog";
import { defineDetail } from "@/components/commerce/define-detail";
import { type DetailColumn, DetailTable } from "@/components/commerce/detail-table";
import { StatusBadge } from "@/components/commerce/status-badge";
import { EmailText } from "@/components/list/email-text";
import type { ListFormat } from "@/components/list/list-format";
import { type InvoiceDetailDto, invoiceDetailDto, invoiceDto } from "@/server/invoice/schema";

type InvoiceCommission = InvoiceDetailDto["commissions"][number];
const NUMBER = "whitespace-nowrap tabular-nums";

/** An invoice's month (YYYY-MM) as MM/YYYY, like the other dates (SPEC §9). */
export function monthText(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? `${match[2]}/${match[1]}` : month;
}

/** The commissions an invoice gathers: whose, when, of what order, at what rate, how much. */
function commissionColumns(f: ListFormat): DetailColumn<InvoiceCommission>[] {
  return [
    {
      header: f.t("email"),
      className: "min-w-36",
      cell: (c) => (
        <>
          <div className="text-gray-900">
            <EmailText email={c.email} />
          </div>
          <div className="text-xs text-gray-500">
            <span className="font-mono">{c.order_reference_no}</span>{" "}
            <span className="whitespace-nowrap">· {programName(c.program, f.t("programDefault"))}</span>
          </div>
          {c.status === "VOID" && (
            <div className="mt-1">
              <StatusBadge kind="commission" status={c.status} />
            </div>
          )}
        </>
      ),
    },
    { header: f.t("createdAt"), className: "min-w-24 tabular-nums", cell: (c) => f.dateTime(c.created_at) },
    { header: f.t("orderAmount"), right: true, className: NUMBER, cell: (c) => f.vnd(c.order_amount) },
    {
      header: f.t("detailDialog.rate"),
      right: true,
      className: NUMBER,
      cell: (c) => `${f.decimal(c.rate)} %`,
    },
    {
      header: f.t("amount"),
      right: true,
      className: `${NUMBER} font-semibold`,
      cell: (c) => f.vnd(c.amount),
    },
  ];
}

/** SPEC §2 invoice detail: the invoice and the commissions it gathers. */
export const InvoiceDetailDialog = defineDetail({
  call: "/invoice/detail",
  row: invoiceDto,
  detail: invoiceDetailDto,
  // The commissions' words are the commission list's.
  messages: ["account.invoice", "account.commission"],
  title: "detailDialog.title",
  description: (row, f) => f.t("detailDialog.description", { month: monthText(row.month) }),
  fields: (d, f) => [
    ["month", "month", monthText(d.month)],
    ["status", "status", <StatusBadge key="status" kind="invoice" status={d.status} />],
    ["total", "totalAmount", <strong key="total">{f.vnd(d.total_amount)}</strong>],
    ["count", "detailDialog.count", f.t("detailDialog.countValue", { count: d.commission_count })],
    ["created", "createdAt", f.dateTime(d.created_at)],
    ["paid", "paidAt", f.dateTime(d.paid_at)],
  ],
  section: {
    title: "detailDialog.commissions",
    body: (d, f) => (
      <DetailTable
        label={f.t("detailDialog.commissions")}
        columns={commissionColumns(f)}
        rows={d.commissions}
        empty={f.t("detailDialog.none")}
        rowTestId="invoice-commission"
      />
    ),
  },
});
