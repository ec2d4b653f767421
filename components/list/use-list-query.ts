"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type ListQueryOptions,
  type ListState,
  parseListQuery,
  type SortState,
  serialiseListQuery,
} from "./query";

export type ListQueryApi = ReturnType<typeof useListQuery>;

/**
 * A list's filters, page, size and sort, kept in the URL query so a list can be linked and
 * reloaded. The address changes at once (history.replaceState, which the App Router follows), so a
 * reload right after a click keeps it. The URL wins only
 * when it changes by itself (back/forward, a link), so a slow router never puts an old filter back.
 * `options` must be stable (module scope).
 */
export function useListQuery(options: ListQueryOptions) {
  const pathname = usePathname();
  const current = useSearchParams().toString();
  const [query, setQuery] = useState(current);
  const pushed = useRef(current);
  useEffect(() => {
    if (current !== pushed.current) {
      pushed.current = current;
      setQuery(current);
    }
  }, [current]);
  const state = useMemo(() => parseListQuery(new URLSearchParams(query), options), [query, options]);

  const hrefFor = useCallback(
    (patch: Partial<ListState>) => {
      const qs = serialiseListQuery({ ...state, ...patch });
      return qs ? `${pathname}?${qs}` : pathname;
    },
    [state, pathname],
  );

  const update = useCallback(
    (patch: Partial<ListState>) => {
      const qs = serialiseListQuery({ ...state, ...patch });
      pushed.current = qs;
      setQuery(qs);
      window.history.replaceState(window.history.state, "", qs ? `${pathname}?${qs}` : pathname);
    },
    [state, pathname],
  );

  return {
    state,
    hrefFor,
    setPage: useCallback((page: number) => update({ page }), [update]),
    setSize: useCallback((size: number) => update({ size, page: 1 }), [update]),
    setRange: useCallback(
      (from: string | undefined, to: string | undefined) =>
        update(from && to && from > to ? { from: to, to: from, page: 1 } : { from, to, page: 1 }),
      [update],
    ),
    setFilter: useCallback(
      (name: string, value: string | undefined) => {
        const filters = { ...state.filters };
        if (value) filters[name] = value;
        else delete filters[name];
        update({ filters, page: 1 });
      },
      [state.filters, update],
    ),
    setSort: useCallback((sort: SortState) => update({ sort }), [update]),
  };
}
