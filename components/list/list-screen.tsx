"use client";
import { type ReactNode, useEffect, useMemo } from "react";
import { useToast } from "@/components/ui/toast";
import { type ColumnDef, DataTable, type SortingState } from "./data-table";
import { DateRangeFilter } from "./date-range-filter";
import { ListFooter } from "./list-footer";
import { PageSizeSelect } from "./page-size-select";
import { pageCount } from "./pager";
import { type ListQueryOptions, listRequestBody } from "./query";
import { useList } from "./use-list";
import { type ListQueryApi, useListQuery } from "./use-list-query";

type Props<T> = {
  /** The /2.0 list call (SPEC §7). */
  path: string;
  columns: ColumnDef<T>[];
  getRowId: (row: T) => string;
  /** The table's accessible name. */
  label: string;
  /** The person's time zone: date ranges are their days. */
  timeZone: string;
  /** The list's own filters and sortable columns; stable (module scope). */
  options: ListQueryOptions;
  /** Filters before the date range (e.g. the credit log type). */
  filters?: (list: ListQueryApi) => ReactNode;
  /** Rows as cards on phones (DataTable `cards`): for lists whose table does not fit 390 px. */
  cards?: boolean;
};

const EMPTY: never[] = [];

/**
 * A whole list screen body: filters and the date range, the page size, the table and the footer,
 * all in the URL query; a refused call shows the server's message in a red toast (SPEC §8) and an
 * error row.
 */
export function ListScreen<T>({
  path,
  columns,
  getRowId,
  label,
  timeZone,
  options,
  filters,
  cards,
}: Props<T>) {
  const list = useListQuery(options);
  const { state } = list;
  const body = useMemo(() => listRequestBody(state, timeZone), [state, timeZone]);
  const { data, error, isLoading } = useList<T>(path, body);
  const toast = useToast();
  const { show } = toast;

  useEffect(() => {
    if (error) show("error", error.message);
  }, [error, show]);

  // A page past the end (an old link, a smaller result after a filter) goes to the last page.
  const lastPage = data ? pageCount(data.total, state.size) : 1;
  const { setPage } = list;
  useEffect(() => {
    if (
      !isLoading &&
      data &&
      data.offset === (state.page - 1) * state.size &&
      data.items.length === 0 &&
      data.total > 0 &&
      state.page > lastPage
    ) {
      setPage(lastPage);
    }
  }, [isLoading, data, state.page, state.size, lastPage, setPage]);

  const rows = error || !data ? (EMPTY as T[]) : data.items;
  const sorting: SortingState = state.sort ? [state.sort] : [];

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        {filters?.(list)}
        <DateRangeFilter from={state.from} to={state.to} timeZone={timeZone} onChange={list.setRange} />
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={getRowId}
        label={label}
        loading={isLoading || list.isPending}
        error={error?.message}
        sorting={sorting}
        cards={cards}
        onSortingChange={(next) => list.setSort(next[0] ? { id: next[0].id, desc: next[0].desc } : null)}
      />
      <ListFooter
        page={state.page}
        size={state.size}
        total={error ? 0 : (data?.total ?? 0)}
        offset={data?.offset ?? 0}
        rowCount={rows.length}
        hrefFor={(page) => list.hrefFor({ page })}
        onPage={list.setPage}
      >
        <PageSizeSelect value={state.size} onChange={list.setSize} />
      </ListFooter>
      {toast.view}
    </div>
  );
}
