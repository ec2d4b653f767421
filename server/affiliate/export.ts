import "server-only";
import { stringify } from "csv-stringify/sync";
import { formatDateTime } from "@/lib/format";
import { listRange } from "@/lib/list-query";
import type { Db } from "@/server/db/client";
import { findInvoices, iterateCommissions } from "./repository";

const BOM = "\uFEFF";

/**
 * A CSV download as a stream: UTF-8 with a BOM (spreadsheet programs then read Vietnamese),
 * the header, then the rows batch by batch as the database gives them.
 */
function csvStream(
  header: string[],
  batches: AsyncIterable<(string | number)[][]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + stringify([header])));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      if (next.value.length) controller.enqueue(encoder.encode(stringify(next.value)));
    },
  });
}

type Filters = { from?: string; to?: string };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);

export function exportFilters(
  params: URLSearchParams,
): Filters & { is_invoiced?: "INVOICED" | "NOT_INVOICED"; status?: string } {
  const invoiced = params.get("is_invoiced");
  const status = params.get("status");
  return {
    from: day(params.get("from")),
    to: day(params.get("to")),
    is_invoiced: invoiced === "INVOICED" || invoiced === "NOT_INVOICED" ? invoiced : undefined,
    status: status && ["PENDING", "PAID", "CANCEL"].includes(status) ? status : undefined,
  };
}

/** The commission list with its filters as CSV (amounts as plain numbers, dates in the person's zone). */
export function commissionsCsv(
  db: Db,
  user: { id: string; timezone: string },
  filters: ReturnType<typeof exportFilters>,
): ReadableStream<Uint8Array> {
  const range = listRange({ from_date: filters.from, to_date: filters.to }, user.timezone);
  async function* rows() {
    for await (const page of iterateCommissions(db, user.id, { invoiced: filters.is_invoiced, ...range })) {
      yield page.map((r) => [
        r.email,
        r.commission.invoicedAt ? formatDateTime(r.commission.invoicedAt, user.timezone) : "",
        formatDateTime(r.commission.createdAt, user.timezone),
        r.orderReferenceNo,
        r.commission.orderAmount,
        r.commission.amount,
        Number(r.commission.rate),
        r.commission.level,
        r.commission.type,
        r.commission.program,
        r.commission.status,
      ]);
    }
  }
  return csvStream(
    [
      "email",
      "invoice_date",
      "created_at",
      "order_reference_no",
      "order_amount",
      "commission_amount",
      "rate_percent",
      "level",
      "type",
      "program",
      "status",
    ],
    rows(),
  );
}

/** The invoice list with its filters as CSV. */
export function invoicesCsv(
  db: Db,
  user: { id: string; timezone: string },
  filters: ReturnType<typeof exportFilters>,
): ReadableStream<Uint8Array> {
  const range = listRange({ from_date: filters.from, to_date: filters.to }, user.timezone);
  async function* rows() {
    const batch = 500;
    for (let offset = 0; ; offset += batch) {
      const page = await findInvoices(db, user.id, {
        status: filters.status,
        ...range,
        limit: batch,
        offset,
      });
      yield page.items.map(({ invoice, count }) => [
        invoice.id,
        invoice.month,
        invoice.total,
        formatDateTime(invoice.createdAt, user.timezone),
        invoice.paidAt ? formatDateTime(invoice.paidAt, user.timezone) : "",
        invoice.status,
        Number(count),
      ]);
      if (page.items.length < batch) return;
    }
  }
  return csvStream(
    ["invoice_id", "month", "total_amount", "created_at", "paid_at", "status", "commissions"],
    rows(),
  );
}
