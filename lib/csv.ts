// Every CSV download the portal writes goes through here (the commission and invoice lists, and
// any list added to server/http/csv-export-route.ts, which accepts only a table, never CSV text):
// the quoting is csv-stringify's, the formula guard ours (OWASP's CSV-injection rule).
// lib/csv-writers.test.ts fails when anything else in the portal writes CSV.
import { stringify } from "csv-stringify/sync";

/** A cell of an export: text, a number, or nothing. */
export type CsvCell = string | number | null | undefined;

/** What a spreadsheet takes for the start of a formula (or strips before one): = + - @ tab CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as written: text that would start a formula gets a leading `'`, shown but never run.
 * Numbers stay numbers (a negative amount is -5000, not '-5000): only text can carry a formula.
 */
export function csvCell(value: CsvCell): string | number {
  if (typeof value === "number") return value;
  if (value === null || value === undefined) return "";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Rows as CSV text, each cell through `csvCell`. */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows.map((row) => row.map(csvCell)));
}

/** A download as data: the header, then the rows batch by batch as the database gives them. */
export type CsvTable = {
  header: readonly string[];
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>;
};

const BOM = "\uFEFF";

/**
 * A CSV download as a stream: UTF-8 with a BOM (spreadsheet programs then read Vietnamese),
 * the header, then the rows batch by batch as the database gives them.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvRows([header])));
    },
    // An empty batch (an empty list, or one of an exact multiple of the batch size) is skipped:
    // a pull that enqueues nothing is not called again, and the download would hang.
    async pull(controller) {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return controller.close();
        if (next.value.length) return controller.enqueue(encoder.encode(csvRows(next.value)));
      }
    },
  });
}
