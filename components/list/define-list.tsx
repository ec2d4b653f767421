"use client";
import { type ComponentType, useMemo } from "react";
import type { z } from "zod";
import { type AnyQuery, filterKit } from "./filters";
import type { ListContext } from "./list-format";
import { ListScreen } from "./list-screen";

import type {
  AnyPage,
  ListDeclaration,
  ListDialogProps,
  ListSummary,
  ResolvedList,
  RowOf,
} from "./list-types";

export type { AnyPage, ListDeclaration, ListDialogProps, ListSummary, ResolvedList, RowOf };

/**
 * A list screen as data (STYLE.md "Lists as data"): the call, its query and answer schemas, the
 * columns, filters, row menu, dialogs and CSV export. Returns the screen's component; the page
 * renders it with the person's context (components/list/list-page.tsx).
 */
export function defineList<Q extends AnyQuery, P extends AnyPage>(
  declaration: ListDeclaration<Q, P>,
): ComponentType<ListContext> {
  const filters = declaration.filters?.(filterKit<Q, z.output<P>>(declaration.query)) ?? [];
  const exported = declaration.export;
  const list: ResolvedList<RowOf<P>, z.output<P>> = {
    ...declaration,
    filters,
    dialogs: declaration.dialogs ?? {},
    export: exported && {
      ...exported,
      filters: exported.filters ?? filters.flatMap((spec) => (spec.kind === "select" ? [spec.name] : [])),
    },
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per declaration, at module scope
  function DeclaredList({ timeZone, isPartner, appNames }: ListContext) {
    const ctx = useMemo(() => ({ timeZone, isPartner, appNames }), [timeZone, isPartner, appNames]);
    return <ListScreen list={list} ctx={ctx} />;
  }
  return DeclaredList;
}
