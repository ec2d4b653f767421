"use client";
import {
  type Cell,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type Row,
  type RowData,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { ScrollRegion } from "@/components/ui/scroll-region";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (alignment, width). */
    className?: string;
    /** Cells may wrap (long text); others stay on one line. */
    wrap?: boolean;
    /**
     * Where the cell goes on a phone card: the card's heading, its amount (top right, never
     * hidden), its status (under the heading), its actions (beside the status), a labelled line
     * (the default) or nowhere. components/list/columns.tsx `cardSlots` fills it in for a list.
     */
    card?: "title" | "amount" | "status" | "actions" | "line" | "hidden";
    /** The line's label on a card when the header is not plain text. */
    label?: string;
  }
}

export type { ColumnDef, SortingState };

type Props<T> = {
  /** Columns are sortable only when they set `enableSorting: true`. */
  columns: ColumnDef<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  /** The table's accessible name (the page title). */
  label: string;
  loading?: boolean;
  /** A failed load: shown as a row instead of the data. */
  error?: string;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
};

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

const isBlank = (value: unknown) => value === null || value === undefined || value === "" || value === "--";

/** One empty sorting for every render: a new [] each time would make the table re-render forever. */
const UNSORTED: SortingState = [];

/**
 * The one table of every list (STYLE.md: a wrapped tanstack table): a loader row while the first
 * page loads, a 'no data' row when empty, an error row, sortable headers where a column says so
 * (the page on screen is sorted; the server keeps its own order). Below the `sm` breakpoint every
 * list is cards instead (issue 39: a table scrolling sideways hid amount, status and Detail): the
 * title and the amount on top, the status and the row's actions under them, the other columns as
 * labelled lines.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  label,
  loading = false,
  error,
  sorting = UNSORTED,
  onSortingChange,
}: Props<T>) {
  const t = useTranslations("list");
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    state: { sorting },
    onSortingChange: (updater) =>
      onSortingChange?.(typeof updater === "function" ? updater(sorting) : updater),
    enableMultiSort: false,
    defaultColumn: { enableSorting: false },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const columnCount = table.getVisibleLeafColumns().length;
  const refreshing = loading && rows.length > 0;

  let message: React.ReactNode = null;
  if (error) {
    message = <span className="text-red-700">{error}</span>;
  } else if (loading && rows.length === 0) {
    message = (
      <span role="status" className="inline-flex items-center gap-2 text-gray-600">
        <span
          aria-hidden
          className="size-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
        />
        {t("loading")}
      </span>
    );
  } else if (rows.length === 0) {
    message = <span className="text-gray-500">{t("noData")}</span>;
  }

  const tableView = (
    <ScrollRegion label={label} className="relative hidden rounded-lg ring-1 ring-gray-200 sm:block">
      {refreshing && (
        <span role="status" className="sr-only">
          {t("loading")}
        </span>
      )}
      <table aria-label={label} aria-busy={loading || undefined} className="min-w-full text-left text-sm">
        <thead className="bg-gray-50 text-xs font-semibold uppercase tracking-wide text-gray-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const className = header.column.columnDef.meta?.className ?? "";
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={header.column.getCanSort() ? (sorted ? ARIA_SORT[sorted] : "none") : undefined}
                    className={`px-2.5 py-3 align-bottom ${className}`}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 rounded text-left uppercase hover:text-gray-900"
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden className={sorted ? "text-brand-600" : "text-gray-400"}>
                          {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={`divide-y divide-gray-100 bg-white ${refreshing ? "opacity-60" : ""}`}>
          {message ? (
            <tr>
              <td colSpan={columnCount} className="px-2.5 py-8 text-center">
                {message}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="hover:bg-gray-50">
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-2.5 py-3 text-gray-800 ${cell.column.columnDef.meta?.wrap ? "whitespace-normal" : "whitespace-nowrap"} ${cell.column.columnDef.meta?.className ?? ""}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
  const cellsOf = (row: Row<T>) => {
    const slot = (name: "title" | "amount" | "status" | "actions") =>
      row.getVisibleCells().filter((cell) => cell.column.columnDef.meta?.card === name);
    // A card leaves out the lines with nothing to say (a table keeps the column and its "--").
    const lines = row.getVisibleCells().filter((cell) => {
      const card = cell.column.columnDef.meta?.card;
      return (!card || card === "line") && !isBlank(cell.getValue());
    });
    return {
      title: slot("title"),
      amount: slot("amount"),
      status: slot("status"),
      actions: slot("actions"),
      lines,
    };
  };
  const render = (cell: Cell<T, unknown>) => flexRender(cell.column.columnDef.cell, cell.getContext());
  const labelOf = (cell: Cell<T, unknown>) => {
    const { header, meta } = cell.column.columnDef;
    return meta?.label ?? (typeof header === "string" ? header : "");
  };

  return (
    <>
      {refreshing && (
        <span role="status" className="sr-only sm:hidden">
          {t("loading")}
        </span>
      )}
      <ul
        aria-label={label}
        aria-busy={loading || undefined}
        data-testid="list-cards"
        className={`divide-y divide-gray-100 rounded-lg bg-white ring-1 ring-gray-200 sm:hidden ${refreshing ? "opacity-60" : ""}`}
      >
        {message ? (
          <li className="px-3 py-8 text-center text-sm">{message}</li>
        ) : (
          table.getRowModel().rows.map((row) => {
            const { title, amount, status, actions, lines } = cellsOf(row);
            return (
              <li key={row.id} data-testid="list-card" className="flex flex-col gap-2 px-3 py-3 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0 break-words font-medium text-gray-900">
                    {title.map((cell) => (
                      <div key={cell.id}>{render(cell)}</div>
                    ))}
                  </div>
                  {amount.map((cell) => (
                    <div
                      key={cell.id}
                      data-testid="list-card-amount"
                      className="shrink-0 whitespace-nowrap text-right font-semibold tabular-nums"
                    >
                      {render(cell)}
                    </div>
                  ))}
                </div>
                {(status.length > 0 || actions.length > 0) && (
                  <div className="flex min-h-10 flex-wrap items-center justify-between gap-2">
                    <div className="flex flex-wrap items-center gap-2">
                      {status.map((cell) => (
                        <div key={cell.id} data-testid="list-card-status">
                          {render(cell)}
                        </div>
                      ))}
                    </div>
                    <div className="ml-auto flex items-center gap-1">
                      {actions.map((cell) => (
                        <div key={cell.id}>{render(cell)}</div>
                      ))}
                    </div>
                  </div>
                )}
                {lines.length > 0 && (
                  <dl className="grid grid-cols-[minmax(0,38%)_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                    {lines.map((cell) => (
                      <div key={cell.id} className="contents">
                        <dt className="text-gray-500">{labelOf(cell)}</dt>
                        <dd className="min-w-0 break-words text-gray-800">{render(cell)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })
        )}
      </ul>
      {tableView}
    </>
  );
}
