"use client";
import { useLocale, useTranslations } from "next-intl";
import { ActionDialog } from "@/components/admin/action-dialog";
import { defineList } from "@/components/list/define-list";
import type { ListDialogProps } from "@/components/list/list-types";
import { dayIn, formatVnd } from "@/lib/format";
import {
  type AdminInvoiceRowDto,
  adminInvoiceListSchema,
  adminInvoicePageDto,
  PROGRAMME_TIME_ZONE,
} from "@/server/admin/finance-schema";
import { IssueMonthButton } from "./issue-month-dialog";

/** "MM/YYYY", as the affiliate's own invoice list shows a month. */
const monthText = (month: string) => month.replace(/^(\d{4})-(\d{2})$/, "$2/$1");

/** Mark paid (on a day, today by default) or cancel (with a note): re-authenticated, audited. */
function SettleDialog({
  kind,
  row,
  close,
  reload,
  toast,
}: ListDialogProps<AdminInvoiceRowDto> & { kind: "pay" | "cancel" }) {
  const t = useTranslations("admin.invoices");
  const locale = useLocale();
  if (!row) return null;
  const what = { email: row.email, month: monthText(row.month), total: formatVnd(row.total, locale) };
  return (
    <ActionDialog
      title={t(`${kind}Title`)}
      description={t(`${kind}Body`, what)}
      path={`/admin/invoices/${kind}`}
      body={{ id: row.id }}
      fields={
        kind === "pay"
          ? [
              {
                name: "paid_at",
                label: t("paidOn"),
                hint: t("paidOnHint"),
                required: true,
                type: "date",
                defaultValue: dayIn(PROGRAMME_TIME_ZONE, new Date()),
              },
            ]
          : [
              {
                name: "note",
                label: t("cancelNote"),
                hint: t("cancelNoteHint"),
                required: true,
                maxLength: 500,
              },
            ]
      }
      confirm={t(kind === "pay" ? "markPaid" : "cancelInvoice")}
      danger={kind === "cancel"}
      onClose={close}
      onDone={(message) => {
        close();
        toast("success", message);
        reload();
      }}
    />
  );
}

const PayDialog = (props: ListDialogProps<AdminInvoiceRowDto>) => <SettleDialog kind="pay" {...props} />;
const CancelDialog = (props: ListDialogProps<AdminInvoiceRowDto>) => (
  <SettleDialog kind="cancel" {...props} />
);

/**
 * /admin/invoices: every affiliate's monthly invoices by month, status and person; "Issue a
 * month" previews and issues one; a pending invoice is marked paid on a day, or cancelled.
 */
export const InvoicesTable = defineList({
  call: "/admin/invoices/list",
  query: adminInvoiceListSchema,
  page: adminInvoicePageDto,
  messages: ["admin.invoices", "admin", "account.invoice"],
  columns: (c) => [
    c.email("email", "affiliate", { card: "title" }),
    c.text("month", "month", { value: (row) => monthText(row.month), className: "tabular-nums" }),
    c.vnd("total", "total", { strong: true, card: "amount" }),
    c.text("commission_count", "commissions", { className: "text-right tabular-nums" }),
    c.status("status", "status", { kind: "invoice" }),
    c.date("paid_at", "paidAt"),
    c.text("note", "note", { wrap: true, orNone: true }),
    c.date("created_at", "createdAt"),
    c.menu(
      (row, f) => f.t("menuLabel", { email: row.email, month: monthText(row.month) }),
      [
        { label: "markPaid", open: "pay", when: (row) => row.status === "PENDING" },
        { label: "cancelInvoice", open: "cancel", when: (row) => row.status === "PENDING", danger: true },
      ],
    ),
  ],
  filters: (f) => [
    f.custom(() => <IssueMonthButton />),
    f.search("month", { label: "monthFilter", button: "searchButton" }),
    f.select("status", { label: "statusFilter", all: "allStatuses", option: "statuses" }),
    f.search("person", { label: "personFilter", button: "searchButton" }),
  ],
  dialogs: { pay: PayDialog, cancel: CancelDialog },
});
