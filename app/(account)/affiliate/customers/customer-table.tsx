"use client";
import { defineList } from "@/components/list/define-list";
import { EmailText } from "@/components/list/email-text";
import { NONE } from "@/components/list/list-format";
import { ROW_OPEN } from "@/components/list/row-opener";
import { customerListSchema, customerPageDto } from "@/server/affiliate/schema";
import { CustomerDetailDialog } from "./customer-detail-dialog";

/**
 * /affiliate/customers (SPEC §2): search by email or phone (Enter), the paying-customer count,
 * and the customers; a row opens their stores and orders.
 */
export const CustomerTable = defineList({
  call: "/affilate/my-affilate-list",
  query: customerListSchema,
  page: customerPageDto,
  messages: "account.affiliateCustomers",
  dateRange: false,
  toolbarClassName: "flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between",
  columns: (c) => [
    c.cell(
      "email",
      "email",
      (row, f, actions) => (
        <button
          type="button"
          {...ROW_OPEN}
          onClick={(event) => actions.open("detail", row, event.currentTarget)}
          aria-label={f.t("open", { email: row.email })}
          className="rounded text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <EmailText email={row.email} />
        </button>
      ),
      { wrap: true, className: "min-w-40", opensRow: true },
    ),
    c.text("fullname", "fullname", { orNone: true, wrap: true, className: "min-w-32" }),
    c.text("phone", "phone", { orNone: true, className: "tabular-nums" }),
    c.date("created_at", "createdAt"),
  ],
  filters: (f) => [
    f.search("search", { label: "search", button: "searchButton", className: "sm:[&_input]:w-64" }),
    f.custom(({ page, error, f: format }) => (
      <p
        className="rounded-lg bg-brand-50 px-4 py-2 text-sm text-gray-800"
        data-testid="paying-customers"
        aria-live="polite"
      >
        {format.t("paying")}:{" "}
        <strong className="text-base font-semibold tabular-nums text-gray-900">
          {page && !error ? format.number(page.total_purchased) : NONE}
        </strong>
        <span className="sr-only">. </span>
        <span className="ml-1 text-xs text-gray-600">{format.t("payingHint")}</span>
      </p>
    )),
  ],
  dialogs: { detail: CustomerDetailDialog },
});
