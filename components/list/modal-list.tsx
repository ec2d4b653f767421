"use client";
import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useMemo, useState } from "react";
import { formatNumber } from "@/lib/format";
import {
  type ColumnKit,
  type ColumnSpec,
  cardSlots,
  columnKit,
  type RowActions,
  toColumnDef,
} from "./columns";
import { DataTable } from "./data-table";
import type { ListContext, ListFormat, TranslationValues } from "./list-format";
import { pageCount, pageWindow, shownRange, TOTAL_CAP } from "./pager";
import { useList } from "./use-list";

/** SPEC §9: the lists inside a modal (store list, customer detail) show 20 a page. */
const PAGE_SIZE = 20;
const NO_ROWS: never[] = [];

const STEP =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:text-gray-300";

/** A list inside a modal (the customer detail's tabs), declared as a list screen is. */
export type ModalListDeclaration<R> = {
  /** The /2.0 list call (SPEC §7: limit, offset and the list's own query). */
  call: string;
  columns: (c: ColumnKit<R>, ctx: ListContext) => (ColumnSpec<R> | false)[];
  /** Catalog keys of the table's name and of its pager's ("Pages of the store list"). */
  label: string;
  pages: string;
};

/**
 * One page of a declared modal list: the page lives in the modal, not in the address, and goes
 * back to the first when `query` (the call's body without paging) changes.
 */
export function useModalList<R>(declared: ModalListDeclaration<R>, query: Record<string, string | number>) {
  const key = JSON.stringify(query);
  const [at, setAt] = useState({ key, page: 1 });
  const page = at.key === key ? at.page : 1;
  const body = { ...query, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const { data, error, isLoading } = useList<R>(declared.call, body);
  const rows: R[] = error || !data ? NO_ROWS : data.items;
  const setPage = (next: number) => setAt({ key, page: next });
  return { declared, data, error, isLoading, rows, page, setPage };
}

export type ModalList<R> = ReturnType<typeof useModalList<R>>;

/**
 * A modal list's table and its footer ('showing X–Y of Z' and five page buttons). A cell's
 * `actions.open(dialog, row, opener)` calls `onOpen`.
 */
export function ModalTable<R extends { _id: string }>({
  list,
  f,
  values,
  onOpen,
}: {
  list: ModalList<R>;
  f: ListFormat;
  /** What the table's name says ({ email }). */
  values?: TranslationValues;
  /** Stable: the columns (and so their buttons) are rebuilt when it changes. */
  onOpen?: (dialog: string, row: R, opener: HTMLElement | null) => void;
}) {
  const { columns, label, pages } = list.declared;
  const { data, error, rows } = list;
  const defs = useMemo(() => {
    const actions: RowActions<R> = { open: (dialog, row, opener) => onOpen?.(dialog, row, opener ?? null) };
    return cardSlots(
      columns(columnKit<R>(), f.ctx).filter((spec): spec is ColumnSpec<R> => spec !== false),
    ).map((spec) => toColumnDef(spec, f, actions, false));
  }, [columns, f, onOpen]);
  return (
    <>
      <DataTable
        columns={defs}
        rows={rows}
        getRowId={(row) => row._id}
        label={f.t(label, values)}
        loading={list.isLoading}
        error={error?.message}
      />
      <ModalPager
        page={list.page}
        total={error ? 0 : (data?.total ?? 0)}
        offset={data?.offset ?? 0}
        rowCount={rows.length}
        label={f.t(pages)}
        onPage={list.setPage}
      />
    </>
  );
}

/** Buttons, not links: the page lives in the modal, not in the address. */
function ModalPager({
  page,
  total,
  offset,
  rowCount,
  label,
  onPage,
}: {
  page: number;
  total: number;
  offset: number;
  rowCount: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const t = useTranslations("list");
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  const count = pageCount(total, PAGE_SIZE);
  const { from, to } = shownRange(offset, rowCount);
  const totalText = total > TOTAL_CAP ? `${number(TOTAL_CAP)}+` : number(total);
  const step = (target: number, text: string, icon: ReactNode, enabled: boolean) => (
    <button
      type="button"
      disabled={!enabled}
      onClick={() => onPage(target)}
      aria-label={text}
      className={`${STEP} text-gray-700 hover:bg-gray-100 disabled:hover:bg-transparent`}
    >
      <span aria-hidden className="text-lg">
        {icon}
      </span>
    </button>
  );
  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-gray-600" data-testid="modal-showing">
        {t("showing", { from: number(from), to: number(to), total: totalText })}
      </p>
      {count > 1 && (
        <nav aria-label={label}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>{step(page - 1, t("previous"), "‹", page > 1)}</li>
            {pageWindow(page, count).map((n) => (
              <li key={n}>
                <button
                  type="button"
                  onClick={() => onPage(n)}
                  aria-label={t("page", { page: n })}
                  aria-current={n === page ? "page" : undefined}
                  className={`${STEP} ${n === page ? "bg-brand-500 text-white" : "text-gray-700 hover:bg-gray-100"}`}
                >
                  {number(n)}
                </button>
              </li>
            ))}
            <li>{step(page + 1, t("next"), "›", page < count)}</li>
          </ul>
        </nav>
      )}
    </div>
  );
}
