"use client";
import { defineDetail, orderLinesSection } from "@/components/commerce/define-detail";
import { StatusBadge } from "@/components/commerce/status-badge";
import { type CommissionDetailDto, commissionDetailDto, commissionDto } from "@/server/affiliate/schema";

/** The programme every commission belongs to unless it names another (SPEC §3, default Affiliate). */
const DEFAULT_PROGRAM = "Affiliate";

/** A commission's programme in the person's words when it is the default one. */
export function programName(program: string, defaultName: string): string {
  return !program || program === DEFAULT_PROGRAM ? defaultName : program;
}

/** SPEC §2 commission detail: the commission and the lines of the order that earned it. */
export const CommissionDetailDialog = defineDetail({
  call: "/affilate/commission-detail",
  row: commissionDto,
  detail: commissionDetailDto,
  messages: "account.commission",
  title: "detailDialog.title",
  description: (row, f) =>
    f.t("detailDialog.description", { reference: row.order_reference_no, email: row.email }),
  fields: (d, f) => [
    ["email", "email", d.email],
    [
      "reference",
      "detailDialog.reference",
      <span key="reference" className="font-mono text-xs">
        {d.order_reference_no}
      </span>,
    ],
    ["status", "detailDialog.status", <StatusBadge key="status" kind="commission" status={d.status} />],
    [
      "program",
      "program",
      `${programName(d.program, f.t("programDefault"))} · ${f.t(`detailDialog.types.${d.type}`)}`,
    ],
    ["level", "detailDialog.level", d.level],
    ["rate", "detailDialog.rate", `${f.decimal(d.rate)} %`],
    ["order_amount", "orderAmount", f.vnd(d.order_amount)],
    ["amount", "amount", <strong key="amount">{f.vnd(d.amount)}</strong>],
    ["created", "createdAt", f.dateTime(d.created_at)],
    ["invoiced", "invoiceDate", f.dateTime(d.invoiced_at)],
  ],
  section: orderLinesSection<CommissionDetailDto>(
    "detailDialog.lines",
    (d) => ({ lines: d.lines, total: d.order_amount }),
    "orderAmount",
  ),
});
