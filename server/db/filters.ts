import "server-only";
import { type Column, gte, lte, type SQL } from "drizzle-orm";

// Conditions every list's query shares: its date range and its "contains" search.

/** `column` within a list's date range, either end open: spread into `and(…)`. */
export function within(column: Column, range: { from?: Date; to?: Date }): (SQL | undefined)[] {
  return [range.from ? gte(column, range.from) : undefined, range.to ? lte(column, range.to) : undefined];
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally; undefined for none. */
export function containing(text: string | undefined): string | undefined {
  return text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}
