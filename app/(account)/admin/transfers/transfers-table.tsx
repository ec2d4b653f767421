"use client";
import { useLocale, useTranslations } from "next-intl";
import { ActionDialog } from "@/components/admin/action-dialog";
import { StatusBadge } from "@/components/commerce/status-badge";
import { defineList } from "@/components/list/define-list";
import { NONE } from "@/components/list/list-format";
import type { ListDialogProps } from "@/components/list/list-types";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { formatVnd } from "@/lib/format";
import { type TransferRowDto, transferListSchema, transferPageDto } from "@/server/admin/finance-schema";
import { isApplicableTransfer } from "@/server/checkout/schema";
import type { OrderStatus } from "@/server/order/schema";

/** The bank's notification as it arrived, whole. */
function NotificationDialog({ row, close }: ListDialogProps<TransferRowDto>) {
  const t = useTranslations("admin.transfers");
  if (!row) return null;
  return (
    <MessageDialog
      open
      title={t("notificationTitle", { id: row.id })}
      onClose={close}
      actions={<Button onClick={close}>{t("close")}</Button>}
    >
      <pre
        className="max-h-96 overflow-auto whitespace-pre rounded-lg bg-gray-50 p-3 font-mono text-xs text-gray-800 ring-1 ring-gray-200"
        data-testid="transfer-raw"
      >
        {JSON.stringify(row.raw, null, 2)}
      </pre>
    </MessageDialog>
  );
}

/** Apply an unmatched or partial transfer to the order it was meant for: re-authenticated, audited. */
function ApplyDialog({ row, close, reload, toast }: ListDialogProps<TransferRowDto>) {
  const t = useTranslations("admin.transfers");
  const locale = useLocale();
  if (!row) return null;
  return (
    <ActionDialog
      title={t("applyTitle")}
      description={t("applyBody", { amount: formatVnd(row.amount, locale), content: row.content || NONE })}
      path="/admin/transfers/apply"
      body={{ id: row.id }}
      fields={[
        {
          name: "reference",
          label: t("orderReference"),
          hint: t("orderReferenceHint"),
          required: true,
          maxLength: 40,
        },
        { name: "note", label: t("note"), maxLength: 500 },
      ]}
      confirm={t("apply")}
      onClose={close}
      onDone={(message) => {
        close();
        toast("success", message);
        reload();
      }}
    />
  );
}

/**
 * /admin/transfers: the bank transfers received, newest first, all states unless filtered; the
 * partial, unmatched and late ones wait for an operator. The raw notification of each; an
 * unmatched or partial one can be applied to an order.
 */
export const TransfersTable = defineList({
  call: "/admin/transfers/list",
  query: transferListSchema,
  page: transferPageDto,
  messages: ["admin.transfers", "admin"],
  columns: (c) => [
    c.vnd("amount", "amount", { strong: true, card: "amount" }),
    c.text("content", "content", { wrap: true, card: "title" }),
    c.mono("reference_no", "referenceFound", { orNone: true }),
    c.cell("order_reference_no", "order", (row) =>
      row.order_reference_no ? (
        <span className="flex flex-wrap items-center gap-1">
          <span className="font-mono text-xs">{row.order_reference_no}</span>
          {row.order_status && <StatusBadge status={row.order_status as OrderStatus} />}
        </span>
      ) : (
        NONE
      ),
    ),
    c.text("status", "status", { value: (row, f) => f.t(`statuses.${row.status}`), card: "status" }),
    c.text("actor", "actor", { wrap: true }),
    c.date("created_at", "receivedAt"),
    c.menu(
      (row, f) => f.t("menuLabel", { id: row.id }),
      [
        { label: "showNotification", open: "notification" },
        { label: "applyToOrder", open: "apply", when: (row) => isApplicableTransfer(row.status) },
      ],
    ),
  ],
  filters: (f) => [
    f.select("status", { label: "statusFilter", all: "allStatuses", option: "statuses" }),
    f.search("reference", { label: "search", button: "searchButton", upper: true }),
  ],
  dialogs: { notification: NotificationDialog, apply: ApplyDialog },
});
