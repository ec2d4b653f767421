// Numbers and dates as SPEC §9 shows them: VND amounts, two-decimal points and credit, dates in
// the person's time zone. One place, used by every screen, the CSV exports and the emails
// (STYLE.md i18n).
//
// The rules, the same on the server and in the browser (the page's HTML must match what the
// browser renders over it):
// - Numbers: the language's separators, always Latin digits. Burmese takes English's separators
//   (lib/locales.ts formatLocale): Node's ICU writes Burmese digits while Chromium has no Burmese
//   data at all, so either choice of Intl would differ between the two.
// - Dates and times: SPEC §9's DD/MM/YYYY HH:mm:ss in every language (all five write the day
//   first), built from numbers only — never Intl's `dateStyle` or month names, which CLDR leaves
//   thin for some languages (Burmese gets "2026 M11 24"). Tables leave the seconds out; detail
//   views keep them. Month and weekday names (the calendar) come from the tables below.

import { formatLocale, type Locale, toLocale } from "./locales";

/** One of the five languages for a tag ("en-US" → en); anything else is the default. */
const languageOf = (locale: string): Locale => toLocale(locale.split(/[-_]/)[0]);

type NumberKind = "vnd" | "decimal" | "integer";
const NUMBER_OPTIONS: Record<NumberKind, Intl.NumberFormatOptions> = {
  vnd: { style: "currency", currency: "VND", maximumFractionDigits: 0 },
  decimal: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  integer: { maximumFractionDigits: 0 },
};

/** One number formatter per language and kind for the process: making one costs more than using it. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, kind: NumberKind): Intl.NumberFormat {
  const key = `${locale}|${kind}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(formatLocale(languageOf(locale)), {
      ...NUMBER_OPTIONS[kind],
      numberingSystem: "latn",
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** Money in VND, whole đồng: "1.250.000 ₫" (vi) / "₫1,250,000" (en, my). */
export function formatVnd(amount: number, locale: string): string {
  return numberFormat(locale, "vnd").format(amount);
}

/** Points and credit: always two decimals ("12,50" vi, "12.50" en). */
export function formatDecimal(value: number, locale: string): string {
  return numberFormat(locale, "decimal").format(value);
}

/**
 * Points, everywhere they are shown (balances, logs, receipts, checkout): SPEC §9's two decimals,
 * so 320 and 320.75 read alike ("320,00" vi, "320.00" en). The words around it ("{points} points")
 * are the catalog's; a two-decimal number takes the plural "other" form in every language.
 */
export function formatPoints(value: number, locale: string): string {
  return formatDecimal(value, locale);
}

/** A count (rows, customers, months): grouped, no decimals. */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, "integer").format(value);
}

/** Date parts as numbers in one zone; one formatter per zone for the process. */
const partFormats = new Map<string, Intl.DateTimeFormat>();
function dateParts(at: string | Date, timeZone: string): Record<string, string> {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      numberingSystem: "latn",
    });
    partFormats.set(timeZone, format);
  }
  return Object.fromEntries(
    format.formatToParts(typeof at === "string" ? new Date(at) : at).map((p) => [p.type, p.value]),
  );
}

