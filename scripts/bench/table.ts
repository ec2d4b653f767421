// One table of ratios measured in the same run, with the absolute figures beside them.

export type Row = {
  row: string;
  /** The absolute figures, for reading beside the ratio (noise on a shared machine). */
  measured: string;
  /** The figure the goal is about: a ratio where the row compares, else the value itself. */
  result: string;
  goal: string;
  met: boolean;
  detail?: Record<string, unknown>;
};

export function printTable(rows: Row[], header: string): void {
  const cells = [
    ["row", "result", "goal", "met", "measured"],
    ...rows.map((r) => [r.row, r.result, r.goal, r.met ? "yes" : "NO", r.measured]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i < 4 ? v.padEnd(widths[i] ?? 0) : v)).join(" | ")} |`;
  console.log(`\n${header}\n`);
  console.log(line(cells[0] ?? []));
  console.log(`|${[...widths, 8].map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const c of cells.slice(1)) console.log(line(c));
  console.log("");
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const rate = (v: number) => `${v >= 100 ? v.toFixed(0) : v.toFixed(1)}/s`;
