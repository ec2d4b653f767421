"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ActionDialog } from "@/components/admin/action-dialog";
import { defineList, type ListDialogProps } from "@/components/list/define-list";
import {
  type AdminPaymentRowDto,
  adminPaymentListSchema,
  adminPaymentPageDto,
} from "@/server/admin/orders-schema";

/** "Ask the gateway" for one pending attempt: its answer is applied; the server audits it. */
function AskGatewayDialog({ row, close, reload, toast }: ListDialogProps<AdminPaymentRowDto>) {
  const t = useTranslations("admin.payments");
  if (!row) return null;
  return (
    <ActionDialog
      title={t("askTitle")}
      description={t("askBody", { gateway: row.gateway, reference: row.reference_no })}
      path="/admin/payments/check-status"
      body={{ id: row._id }}
      confirm={t("ask")}
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
 * /admin/payments: every person's payment attempts by reference (the payment's or its order's),
 * status, method, person, product and days; a pending gateway attempt can be asked about.
 */
export const PaymentsTable = defineList({
  call: "/admin/payments/list",
  query: adminPaymentListSchema,
  page: adminPaymentPageDto,
  messages: ["admin.payments", "admin", "account.payments", "account.orders"],
  columns: (c) => [
    c.cell(
      "reference_no",
      "referenceNo",
      (row, f) => (
        <>
          <span className="block font-mono text-xs">{row.reference_no}</span>
          <Link
            href={`/admin/orders/${encodeURIComponent(row.order_id)}`}
            className="block text-xs text-brand-700 underline-offset-2 hover:underline"
          >
            {f.t("orderRef", { reference: row.order_reference_no })}
          </Link>
        </>
      ),
      { sort: true, card: "title" },
    ),
    c.email("person_email", "person"),
    c.app("app_code", "app"),
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
    c.vnd("amount", "amount", { sort: true, card: "amount" }),
    c.status("status", "status", { sort: true }),
    c.date("created_at", "createdAt", { sort: true }),
    c.menu(
      (row, f) => f.t("menuLabel", { reference: row.reference_no }),
      [
        { label: "ask", open: "ask", when: (row) => row.can_check_status },
        { label: "openOrder", go: (row) => `/admin/orders/${encodeURIComponent(row.order_id)}` },
      ],
    ),
  ],
  filters: (f) => [
    f.reference(),
    f.search("person", { label: "personFilter", button: "searchButton" }),
    f.status(),
    f.select("method", { label: "methodFilter", all: "allMethods", option: "methods" }),
    f.select("app", {
      label: "appFilter",
      all: "allApps",
      option: (code, lf) => lf.app(code),
      values: (ctx) => Object.keys(ctx.appNames),
    }),
  ],
  dialogs: { ask: AskGatewayDialog },
});
