"use client";
import type { ReactNode } from "react";
import { StatusBadge } from "@/components/commerce/status-badge";
import { type MenuAction, MenuButton } from "@/components/ui/menu-button";
import { go } from "@/lib/http/client";
import type { ColumnDef } from "./data-table";
import { EmailText } from "./email-text";
import { type ListFormat, NONE } from "./list-format";
import { ROW_OPEN } from "./row-opener";
import { SignedAmount } from "./signed-amount";

/**
 * Where a cell goes on a phone card (below `sm` every list is cards): its heading, its amount (top
 * right), its status, its actions, a labelled line, or nowhere. Unset, `cardSlots` guesses.
 */
export type CardSlot = "title" | "amount" | "status" | "actions" | "line" | "hidden";

/** What a builder made, for `cardSlots`' guess: money, a date, a status badge or the row's actions. */
type ColumnKind = "money" | "date" | "status" | "actions";

/** What a cell may do to its row: open one of the list's dialogs (`opener` gets focus back after). */
export type RowActions<R> = { open: (dialog: string, row: R, opener?: HTMLElement | null) => void };

/** One column of a declared list: its catalog header, its value and how its cell shows it. */
export type ColumnSpec<R> = {
  id: string;
  /** A catalog key; `{ hidden }` names the column to screen readers only (a row's actions). */
  header: string | { hidden: string };
  /** What sorting and the phone cards read (a card leaves out a blank or `--` value). */
  value?: (row: R, f: ListFormat) => unknown;
  /** The cell; without one the value shows as text. */
  cell?: (row: R, f: ListFormat, actions: RowActions<R>) => ReactNode;
  /** Sortable (by the server when the list's query takes `sort`, else the page on screen). */
  sort?: boolean;
  className?: string;
  /** Cells may wrap (long text). */
  wrap?: boolean;
  card?: CardSlot;
  /** A click anywhere on the row presses this column's button (the row's detail). */
  opensRow?: boolean;
  /** Set by the builders: what `cardSlots` guesses from. */
  kind?: ColumnKind;
  /** The amount that matters most (`vnd(…, { strong })`): the card's amount before other money. */
  strong?: boolean;
};

type Layout = Pick<ColumnSpec<never>, "sort" | "className" | "wrap" | "card" | "opensRow">;
type TextOptions = Layout & { span?: string; orNone?: boolean };
type Read<R, V> = (row: R, f: ListFormat) => V;
/** A column named after a field of the row reads it; any other names its `value`. */
type Field<R, K extends string, V, O> = K extends keyof R
  ? R[K] extends V
    ? [options?: O & { value?: Read<R, V> }]
    : [options: O & { value: Read<R, V> }]
  : [options: O & { value: Read<R, V> }];

export type MenuItem<R> = {
  /** The item's catalog key ("menu.detail"). */
  label: string;
  /** Only for the rows it suits (a pending order can be cancelled). */
  when?: (row: R) => boolean;
  /** Destructive (cancel, hide): red. */
  danger?: boolean;
} & ({ open: string } | { go: (row: R) => string });

/** The items most row menus have, and the menu's name after the row's reference ("Actions for OD…"). */
export const rowMenu = {
  detail: { label: "menu.detail", open: "detail" } as const,
  /** `menu.cancel`, red, for the rows `when` allows; opens the list's `cancel` dialog. */
  cancel: <R,>(when: (row: R) => boolean): MenuItem<R> => ({
    label: "menu.cancel",
    open: "cancel",
    when,
    danger: true,
  }),
  byReference: (row: { reference_no: string }, f: ListFormat) =>
    f.t("menu.label", { reference: row.reference_no }),
};

type AnyStatus = Parameters<typeof StatusBadge>[0]["status"];
type StatusKind = NonNullable<Parameters<typeof StatusBadge>[0]["kind"]>;

const NUMBER = "text-right tabular-nums";
const DATE = "min-w-24 tabular-nums";
const OPEN_BUTTON =
  "inline-flex min-h-10 items-center rounded-lg px-2 text-sm font-semibold text-brand-600 hover:bg-brand-50";

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

/** Only the layout of a builder's options goes into its column. */
const layout = (o: Layout | undefined): Layout => {
  const out: Layout = {};
  if (o?.sort !== undefined) out.sort = o.sort;
  if (o?.className !== undefined) out.className = o.className;
  if (o?.wrap !== undefined) out.wrap = o.wrap;
  if (o?.card !== undefined) out.card = o.card;
  if (o?.opensRow !== undefined) out.opensRow = o.opensRow;
  return out;
};

