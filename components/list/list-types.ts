// The types of a list declaration (define-list.tsx) and of the screen that renders it (list-screen.tsx).
import type { ComponentType } from "react";
import type { z } from "zod";
import type { ToastKind } from "@/components/ui/toast";
import type { ColumnKit, ColumnSpec } from "./columns";
import type { AnyQuery, FilterKit, FilterName, FilterSpec } from "./filters";
import type { ListContext, ListFormat, Messages } from "./list-format";

/** A list call's answer schema: `{ items, total }` (lib/list-query pageDto), perhaps with more. */
export type AnyPage = z.ZodType<{ items: { _id: string }[]; total: number }>;
export type RowOf<P extends AnyPage> = z.output<P>["items"][number];

/** What each of a list's dialogs gets: its row (null while closed) and the list's hands. */
export type ListDialogProps<R> = {
  /** The row the dialog was opened for; null when it is closed. */
  row: R | null;
  close: () => void;
  /** Opens another of the list's dialogs instead (the detail's Cancel opens the cancel dialog). */
  open: (dialog: string, row: R) => void;
  /** Reloads the list's pages (a row was cancelled or hidden). */
  reload: () => void;
  toast: (kind: ToastKind, message: string) => void;
  ctx: ListContext;
};

/** A total over the whole filtered list, shown above it (the commission total). */
export type ListSummary<P> = {
  /** Catalog keys of its label and of the line under it. */
  label: string;
  hint: string;
  value: (page: P, f: ListFormat) => string;
  testId: string;
};

export type ListDeclaration<Q extends AnyQuery, P extends AnyPage> = {
  /** The /2.0 list call (SPEC §7). */
  call: string;
  /** The call's zod query (server/<module>/schema.ts): filter names and values come from it. */
  query: Q;
  /** The call's answer (server/<module>/schema.ts): the rows' type comes from it. */
  page: P;
  /** The catalog namespace(s) of the list's words; the title is `title` of the first. */
  messages: Messages;
  columns: (c: ColumnKit<RowOf<P>>, ctx: ListContext) => (ColumnSpec<RowOf<P>> | false)[];
  /** The toolbar's filters, in order (the date range comes after them). */
  filters?: (f: FilterKit<Q, z.output<P>>) => FilterSpec<z.output<P>>[];
  /** SPEC §2/§5 date range; false for a list the server does not filter by date. */
  dateRange?: boolean;
  /** The row's dialogs by name, opened from the row menu (`open: "detail"`) or the row's button. */
  dialogs?: Record<string, ComponentType<ListDialogProps<RowOf<P>>>>;
  /** A CSV download of the filtered list: the days and these filters (all of them by default). */
  export?: { path: string; label: string; filters?: readonly FilterName<Q>[] };
  summary?: ListSummary<z.output<P>>;
  /** The toolbar's own layout, instead of the grid of two columns on phones and a row above. */
  toolbarClassName?: string;
};

/** A declaration as the screen renders it: the filters built once, the query's types behind it. */
export type ResolvedList<R, P> = Omit<
  ListDeclaration<AnyQuery, AnyPage>,
  "columns" | "filters" | "dialogs" | "export" | "summary"
> & {
  columns: (c: ColumnKit<R>, ctx: ListContext) => (ColumnSpec<R> | false)[];
  filters: FilterSpec<P>[];
  dialogs: Record<string, ComponentType<ListDialogProps<R>>>;
  export?: { path: string; label: string; filters: readonly string[] };
  summary?: ListSummary<P>;
};
