// A list's state as it lives in the URL query (linkable, reload-safe) and as the /2.0 list calls
// take it (limit, offset, from_date, to_date and the list's own filters).
import { dayBound } from "@/lib/format";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/list-query";

export type SortState = { id: string; desc: boolean } | null;

export type ListState = {
  /** 1-based; the offset is (page - 1) × size. */
  page: number;
  size: number;
  /** Calendar days (YYYY-MM-DD) in the person's time zone. */
  from?: string;
  to?: string;
  sort: SortState;
  /** The list's own filters (e.g. the credit log type), only values the list allows. */
  filters: Record<string, string>;
};

export type ListQueryOptions = {
  /** Filter name → the values it accepts; anything else in the URL is ignored. */
  filters?: Readonly<Record<string, readonly string[]>>;
  /** Column ids the list may be sorted by. */
  sortable?: readonly string[];
};

/** The server takes offsets up to 1 000 000 (listQuerySchema). */
const MAX_OFFSET = 1_000_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  const match = DAY.exec(value ?? "");
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

export const DEFAULT_LIST_STATE: ListState = { page: 1, size: DEFAULT_PAGE_SIZE, sort: null, filters: {} };

/** Reads a list's state from the URL query; whatever is malformed falls back to the default. */
export function parseListQuery(params: URLSearchParams, options: ListQueryOptions = {}): ListState {
  const sizeParam = positiveInt(params.get("size"));
  const size =
    sizeParam && (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const page = Math.min(positiveInt(params.get("page")) ?? 1, Math.floor(MAX_OFFSET / size) + 1);

  let from = isDay(params.get("from")) ? (params.get("from") as string) : undefined;
  let to = isDay(params.get("to")) ? (params.get("to") as string) : undefined;
  if (from && to && from > to) [from, to] = [to, from];

  const sortParam = params.get("sort") ?? "";
  const desc = sortParam.startsWith("-");
  const sortId = desc ? sortParam.slice(1) : sortParam;
  const sort = sortId && options.sortable?.includes(sortId) ? { id: sortId, desc } : null;

  const filters: Record<string, string> = {};
  for (const [name, allowed] of Object.entries(options.filters ?? {})) {
    const value = params.get(name);
    if (value && allowed.includes(value)) filters[name] = value;
  }
  return { page, size, from, to, sort, filters };
}

/**
 * The URL query of a state, defaults left out (a fresh list has a bare URL), keys in a fixed
 * order so one state always reads the same.
 */
export function serialiseListQuery(state: ListState): string {
  const params = new URLSearchParams();
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  for (const name of Object.keys(state.filters).sort()) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  if (state.sort) params.set("sort", `${state.sort.desc ? "-" : ""}${state.sort.id}`);
  if (state.size !== DEFAULT_PAGE_SIZE) params.set("size", String(state.size));
  if (state.page > 1) params.set("page", String(state.page));
  return params.toString();
}

/**
 * The body of a /2.0 list call: limit and offset, and the days as instants in the person's time
 * zone (SPEC §5: from 00:00:00.000, to 23:59:59.999).
 */
export function listRequestBody(state: ListState, timeZone: string): Record<string, string | number> {
  const body: Record<string, string | number> = {
    limit: state.size,
    offset: (state.page - 1) * state.size,
    ...state.filters,
  };
  // Lists that sort on the server take it (`-column` descending); the others ignore it.
  if (state.sort) body.sort = `${state.sort.desc ? "-" : ""}${state.sort.id}`;
  if (state.from) body.from_date = dayBound(state.from, timeZone, "start").toISOString();
  if (state.to) body.to_date = dayBound(state.to, timeZone, "end").toISOString();
  return body;
}
