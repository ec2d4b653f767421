"use client";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { type ColumnSpec, cardSlots, columnKit, type RowActions, toColumnDef } from "./columns";
import { DataTable, type SortingState } from "./data-table";
import { DateRangeFilter } from "./date-range-filter";
import { ExportLink, exportHref } from "./export-link";
import { FilterControl, type ListView, queryOptions, sortsOnServer } from "./filters";
import { ListFooter } from "./list-footer";
import { type ListContext, NONE, useListFormat } from "./list-format";
import type { ResolvedList } from "./list-types";
import { PageSizeSelect } from "./page-size-select";
import { pageCount } from "./pager";
import { listRequestBody } from "./query";
import { useReturnFocus } from "./return-focus";
import { RowOpener } from "./row-opener";
import { useList } from "./use-list";
import { useListQuery } from "./use-list-query";
import { useReloadList } from "./use-reload-list";

const EMPTY: never[] = [];
/** One empty sorting for every render: a new [] each time makes the table render again. */
const UNSORTED: SortingState = [];
const TOOLBAR = "grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap";

/**
 * A declared list's whole screen body: the toolbar (summary and CSV link, filters, date range),
 * the table, the footer with the page size, all in the URL query; a refused call shows the
 * server's message in a red toast (SPEC §8) and an error row; the row's dialogs beside it.
 */
export function ListScreen<R extends { _id: string }, P>({
  list: declared,
  ctx,
}: {
  list: ResolvedList<R, P>;
  ctx: ListContext;
}) {
  const f = useListFormat(declared.messages, ctx);
  const toast = useToast();
  const { show } = toast;
  const reload = useReloadList(declared.call);
  const { remember, restore } = useReturnFocus();
  const [active, setActive] = useState<{ dialog: string; row: R } | null>(null);
  const actions = useMemo<RowActions<R>>(
    () => ({
      open: (dialog, row, opener) => {
        remember(opener ?? null);
        setActive({ dialog, row });
      },
    }),
    [remember],
  );
  const close = useCallback(() => {
    setActive(null);
    restore();
  }, [restore]);

  const specs = useMemo(
    () =>
      cardSlots(
        declared.columns(columnKit<R>(), ctx).filter((spec): spec is ColumnSpec<R> => spec !== false),
      ),
    [declared, ctx],
  );
  const serverSort = sortsOnServer(declared.query);
  const columns = useMemo(
    () => specs.map((spec) => toColumnDef(spec, f, actions, serverSort)),
    [specs, f, actions, serverSort],
  );
  const sortable = specs
    .filter((spec) => spec.sort)
    .map((spec) => spec.id)
    .join(" ");
  const options = useMemo(
    () => queryOptions(declared.filters, sortable ? sortable.split(" ") : [], ctx),
    [declared.filters, sortable, ctx],
  );

  const list = useListQuery(options);
  const { state, setPage } = list;
  const body = useMemo(() => listRequestBody(state, ctx.timeZone), [state, ctx.timeZone]);
  const { data, error, isLoading } = useList<R>(declared.call, body);

  useEffect(() => {
    if (error) show("error", error.message);
  }, [error, show]);

  // A page past the end (an old link, a smaller result after a filter) goes to the last page.
  const lastPage = data ? pageCount(data.total, state.size) : 1;
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

  const rows = error || !data ? (EMPTY as R[]) : data.items;
  const sorting = useMemo<SortingState>(() => (state.sort ? [state.sort] : UNSORTED), [state.sort]);
  // The answer may carry more than the rows (the commission total): the summary reads it.
  const view: ListView<P> = { list, page: data as ListView<P>["page"], error, isLoading, f };

  const screen = (
    <div className="flex flex-col gap-4">
      <div className={declared.toolbarClassName ?? TOOLBAR}>
        {(declared.summary || declared.export) && <SummaryBar list={declared} view={view} />}
        {declared.filters.map((spec, i) => (
          <FilterControl key={spec.kind === "custom" ? `custom-${i}` : spec.name} spec={spec} view={view} />
        ))}
        {declared.dateRange !== false && (
          <DateRangeFilter from={state.from} to={state.to} timeZone={ctx.timeZone} onChange={list.setRange} />
        )}
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(row) => row._id}
        label={f.t("title")}
        loading={isLoading}
        error={error?.message}
        sorting={sorting}
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

  return (
    <>
      {specs.some((spec) => spec.opensRow) ? <RowOpener>{screen}</RowOpener> : screen}
      {Object.entries(declared.dialogs).map(([name, Dialog]) => (
        <Dialog
          key={name}
          row={active?.dialog === name ? active.row : null}
          close={close}
          open={actions.open}
          reload={reload}
          toast={show}
          ctx={ctx}
        />
      ))}
    </>
  );
}

/**
 * The line above a list's filters: its summary (a total of the whole filtered list, from the same
 * call as the table) and its CSV link, which carries the days and filters on screen.
 */
function SummaryBar<R, P>({ list, view }: { list: ResolvedList<R, P>; view: ListView<P> }) {
  const { summary, export: csv } = list;
  const { f, page, error, isLoading } = view;
  const link = csv && (
    <ExportLink href={exportHref(csv.path, view.list.state, csv.filters)} label={f.t(csv.label)} />
  );
  if (!summary) return <div className="col-span-2 flex justify-end sm:basis-full">{link}</div>;
  const value = !error && !isLoading && page ? summary.value(page, f) : NONE;
  return (
    <div className="col-span-2 flex flex-col gap-3 sm:basis-full sm:flex-row sm:items-center sm:justify-between">
      <div className="rounded-lg bg-brand-50 px-4 py-2" aria-live="polite">
        <p className="text-sm text-gray-700">
          {f.t(summary.label)}:{" "}
          <strong className="text-lg font-semibold tabular-nums text-gray-900" data-testid={summary.testId}>
            {value}
          </strong>
        </p>
        <p className="text-xs text-gray-600">{f.t(summary.hint)}</p>
      </div>
      {link}
    </div>
  );
}