function reader<R, V>(id: string, value: Read<R, V> | undefined): Read<R, V> {
  return value ?? ((row) => (row as unknown as Record<string, V>)[id] as V);
}

/**
 * The column builders a declaration's `columns` gets, typed by the list's row: shared formatters
 * (money, dates, app names, statuses, signed amounts, references) so a screen writes only what is
 * its own.
 */
export function columnKit<R>() {
  /**
   * A column reading `id` (or `o.value`), perhaps `map`ped to what it shows (the value sorting and
   * the cards see), drawn by `show` (else as text); `defaults` lay it out unless `o` says.
   */
  function make<V, S = V>(
    id: string,
    header: string,
    o: (Layout & { value?: Read<R, V> }) | undefined,
    defaults: Layout,
    show?: (value: S, row: R, f: ListFormat) => ReactNode,
    map?: (value: V, f: ListFormat) => S,
  ): ColumnSpec<R> {
    const read = reader<R, V>(id, o?.value);
    const value: Read<R, S> = map ? (row, f) => map(read(row, f), f) : (read as unknown as Read<R, S>);
    const spec: ColumnSpec<R> = { id, header, ...defaults, ...layout(o), value };
    if (show) spec.cell = (row, f) => show(value(row, f), row, f);
    return spec;
  }
  const orNone = (on: boolean | undefined) => (on ? (v: unknown) => (isEmpty(v) ? NONE : v) : undefined);

  return {
    /** Plain text; `span` wraps it in classes, `orNone` shows `--` for nothing. */
    text<K extends string>(id: K, header: string, ...[o]: Field<R, K, unknown, TextOptions>) {
      const span = o?.span;
      const show = span ? (v: unknown) => <span className={span}>{String(v)}</span> : undefined;
      return make(id, header, o, {}, show, orNone(o?.orNone));
    },
    /** A reference number in a monospace face. */
    mono<K extends string>(
      id: K,
      header: string,
      ...[o]: Field<R, K, unknown, Layout & { orNone?: boolean }>
    ) {
      const show = (v: unknown) => <span className="font-mono text-xs">{String(v)}</span>;
      return make(id, header, o, {}, show, orNone(o?.orNone));
    },
    /** Money in VND, right-aligned; `strong` for the amount that matters most. */
    vnd<K extends string>(id: K, header: string, ...[o]: Field<R, K, number, Layout & { strong?: boolean }>) {
      const spec = make<number>(id, header, o, { className: NUMBER }, (v, _, f) =>
        o?.strong ? <span className="font-semibold text-gray-900">{f.vnd(v)}</span> : f.vnd(v),
      );
      return { ...spec, kind: "money" as const, strong: o?.strong };
    },
    /** An amount a log row added (+, green) or took (-, red); two decimals unless `format` says. */
    signed<K extends string>(
      id: K,
      header: string,
      ...[o]: Field<R, K, number, Layout & { format?: (value: number, row: R, f: ListFormat) => string }>
    ) {
      const format = o?.format;
      const spec = make<number>(id, header, o, { className: NUMBER }, (v, row, f) => (
        <SignedAmount value={v} format={(n) => (format ? format(n, row, f) : f.decimal(n))} />
      ));
      return { ...spec, kind: "money" as const };
    },
    /** A date and time of the person's zone, `--` when there is none. */
    date<K extends string>(id: K, header: string, ...[o]: Field<R, K, string | null | undefined, Layout>) {
      const spec = make<string | null | undefined>(
        id,
        header,
        o,
        { className: DATE, wrap: true },
        (v, _, f) => f.date(v),
      );
      return { ...spec, kind: "date" as const };
    },
    /** An app's name from its code (lib/apps), `--` when there is none. */
    app<K extends string>(id: K, header: string, ...[o]: Field<R, K, string | null | undefined, Layout>) {
      return make<string | null | undefined, string>(id, header, o, {}, undefined, (code, f) => f.app(code));
    },
    /** An email address that may break before its "@" rather than widen the table. */
    email<K extends string>(
      id: K,
      header: string,
      ...[o]: Field<R, K, string | null | undefined, Layout & { orNone?: boolean }>
    ) {
      const none = o?.orNone ? NONE : "";
      return make<string | null | undefined, string>(
        id,
        header,
        o,
        { wrap: true },
        (v) => <EmailText email={v} />,
        (v) => v || none,
      );
    },
    /** A status as its coloured badge (orders and payments by default; `kind` for the others). */
    status<K extends string>(
      id: K,
      header: string,
      ...[o]: Field<R, K, string, Layout & { kind?: StatusKind }>
    ) {
      const kind = o?.kind;
      const spec = make<string>(id, header, o, {}, (v) => (
        <StatusBadge status={v as AnyStatus} kind={kind} />
      ));
      return { ...spec, kind: "status" as const };
    },
    /** A column of the screen's own making. */
    cell<K extends string>(
      id: K,
      header: string,
      cell: (row: R, f: ListFormat, actions: RowActions<R>) => ReactNode,
      ...[o]: Field<R, K, unknown, Layout>
    ): ColumnSpec<R> {
      return { ...make(id, header, o, {}), cell };
    },
    /** The row's menu of actions (a dialog to open, or a page to go to), named by `label`. */
    menu(label: (row: R, f: ListFormat) => string, items: MenuItem<R>[], o?: Layout): ColumnSpec<R> {
      return {
        id: "actions",
        header: { hidden: "actions" },
        className: "w-12 text-right",
        kind: "actions",
        card: "actions",
        ...layout(o),
        cell: (row, f, actions) => {
          const shown: MenuAction[] = items
            .filter((item) => !item.when || item.when(row))
            .map((item) => ({
              key: "open" in item ? item.open : item.label,
              label: f.t(item.label),
              isDanger: item.danger,
              onSelect: () => ("open" in item ? actions.open(item.open, row) : go(item.go(row))),
            }));
          return <MenuButton label={label(row, f)} actions={shown} testId="row-menu" />;
        },
      };
    },
    /** The row's own button to its detail (`text`, named by `label`); a click on the row presses it. */
    open(dialog: string, o: { text: string; label: (row: R, f: ListFormat) => string }): ColumnSpec<R> {
      return {
        id: "actions",
        header: { hidden: "actions" },
        className: "text-right",
        opensRow: true,
        kind: "actions",
        card: "actions",
        cell: (row, f, actions) => (
          <button
            type="button"
            {...ROW_OPEN}
            onClick={(event) => actions.open(dialog, row, event.currentTarget)}
            aria-label={o.label(row, f)}
            className={OPEN_BUTTON}
          >
            {f.t(o.text)}
          </button>
        ),
      };
    },
  };
}