/** SPEC §9 DD/MM/YYYY HH:mm:ss in the person's time zone: detail views, receipts, exports. */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  const p = dateParts(iso, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** DD/MM/YYYY HH:mm in the person's time zone: the dates of a table row (no seconds). */
export function formatListDateTime(iso: string | Date, timeZone: string): string {
  const p = dateParts(iso, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** DD/MM/YYYY: the day an instant falls on in the person's time zone. */
export function formatDay(iso: string | Date, timeZone: string): string {
  const p = dateParts(iso, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** Month names, January first, per language (CLDR's, written out: browsers may lack them). */
const MONTHS: Record<Locale, readonly string[]> = {
  vi: Array.from({ length: 12 }, (_, i) => `Tháng ${i + 1}`),
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  th: [
    "มกราคม",
    "กุมภาพันธ์",
    "มีนาคม",
    "เมษายน",
    "พฤษภาคม",
    "มิถุนายน",
    "กรกฎาคม",
    "สิงหาคม",
    "กันยายน",
    "ตุลาคม",
    "พฤศจิกายน",
    "ธันวาคม",
  ],
  my: ["ဇန်နဝါရီ", "ဖေဖော်ဝါရီ", "မတ်", "ဧပြီ", "မေ", "ဇွန်", "ဇူလိုင်", "ဩဂုတ်", "စက်တင်ဘာ", "အောက်တိုဘာ", "နိုဝင်ဘာ", "ဒီဇင်ဘာ"],
  id: [
    "Januari",
    "Februari",
    "Maret",
    "April",
    "Mei",
    "Juni",
    "Juli",
    "Agustus",
    "September",
    "Oktober",
    "November",
    "Desember",
  ],
};

/** Weekdays, Monday first (as the calendar shows them): [narrow, long] per language. */
const WEEKDAYS: Record<Locale, readonly (readonly [string, string])[]> = {
  vi: [
    ["T2", "Thứ Hai"],
    ["T3", "Thứ Ba"],
    ["T4", "Thứ Tư"],
    ["T5", "Thứ Năm"],
    ["T6", "Thứ Sáu"],
    ["T7", "Thứ Bảy"],
    ["CN", "Chủ Nhật"],
  ],
  en: [
    ["M", "Monday"],
    ["T", "Tuesday"],
    ["W", "Wednesday"],
    ["T", "Thursday"],
    ["F", "Friday"],
    ["S", "Saturday"],
    ["S", "Sunday"],
  ],
  th: [
    ["จ", "วันจันทร์"],
    ["อ", "วันอังคาร"],
    ["พ", "วันพุธ"],
    ["พฤ", "วันพฤหัสบดี"],
    ["ศ", "วันศุกร์"],
    ["ส", "วันเสาร์"],
    ["อา", "วันอาทิตย์"],
  ],
  my: [
    ["တ", "တနင်္လာ"],
    ["အ", "အင်္ဂါ"],
    ["ဗ", "ဗုဒ္ဓဟူး"],
    ["က", "ကြာသပတေး"],
    ["သ", "သောကြာ"],
    ["စ", "စနေ"],
    ["တ", "တနင်္ဂနွေ"],
  ],
  id: [
    ["S", "Senin"],
    ["S", "Selasa"],
    ["R", "Rabu"],
    ["K", "Kamis"],
    ["J", "Jumat"],
    ["S", "Sabtu"],
    ["M", "Minggu"],
  ],
};

/**
 * A calendar's heading: the month (1–12) and the year in the language ("Tháng 11 năm 2026",
 * "November 2026"). Gregorian years in every language (Thai included), as the DD/MM/YYYY fields.
 */
export function formatMonthYear(year: number, month: number, locale: string): string {
  const lang = languageOf(locale);
  const name = MONTHS[lang][month - 1] ?? String(month);
  return lang === "vi" ? `${name} năm ${year}` : `${name} ${year}`;
}

/** The seven weekdays, Monday first, as { short, long } in the language. */
export function weekdayNames(locale: string): { short: string; long: string }[] {
  return WEEKDAYS[languageOf(locale)].map(([short, long]) => ({ short, long }));
}

/** The UTC offset (minutes) of `timeZone` at `at`. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = dateParts(at, timeZone);
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
  const p = dateParts(at, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
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

/** An IPv4 address as an IPv6 socket reports it ("::ffff:1.2.3.4"); real IPv6 does not match. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** A client address as it should be stored: an IPv4-mapped IPv6 address becomes plain IPv4. */
export function normalizeIp(ip: string): string {
  return IPV4_MAPPED.exec(ip.trim())?.[1] ?? ip.trim();
}

/**
 * A client address as a person reads it: plain IPv4 for an IPv4-mapped one (rows stored before
 * the address was normalised at the source), real IPv6 as it is, "—" when none was known.
 */
export function formatIp(ip: string | null | undefined): string {
  if (!ip || ip === "unknown") return "—";
  return normalizeIp(ip);
}
