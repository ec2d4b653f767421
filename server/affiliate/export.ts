import "server-only";
import type { CsvCell, CsvTable } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";
import { type Translate, translator } from "@/lib/i18n";
import { listRange } from "@/lib/list-query";
import type { Locale } from "@/lib/locales";
import type { Db } from "@/server/db/client";
import { findInvoicesOf } from "@/server/invoice/service";
import { iterateCommissions } from "./repository";

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

/** The program server/affiliate/commissions.ts writes; shown in the reader's words. */
const DEFAULT_PROGRAM = "Affiliate";

/** Who downloads: their rows, their time zone and the language of the page they download from. */
type Reader = { id: string; timezone: string; lang: Locale };

/** A value's words from the catalog, or the value itself when the catalog has none. */
function wordsOf(t: Translate, key: string, value: string): string {
  const words = t(`${key}.${value}`);
  return words === `${key}.${value}` ? value : words;
}

/**
 * A list download: the `columns` headed in the reader's language (account.exports.<list>.*), then
 * the rows batch by batch, dates in the reader's zone (written by server/http/csv-export-route).
 */
function download(
  user: Reader,
  filters: Filters,
  list: "commissions" | "invoices",
  columns: readonly string[],
  rows: (t: Translate, range: ReturnType<typeof listRange>) => AsyncIterable<CsvCell[][]>,
): CsvTable {
  const t = translator(user.lang);
  const range = listRange({ from_date: filters.from, to_date: filters.to }, user.timezone);
  return {
    header: columns.map((column) => t(`account.exports.${list}.${column}`)),
    batches: rows(t, range),
  };
}

const COMMISSION_COLUMNS = [
  "email",
  "invoiceDate",
  "createdAt",
  "orderReference",
  "orderAmount",
  "commissionAmount",
  "rate",
  "level",
  "type",
  "program",
  "status",
] as const;

/**
 * The commission list with its filters as CSV: headers and status/type names in the reader's
 * language, amounts as plain numbers, dates in the reader's zone.
 */
export function commissionsCsv(db: Db, user: Reader, filters: ReturnType<typeof exportFilters>): CsvTable {
  return download(user, filters, "commissions", COMMISSION_COLUMNS, async function* (t, range) {
    const defaultProgram = t("account.commission.programDefault");
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
        wordsOf(t, "account.commission.detailDialog.types", r.commission.type),
        !r.commission.program || r.commission.program === DEFAULT_PROGRAM
          ? defaultProgram
          : r.commission.program,
        wordsOf(t, "account.commission.statuses", r.commission.status),
      ]);
    }
  });
}

const INVOICE_COLUMNS = [
  "id",
  "month",
  "totalAmount",
  "createdAt",
  "paidAt",
  "status",
  "commissions",
] as const;

/** The invoice list with its filters as CSV, in the reader's language. */
export function invoicesCsv(db: Db, user: Reader, filters: ReturnType<typeof exportFilters>): CsvTable {
  return download(user, filters, "invoices", INVOICE_COLUMNS, async function* (t, range) {
    const batch = 500;
    for (let offset = 0; ; offset += batch) {
      const page = await findInvoicesOf(db, user.id, {
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
        wordsOf(t, "account.invoice.statuses", invoice.status),
        Number(count),
      ]);
      if (page.items.length < batch) return;
    }
  });
}
