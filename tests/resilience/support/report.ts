// Figures as plain tables on the console, so a run's log reads as a report.

type Cell = string | number | boolean | null | undefined;

function show(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(1);
  return String(value);
}

/** Prints `rows` under `title` as an aligned table (columns from the first row's keys, in order). */
export function printTable(title: string, rows: Record<string, Cell>[]): void {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = rows.map((row) => columns.map((c) => show(row[c]).replace(/\s+/g, " ")));
  const widths = columns.map((c, i) =>
    Math.min(70, Math.max(c.length, ...cells.map((r) => r[i]?.length ?? 0))),
  );
  const line = (values: string[]) =>
    values
      .map((v, i) => {
        const w = widths[i] ?? 0;
        const cut = v.length > w ? `${v.slice(0, w - 1)}…` : v;
        return cut.padEnd(w);
      })
      .join(" │ ")
      .trimEnd();
  const out = [
    "",
    `■ ${title}`,
    line(columns),
    widths.map((w) => "─".repeat(w)).join("─┼─"),
    ...cells.map(line),
    "",
  ];
  console.log(out.join("\n"));
}

/** p-th percentile (0–100) of `values` in ms, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The median and the 99th percentile of `ms`, as two table columns. */
export const latencyColumns = (ms: number[]) => ({
  "p50 ms": percentile(ms, 50),
  "p99 ms": percentile(ms, 99),
});

export const RESILIENCE_ENABLED = process.env.RESILIENCE === "1";
