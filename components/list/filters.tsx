"use client";
import type { ReactNode } from "react";
import { z } from "zod";
import { FilterSelect } from "./filter-select";
import type { ListContext, ListFormat } from "./list-format";
import type { ListQueryOptions } from "./query";
import { anyText, SearchFilter } from "./search-filter";
import type { ListQueryApi } from "./use-list-query";

/** A list query schema: SPEC §7's limit, offset and dates, and the list's own filters. */
export type AnyQuery = z.ZodObject;
/** The keys every list query has; the rest are the list's filters. */
type Reserved = "limit" | "offset" | "from_date" | "to_date" | "sort";
export type FilterName<Q extends AnyQuery> = Exclude<keyof Q["shape"] & string, Reserved>;
/** The values a filter of the query takes ("PENDING" | "PAID" | …). */
type FilterValue<Q extends AnyQuery, K extends string> = NonNullable<z.output<Q>[K & keyof z.output<Q>]> &
  string;

/** What a toolbar piece or summary sees: the query, the page on screen and how its call went. */
export type ListView<P> = {
  list: ListQueryApi;
  page: (P & { offset: number }) | undefined;
  error: Error | undefined;
  isLoading: boolean;
  f: ListFormat;
};

export type FilterSpec<P> =
  | {
      kind: "search";
      name: string;
      /** Catalog keys of the box's label and of its search button. */
      label: string;
      button: string;
      max: number;
      /** References are stored in capitals: what is typed is searched in capitals. */
      upper?: boolean;
      className: string;
    }
  | {
      kind: "select";
      name: string;
      /** Catalog keys of the select's label and of its "all" choice. */
      label: string;
      all: string;
      option: (value: string, f: ListFormat) => string;
      values: (ctx: ListContext) => readonly string[];
      className: string;
    }
  | { kind: "custom"; render: (view: ListView<P>) => ReactNode };

/** A field of the query schema without its optional/default wrapping. */
function field(query: AnyQuery, name: string): z.ZodType | undefined {
  let schema = query.shape[name] as z.ZodType | undefined;
  while (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodNullable
  ) {
    schema = schema.unwrap() as z.ZodType;
  }
  return schema;
}

/** The values an enum filter of the query accepts, in the schema's order. */
export function enumValues(query: AnyQuery, name: string): readonly string[] {
  const schema = field(query, name);
  return schema instanceof z.ZodEnum ? (schema.options as string[]) : [];
}

/** The longest text a field of the schema accepts (a search, a note), else `fallback`. */
export function maxLength(schema: AnyQuery, name: string, fallback = 100): number {
  const text = field(schema, name);
  return (text instanceof z.ZodString && text.maxLength) || fallback;
}

/** The fields a call's schema fixes to one value (`status: z.literal("CANCEL")`), with that value. */
export function literalFields(schema: AnyQuery): Record<string, unknown> {
  const fixed: Record<string, unknown> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = field(schema, name);
    if (value instanceof z.ZodLiteral) fixed[name] = value.value;
  }
  return fixed;
}

/** The list sorts on the server when its query takes `sort`; otherwise the page on screen is sorted. */
export const sortsOnServer = (query: AnyQuery) => "sort" in query.shape;

/**
 * The filter builders a declaration's `filters` gets: the names are the query schema's own, and
 * what each filter accepts (an enum's values, a search's length) is read from it.
 */
export function filterKit<Q extends AnyQuery, P>(query: Q) {
  /** A search box (SPEC §2: Enter searches). */
  function search(
    name: FilterName<Q>,
    o: { label: string; button: string; upper?: boolean; className?: string },
  ): FilterSpec<P> {
    return { kind: "search", name, max: maxLength(query, name), className: "col-span-2 sm:basis-full", ...o };
  }
  /**
   * A select of the filter's values (the schema's enum unless `values` says), first "all";
   * `option` is a catalog key prefix (`statuses` → `statuses.PAID`) or words of its own.
   */
  function select<K extends FilterName<Q>>(
    name: K,
    o: {
      label: string;
      all: string;
      option: string | ((value: FilterValue<Q, K>, f: ListFormat) => string);
      values?: (ctx: ListContext) => readonly string[];
      className?: string;
    },
  ): FilterSpec<P> {
    const { option } = o;
    const values = enumValues(query, name);
    return {
      kind: "select",
      name,
      className: "col-span-2",
      values: () => values,
      ...o,
      option:
        typeof option === "string"
          ? (value, f) => f.t(`${option}.${value}`)
          : (value, f) => option(value as FilterValue<Q, K>, f),
    };
  }
  return {
    search,
    select,
    /**
     * SPEC §2's search by reference number (orders, payments), in the list's words `search` and
     * `searchButton`; typed in any case, searched in capitals. Only for a query with `reference_no`.
     */
    reference(...none: "reference_no" extends FilterName<Q> ? [] : [never]): FilterSpec<P> {
      void none;
      return search("reference_no" as FilterName<Q>, {
        label: "search",
        button: "searchButton",
        upper: true,
      });
    },
    /**
     * The status filter in the list's words (`statusFilter`, `allStatuses`, `statuses.<STATUS>`),
     * its values the query's enum. Only for a query with `status`.
     */
    status(...none: "status" extends FilterName<Q> ? [] : [never]): FilterSpec<P> {
      void none;
      return select("status" as FilterName<Q>, {
        label: "statusFilter",
        all: "allStatuses",
        option: "statuses",
      });
    },
    /** A toolbar piece of the screen's own (it sees the list's page). */
    custom(render: (view: ListView<P>) => ReactNode): FilterSpec<P> {
      return { kind: "custom", render };
    },
  };
}

export type FilterKit<Q extends AnyQuery, P> = ReturnType<typeof filterKit<Q, P>>;

/** What the address may hold for a list: its filters' values and its sortable columns. */
export function queryOptions<P>(
  filters: readonly FilterSpec<P>[],
  sortable: readonly string[],
  ctx: ListContext,
): ListQueryOptions {
  const allowed: Record<string, readonly string[]> = {};
  for (const spec of filters) {
    if (spec.kind === "search") allowed[spec.name] = anyText(spec.max);
    else if (spec.kind === "select") allowed[spec.name] = spec.values(ctx);
  }
  return { filters: allowed, sortable };
}

/** One filter of the toolbar, bound to the list's address. */
export function FilterControl<P>({ spec, view }: { spec: FilterSpec<P>; view: ListView<P> }) {
  const { list, f } = view;
  if (spec.kind === "custom") return spec.render(view);
  const value = list.state.filters[spec.name] ?? "";
  if (spec.kind === "search") {
    return (
      <SearchFilter
        label={f.t(spec.label)}
        buttonLabel={f.t(spec.button)}
        className={spec.className}
        maxLength={spec.max}
        value={value}
        onSearch={(text) => list.setFilter(spec.name, spec.upper ? text?.toUpperCase() : text)}
      />
    );
  }
  return (
    <FilterSelect
      label={f.t(spec.label)}
      className={spec.className}
      value={value}
      options={[
        { value: "", label: f.t(spec.all) },
        ...spec.values(f.ctx).map((option) => ({ value: option, label: spec.option(option, f) })),
      ]}
      onChange={(next) => list.setFilter(spec.name, next || undefined)}
    />
  );
}
