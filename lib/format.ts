// Numbers and dates as SPEC §9 shows them: VND amounts, two-decimal points and credit, dates in
// the person's time zone. One place, used by every screen (STYLE.md i18n).

/** Money in VND, whole đồng: "1.250.000 ₫" (vi) / "₫1,250,000" (en). */
export function formatVnd(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "VND",
    maximumFractionDigits: 0,
  }).format(amount);
}

/** Points and credit: always two decimals. */
export function formatDecimal(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** SPEC §9 DD/MM/YYYY HH:mm:ss in the person's time zone. */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(typeof iso === "string" ? new Date(iso) : iso)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The UTC offset (minutes) of `timeZone` at `at`. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The calendar day (YYYY-MM-DD) `at` falls on in `timeZone`. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** The instant a day (YYYY-MM-DD) starts (00:00:00.000) or ends (23:59:59.999) in `timeZone`. */
export function dayBound(day: string, timeZone: string, edge: "start" | "end"): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const local = edge === "start" ? Date.UTC(y, m - 1, d, 0, 0, 0, 0) : Date.UTC(y, m - 1, d, 23, 59, 59, 999);
  // Two passes settle the offset across a daylight-saving change.
  let instant = local - offsetMinutes(timeZone, new Date(local)) * 60_000;
  instant = local - offsetMinutes(timeZone, new Date(instant)) * 60_000;
  return new Date(instant);
}

export type DatePreset = "yesterday" | "today" | "last7" | "last30" | "thisMonth" | "lastMonth";
export const DATE_PRESETS: DatePreset[] = ["yesterday", "today", "last7", "last30", "thisMonth", "lastMonth"];

function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** SPEC §2/§5 date presets as day strings (from, to) in the person's time zone. */
export function presetDays(preset: DatePreset, timeZone: string, now: Date): { from: string; to: string } {
  const today = dayIn(timeZone, now);
  const [y, m] = today.split("-").map(Number) as [number, number];
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (preset) {
    case "yesterday":
      return { from: shiftDay(today, -1), to: shiftDay(today, -1) };
    case "today":
      return { from: today, to: today };
    case "last7":
      return { from: shiftDay(today, -6), to: today };
    case "last30":
      return { from: shiftDay(today, -29), to: today };
    case "thisMonth":
      return { from: firstOfMonth, to: today };
    case "lastMonth": {
      const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
      return { from: first, to: shiftDay(firstOfMonth, -1) };
    }
  }
}

/** A day YYYY-MM-DD as SPEC §9 shows it: DD/MM/YYYY. */
export function toDisplayDay(day: string | undefined): string {
  if (!day) return "";
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** DD/MM/YYYY (also D/M/YYYY, with - or . between) → YYYY-MM-DD when it is a real day; else null. */
export function parseDisplayDay(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
