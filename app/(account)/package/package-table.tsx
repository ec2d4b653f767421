"use client";
import { defineList } from "@/components/list/define-list";
import { packageListSchema, packagePageDto } from "@/server/package/schema";

/** /package: the active catalog (SPEC §2), filtered by app, sorted by the server. */
export const PackageTable = defineList({
  call: "/package/list",
  query: packageListSchema,
  page: packagePageDto,
  messages: "account.packages",
  // The catalog has no date filter (SPEC §2: by app only; /package/list ignores from/to).
  dateRange: false,
  columns: (c) => [
    // The catalog's name is already words ("Sales Business 3"); the wire code stays off screen.
    c.text("name", "name", { sort: true, span: "font-medium text-gray-900", className: "min-w-36" }),
    c.app("app", "app", { value: (row) => row.app_code }),
    c.text("description", "description", { sort: true, orNone: true, className: "min-w-48", wrap: true }),
    c.cell(
      "months",
      "months",
      (row, f) =>
        row.bonus_months > 0
          ? f.t("monthsWithBonus", { months: row.months, bonus: row.bonus_months })
          : f.t("monthsOnly", { months: row.months }),
      { className: "tabular-nums" },
    ),
    c.vnd("price", "price", { sort: true }),
    c.date("created_at", "createdAt", { sort: true }),
  ],
  filters: (f) => [
    // Every app of the family: SPEC's four and what APPS_CONFIG adds (issue 25).
    f.select("app_code", {
      label: "appFilter",
      all: "allApps",
      option: (code, f) => f.app(code),
      values: (ctx) => Object.keys(ctx.appNames),
    }),
  ],
});
