"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { EmailText } from "@/components/affiliate/email-text";
import { ExportLink, exportHref } from "@/components/affiliate/export-link";
import { useReturnFocus } from "@/components/affiliate/return-focus";
import { ROW_OPEN, RowOpener } from "@/components/affiliate/row-opener";
import type { ColumnDef } from "@/components/list/data-table";
import { FilterSelect } from "@/components/list/filter-select";
import { ListScreen } from "@/components/list/list-screen";
import { type ListQueryOptions, listRequestBody } from "@/components/list/query";
import { type ListPage, useList } from "@/components/list/use-list";
import type { ListQueryApi } from "@/components/list/use-list-query";
import { formatListDateTime, formatVnd } from "@/lib/format";
import { type CommissionDto, type CommissionPage, INVOICED_FILTERS } from "@/server/affiliate/schema";
import { CommissionDetailDialog, programName } from "./commission-detail-dialog";

const PATH = "/affilate/my-commission";
const OPTIONS: ListQueryOptions = { filters: { is_invoiced: INVOICED_FILTERS } };
const NONE = "--";

type Props = {
  timeZone: string;
  /** App code → product name. */
  appNames: Record<string, string>;
};

/**
 * /commission (SPEC §2): invoiced / not invoiced and dates, the total of the filtered list's
 * commission amounts, a CSV of it; a row opens the commission and its order's lines.
 */
export function CommissionTable({ timeZone, appNames }: Props) {
  const t = useTranslations("account.commission");
  const locale = useLocale();
  const focus = useReturnFocus();
  const [open, setOpen] = useState<CommissionDto | null>(null);

  const columns = useMemo<ColumnDef<CommissionDto>[]>(
    () => [
      {
        id: "email",
        header: t("email"),
        accessorFn: (row) => row.email,
        cell: ({ row }) => <EmailText email={row.original.email} />,
        meta: { wrap: true, className: "min-w-36" },
      },
      {
        id: "invoiced_at",
        header: t("invoiceDate"),
        accessorFn: (row) => row.invoiced_at,
        cell: ({ row }) =>
          row.original.invoiced_at ? formatListDateTime(row.original.invoiced_at, timeZone) : NONE,
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "order_amount",
        header: t("orderAmount"),
        accessorFn: (row) => row.order_amount,
        cell: ({ row }) => formatVnd(row.original.order_amount, locale),
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "amount",
        header: t("amount"),
        accessorFn: (row) => row.amount,
        cell: ({ row }) => (
          <span className="font-semibold text-gray-900">{formatVnd(row.original.amount, locale)}</span>
        ),
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "program",
        header: t("program"),
        accessorFn: (row) => programName(row.program, t("programDefault")),
      },
      {
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => (
          <button
            type="button"
            {...ROW_OPEN}
            onClick={(event) => {
              focus.remember(event.currentTarget);
              setOpen(row.original);
            }}
            aria-label={t("detailOf", {
              reference: row.original.order_reference_no,
              email: row.original.email,
            })}
            className="inline-flex min-h-10 items-center rounded-lg px-2 text-sm font-semibold text-brand-600 hover:bg-brand-50"
          >
            {t("detail")}
          </button>
        ),
        meta: { className: "text-right" },
      },
    ],
    [t, locale, timeZone, focus.remember],
  );

  const invoicedOptions = useMemo(
    () => [
      { value: "", label: t("allInvoiced") },
      ...INVOICED_FILTERS.map((value) => ({ value, label: t(`invoiced.${value}`) })),
    ],
    [t],
  );

  return (
    <>
      <RowOpener>
        <ListScreen
          path={PATH}
          columns={columns}
          getRowId={(row) => row._id}
          label={t("title")}
          timeZone={timeZone}
          options={OPTIONS}
          filters={(list) => (
            <>
              <CommissionSummary list={list} timeZone={timeZone} />
              <FilterSelect
                label={t("invoicedFilter")}
                className="col-span-2"
                value={list.state.filters.is_invoiced ?? ""}
                options={invoicedOptions}
                onChange={(value) => list.setFilter("is_invoiced", value || undefined)}
              />
            </>
          )}
        />
      </RowOpener>
      <CommissionDetailDialog
        commission={open}
        onClose={() => {
          setOpen(null);
          focus.restore();
        }}
        timeZone={timeZone}
        appNames={appNames}
      />
    </>
  );
}

/**
 * The total of the commission amounts of the whole filtered list (every page), from the same
 * call as the table (one request), and the CSV of that list.
 */
function CommissionSummary({ list, timeZone }: { list: ListQueryApi; timeZone: string }) {
  const t = useTranslations("account.commission");
  const locale = useLocale();
  const body = useMemo(() => listRequestBody(list.state, timeZone), [list.state, timeZone]);
  const { data, error, isLoading } = useList<CommissionDto>(PATH, body);
  const page = data as (ListPage<CommissionDto> & Pick<CommissionPage, "total_amount">) | undefined;
  const total = !error && !isLoading && page ? formatVnd(page.total_amount, locale) : NONE;
  return (
    <div className="col-span-2 flex flex-col gap-3 sm:basis-full sm:flex-row sm:items-center sm:justify-between">
      <div className="rounded-lg bg-brand-50 px-4 py-2" aria-live="polite">
        <p className="text-sm text-gray-700">
          {t("totalLabel")}:{" "}
          <strong className="text-lg font-semibold tabular-nums text-gray-900" data-testid="commission-total">
            {total}
          </strong>
        </p>
        <p className="text-xs text-gray-600">{t("totalHint")}</p>
      </div>
      <ExportLink href={exportHref("/commission/export", list.state, ["is_invoiced"])} label={t("export")} />
    </div>
  );
}
