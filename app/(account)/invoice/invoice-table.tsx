"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ExportLink, exportHref } from "@/components/affiliate/export-link";
import { useReturnFocus } from "@/components/affiliate/return-focus";
import { ROW_OPEN, RowOpener } from "@/components/affiliate/row-opener";
import type { ColumnDef } from "@/components/list/data-table";
import { FilterSelect } from "@/components/list/filter-select";
import { ListScreen } from "@/components/list/list-screen";
import type { ListQueryOptions } from "@/components/list/query";
import { formatListDateTime, formatVnd } from "@/lib/format";
import { INVOICE_STATUSES, type InvoiceDto } from "@/server/invoice/schema";
import { InvoiceDetailDialog, InvoiceStatusBadge, monthText } from "./invoice-detail-dialog";

const PATH = "/invoice/my-invoice";
const OPTIONS: ListQueryOptions = { filters: { status: INVOICE_STATUSES } };
const NONE = "--";

/**
 * /invoice (SPEC §2): status and dates; total amount, created and paid dates, status; Detail
 * opens the invoice's commissions; a CSV of the filtered list.
 */
export function InvoiceTable({ timeZone }: { timeZone: string }) {
  const t = useTranslations("account.invoice");
  const locale = useLocale();
  const focus = useReturnFocus();
  const [open, setOpen] = useState<InvoiceDto | null>(null);

  const columns = useMemo<ColumnDef<InvoiceDto>[]>(
    () => [
      {
        id: "month",
        header: t("month"),
        accessorFn: (row) => monthText(row.month),
        meta: { className: "tabular-nums" },
      },
      {
        id: "total_amount",
        header: t("totalAmount"),
        accessorFn: (row) => row.total_amount,
        cell: ({ row }) => (
          <span className="font-semibold text-gray-900">{formatVnd(row.original.total_amount, locale)}</span>
        ),
        meta: { className: "text-right tabular-nums" },
      },
      {
        id: "created_at",
        header: t("createdAt"),
        accessorFn: (row) => row.created_at,
        cell: ({ row }) => formatListDateTime(row.original.created_at, timeZone),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "paid_at",
        header: t("paidAt"),
        accessorFn: (row) => row.paid_at,
        cell: ({ row }) => (row.original.paid_at ? formatListDateTime(row.original.paid_at, timeZone) : NONE),
        meta: { className: "min-w-24 tabular-nums", wrap: true },
      },
      {
        id: "status",
        header: t("status"),
        accessorFn: (row) => row.status,
        cell: ({ row }) => <InvoiceStatusBadge status={row.original.status} />,
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
            aria-label={t("detailOf", { month: monthText(row.original.month) })}
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

  const statusOptions = useMemo(
    () => [
      { value: "", label: t("allStatuses") },
      ...INVOICE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
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
              <div className="col-span-2 flex justify-end sm:basis-full">
                <ExportLink
                  href={exportHref("/invoice/export", list.state, ["status"])}
                  label={t("export")}
                />
              </div>
              <FilterSelect
                label={t("statusFilter")}
                className="col-span-2"
                value={list.state.filters.status ?? ""}
                options={statusOptions}
                onChange={(value) => list.setFilter("status", value || undefined)}
              />
            </>
          )}
        />
      </RowOpener>
      <InvoiceDetailDialog
        invoice={open}
        onClose={() => {
          setOpen(null);
          focus.restore();
        }}
        timeZone={timeZone}
      />
    </>
  );
}