export type ColumnKit<R> = ReturnType<typeof columnKit<R>>;

/**
 * Every list's phone card, guessed from its columns where they do not say (`card`): the row's
 * actions (its menu or Detail button), its status badge, its money (the `strong` one first) as
 * the amount, and the first column that is none of these nor a date as the title; the rest are
 * labelled lines. A list whose guess is wrong says `card` on the columns concerned.
 */
export function cardSlots<R>(specs: readonly ColumnSpec<R>[]): ColumnSpec<R>[] {
  const slots = new Map<ColumnSpec<R>, CardSlot>();
  const said = new Set(specs.flatMap((spec) => (spec.card ? [spec.card] : [])));
  const guess = (slot: CardSlot, candidates: readonly ColumnSpec<R>[]) => {
    const chosen = candidates.find((spec) => !spec.card && !slots.has(spec));
    if (!said.has(slot) && chosen) slots.set(chosen, slot);
  };
  for (const spec of specs) {
    if (!spec.card && (spec.kind === "actions" || spec.id === "actions")) slots.set(spec, "actions");
  }
  guess(
    "status",
    specs.filter((spec) => spec.kind === "status"),
  );
  const money = specs.filter((spec) => spec.kind === "money");
  guess("amount", [...money.filter((spec) => spec.strong), ...money]);
  guess(
    "title",
    specs.filter((spec) => !spec.kind),
  );
  return specs.map((spec) => {
    const slot = spec.card ?? slots.get(spec);
    return slot ? { ...spec, card: slot } : spec;
  });
}

/** The server sorted the page; the table keeps its order instead of sorting again. */
const serverOrder = () => 0;

/** A declared column as the table takes it (tanstack's ColumnDef). */
export function toColumnDef<R>(
  spec: ColumnSpec<R>,
  f: ListFormat,
  actions: RowActions<R>,
  serverSort: boolean,
): ColumnDef<R> {
  const { header, value, cell, sort, className, wrap, card } = spec;
  const meta = className || wrap || card ? { className, wrap, card } : undefined;
  return {
    id: spec.id,
    header:
      typeof header === "string" ? f.t(header) : () => <span className="sr-only">{f.t(header.hidden)}</span>,
    ...(value && { accessorFn: (row: R) => value(row, f) }),
    ...(cell && { cell: ({ row }: { row: { original: R } }) => cell(row.original, f, actions) }),
    ...(sort && { enableSorting: true, ...(serverSort && { sortingFn: serverOrder }) }),
    meta,
  };
}
