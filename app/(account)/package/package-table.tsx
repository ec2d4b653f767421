"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { ColumnDef } from "@/components/list/data-table";
import { FilterSelect } from "@/components/list/filter-select";
import { ListScreen } from "@/components/list/list-screen";
import type { ListQueryOptions } from "@/components/list/query";
import { type AppNames, appName } from "@/lib/apps";
import { formatListDateTime, formatVnd } from "@/lib/format";
import type { PackageDto } from "@/server/package/schema";

const SORTS = ["name", "description", "price", "created_at"] as const;

/** The server sorted the page; the table keeps its order instead of sorting again. */
const serverOrder = () => 0;

type Props = {
  timeZone: string;
  /** App code → the name a person reads (lib/apps). */
  appNames: AppNames;
};

/** /package: the active catalog (SPEC §2), filtered by app, sorted by the server. */
export function PackageTable({ timeZone, appNames }: Props) {
  const t = useTranslations("account.packages");
  const locale = useLocale();

  const columns = useMemo<ColumnDef<PackageDto>[]>(
    () => [
      {
        id: "name",
        header: t("name"),
        accessorFn: (row) => row.name,
        enableSorting: true,
        sortingFn: serverOrder,
        // The catalog's name is already words ("Sales Business 3"); the wire code stays off screen.
        cell: ({ row }) => <span className="font-medium text-gray-900">{row.original.name}</span>,
        meta: { className: "min-w-36" },
      },
      {
        id: "app",
        header: t("app"),
        accessorFn: (row) => appName(row.app_code, appNames),
      },
      {
        id: "description",
        header: t("description"),
        accessorFn: (row) => row.description || "--",
        enableSorting: true,
        sortingFn: serverOrder,
        meta: { className: "min-w-48", wrap: true },
      },
      {
        id: "months",
        header: t("months"),
        accessorFn: (row) => row.months,
        cell: ({ row }) =>
          row.original.bonus_months > 0
            ? t("monthsWithBonus", { months: row.original.months, bonus: row.original.bonus_months })
            : t("monthsOnly", { months: row.original.months }),
        meta: { className: "tabular-nums" },
      },
      {
        id: "price",
        header: t("price"),
        accessorFn: (row) => row.price,
        enableSorting: true,
        sortingFn: serverOrder,
        cell: ({ row }) => formatVnd(row.original.price, locale),
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        enableSorting: true,
        sortingFn: serverOrder,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
    ],
    [t, locale, timeZone, appNames],
  );

  // Every app of the family: SPEC's four and what APPS_CONFIG adds (issue 25).
  const apps = useMemo(() => Object.keys(appNames), [appNames]);
  const options = useMemo<ListQueryOptions>(() => ({ filters: { app_code: apps }, sortable: SORTS }), [apps]);
  const appOptions = useMemo(
    () => [
      { value: "", label: t("allApps") },
      ...apps.map((code) => ({
        value: code,
        label: appName(code, appNames),
      })),
    ],
    [t, appNames, apps],
  );

  return (
    // The catalog has no date filter (SPEC §2: by app only; /package/list ignores from/to), so the
    // list toolbar's date range is left out.
    <div className="[&_fieldset]:hidden">
      <ListScreen
        path="/package/list"
        columns={columns}
        getRowId={(row) => row._id}
        label={t("title")}
        timeZone={timeZone}
        options={options}
        filters={(list) => (
          <FilterSelect
            label={t("appFilter")}
            className="col-span-2"
            value={list.state.filters.app_code ?? ""}
            options={appOptions}
            onChange={(value) => list.setFilter("app_code", value || undefined)}
          />
        )}
      />
    </div>
  );
}
