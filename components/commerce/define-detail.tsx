"use client";
import type { ComponentProps, ComponentType, ReactNode } from "react";
import type { z } from "zod";
import type { ListDialogProps } from "@/components/list/define-list";
import { type ListFormat, type Messages, useListFormat } from "@/components/list/list-format";
import { DetailSection, RowDetailDialog } from "./detail-dialog";
import { DetailList } from "./detail-list";
import { OrderLinesTable } from "./order-lines-table";

type Record = { _id: string };

/** One label–value pair: its key (`data-testid="detail-<key>"`), its label's catalog key, its value. */
export type DetailField = readonly [key: string, label: string, value: ReactNode];

type Section<Detail> = { title: string; body: (detail: Detail, f: ListFormat) => ReactNode };

export type DetailDeclaration<Row extends Record, Detail extends Record> = {
  /** The /2.0 detail call (body {id}). */
  call: string;
  /** The list row it opens from and the call's answer (server/<module>/schema.ts): their types. */
  row: z.ZodType<Row>;
  detail: z.ZodType<Detail>;
  /** The catalog namespace(s) of its words (an array: each key looked up in turn). */
  messages: Messages;
  /** The title's catalog key (default `detail.title`). */
  title?: string;
  /** The line under the title (default: `detail.description` naming the row's `reference_no`). */
  description?: (row: Row, f: ListFormat) => string;
  /** The record's pairs; false leaves one out. */
  fields: (detail: Detail, f: ListFormat) => (DetailField | false)[];
  /** What follows the pairs (an order's lines), under a heading (its catalog key). */
  section?: Section<Detail>;
  /** Buttons beside Close (a pending order's Cancel and Repayment). */
  actions?: (detail: Detail, dialog: ListDialogProps<Row>, f: ListFormat) => ReactNode;
};

/** The usual line under a detail's title: which record it is, by its reference number. */
function byReference(row: Record & { reference_no?: string }, f: ListFormat): string {
  return f.t("detail.description", { reference: row.reference_no ?? "" });
}

/**
 * A list row's detail modal as data: the call, the words, the record's pairs and what follows
 * them. Returns the dialog a list declares (`dialogs: { detail: … }`).
 */
export function defineDetail<Row extends Record, Detail extends Record>(
  declared: DetailDeclaration<Row, Detail>,
): ComponentType<ListDialogProps<Row>> {
  const { call, messages, fields, section, actions } = declared;
  const title = declared.title ?? "detail.title";
  const description = declared.description ?? byReference;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per declaration, at module scope
  function DeclaredDetail(dialog: ListDialogProps<Row>) {
    const f = useListFormat(messages, dialog.ctx);
    return (
      <RowDetailDialog<Row, Detail>
        path={call}
        row={dialog.row}
        onClose={dialog.close}
        title={f.t(title)}
        description={(row) => description(row, f)}
        actions={actions && ((shown) => actions(shown, dialog, f))}
      >
        {(shown) => (
          <>
            <DetailList
              items={fields(shown, f)
                .filter((field): field is DetailField => field !== false)
                .map(([key, label, value]) => ({ key, label: f.t(label), value }))}
            />
            {section && <DetailSection title={f.t(section.title)}>{section.body(shown, f)}</DetailSection>}
          </>
        )}
      </RowDetailDialog>
    );
  }
  return DeclaredDetail;
}

/**
 * The section of an order's lines under a detail (payment, commission): `read` picks the lines
 * and the total they add up to; `totalLabel` is the total row's catalog key.
 */
export function orderLinesSection<Detail>(
  title: string,
  read: (detail: Detail) => Pick<ComponentProps<typeof OrderLinesTable>, "lines" | "total">,
  totalLabel: string,
): Section<Detail> {
  return {
    title,
    body: (detail, f) => (
      <OrderLinesTable {...read(detail)} totalLabel={f.t(totalLabel)} appNames={f.ctx.appNames} />
    ),
  };
}
