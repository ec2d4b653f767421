import { toDisplayDay } from "@/lib/format";

/** A typed day, read: the day (YYYY-MM-DD), or why it cannot be used, in words the field can show. */
export type DayCheck =
  | { day: string }
  | { problem: "format" }
  | { problem: "notADate"; date: string }
  | { problem: "beforeMin"; date: string; min: string }
  | { problem: "afterMax"; date: string; max: string };

export type DayProblem = Exclude<DayCheck, { day: string }>;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Reads DD/MM/YYYY (also D/M/YYYY, with - or . between) and says precisely what is wrong: not
 * written as a date, a day the calendar does not have ("31/02/2026"), or outside `min`/`max`
 * (YYYY-MM-DD). Dates in the answer are written DD/MM/YYYY.
 */
export function checkDay(text: string, bounds: { min?: string; max?: string } = {}): DayCheck {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return { problem: "format" };
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = `${pad(d)}/${pad(m)}/${y}`;
  const utc = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || m > 12 || d < 1 || utc.getUTCMonth() !== m - 1 || utc.getUTCDate() !== d) {
    return { problem: "notADate", date };
  }
  const day = `${y}-${pad(m)}-${pad(d)}`;
  if (bounds.min && day < bounds.min) return { problem: "beforeMin", date, min: toDisplayDay(bounds.min) };
  if (bounds.max && day > bounds.max) return { problem: "afterMax", date, max: toDisplayDay(bounds.max) };
  return { day };
}
