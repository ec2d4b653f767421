"use client";
import Link from "next/link";
import { defineList } from "@/components/list/define-list";
import { adminOrderListSchema, adminOrderPageDto } from "@/server/admin/orders-schema";

/**
 * /admin/orders: every person's orders by reference, status, person (part of the email or the
 * id), product and days; a row opens the order's page, where it is confirmed or marked.
 */
export const OrdersTable = defineList({
  call: "/admin/orders/list",
  query: adminOrderListSchema,
  page: adminOrderPageDto,
  messages: ["admin.orders", "admin", "account.orders"],
  columns: (c) => [
    c.cell(
      "reference_no",
      "referenceNo",
      (row, f) => (
        <Link
          href={`/admin/orders/${encodeURIComponent(row.id)}`}
          className="font-mono text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          aria-label={f.t("openOrder", { reference: row.reference_no })}
        >
          {row.reference_no}
        </Link>
      ),
      { card: "title" },
    ),
    c.email("person_email", "person"),
    c.app("app_code", "app"),
    c.vnd("total", "total", { card: "amount" }),
    c.status("status", "status"),
    c.date("created_at", "createdAt"),
    c.date("paid_at", "paidAt"),
  ],
  filters: (f) => [
    f.reference(),
    f.search("person", { label: "personFilter", button: "searchButton" }),
    f.status(),
    f.select("app", {
      label: "appFilter",
      all: "allApps",
      option: (code, lf) => lf.app(code),
      values: (ctx) => Object.keys(ctx.appNames),
    }),
  ],
});
