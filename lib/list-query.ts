// One list query for every /2.0 list (SPEC §7: limit, offset, from_date, to_date), shared by the
// list screens and the handlers. No server imports: the list framework reads it too.
import { z } from "zod";
import { dayBound } from "./format";

/** SPEC §9 page sizes; lists start at 20. */
export const PAGE_SIZES = [2, 20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_OFFSET = 1_000_000;

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Years PostgreSQL can store and a person can mean. */
const sensibleYear = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= 1 && year <= 9999;
};

/**
 * An ISO date-time with an offset, or a plain calendar day `YYYY-MM-DD` (a caller that sends a
 * plain date means that whole day in the person's time zone; see `listRange`).
 */
export const listDate = z.union([
  z.iso.datetime({ offset: true }).refine(sensibleYear, { message: "validation.invalidType" }),
  z
    .string()
    .regex(PLAIN_DAY)
    .refine((v) => isCalendarDay(v) && sensibleYear(v), { message: "validation.invalidType" }),
]);

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
  from_date: listDate.optional(),
  to_date: listDate.optional(),
});
export type ListQuery = z.input<typeof listQuerySchema>;

/** A page of a list: rows and the total (capped at 10 001, DESIGN §7). */
export type Page<T> = { items: T[]; total: number };

/** The answer schema of a list call: `{ items, total }` of `item` (the API reference documents it). */
export function pageDto<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}

/**
 * The instants a list's from/to dates mean: a date-time as given; a plain day from its
 * 00:00:00.000 (from) or to its 23:59:59.999 (to) in `timeZone` (SPEC §5).
 */
export function listRange(
  input: { from_date?: string; to_date?: string },
  timeZone: string,
): { from?: Date; to?: Date } {
  const at = (value: string | undefined, edge: "start" | "end") => {
    if (!value) return undefined;
    return PLAIN_DAY.test(value) ? dayBound(value, timeZone, edge) : new Date(value);
  };
  return { from: at(input.from_date, "start"), to: at(input.to_date, "end") };
}

/** A sort a list may ask for: `column` ascending or `-column` descending, among `columns`. */
export function sortSchema<const C extends readonly [string, ...string[]]>(columns: C) {
  const values = columns.flatMap((c) => [c, `-${c}`]) as [string, ...string[]];
  return z
    .enum(values)
    .optional()
    .transform((value) =>
      value ? { column: value.replace(/^-/, "") as C[number], desc: value.startsWith("-") } : undefined,
    );
}
