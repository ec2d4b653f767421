import { describe, expect, it } from "vitest";
import my from "@/messages/my.json";
import {
  dayBound,
  dayIn,
  formatDateTime,
  formatDay,
  formatDecimal,
  formatIp,
  formatListDateTime,
  formatMonthYear,
  formatNumber,
  formatPoints,
  formatVnd,
  normalizeIp,
  parseDisplayDay,
  presetDays,
  toDisplayDay,
  weekdayNames,
} from "./format";

describe("format", () => {
  it("shows VND without decimals and points with two", () => {
    expect(formatVnd(1250000, "vi")).toMatch(/1\.250\.000/);
    expect(formatDecimal(12.5, "en")).toBe("12.50");
    expect(formatDecimal(-3, "vi")).toBe("-3,00");
  });

  it("shows DD/MM/YYYY HH:mm:ss in the person's zone", () => {
    expect(formatDateTime("2026-11-21T17:30:05Z", "Asia/Ho_Chi_Minh")).toBe("22/11/2026 00:30:05");
    expect(formatDateTime("2026-11-21T17:30:05Z", "UTC")).toBe("21/11/2026 17:30:05");
  });
});

// Issue "first impression" 5: one rule per language, the same strings on the server and in the
// browser (Node's full ICU and Chromium's differ on Burmese), Latin digits everywhere.
describe("one formatter per language", () => {
  const NBSP = "\u00a0";
  it.each([
    ["vi", `1.250.000${NBSP}₫`, "-1.234,50", "1.234.567"],
    ["en", "₫1,250,000", "-1,234.50", "1,234,567"],
    ["th", "₫1,250,000", "-1,234.50", "1,234,567"],
    ["my", "₫1,250,000", "-1,234.50", "1,234,567"],
    ["id", "₫1.250.000", "-1.234,50", "1.234.567"],
  ])("%s: money, two decimals and counts", (lang, vnd, decimal, count) => {
    expect(formatVnd(1250000, lang)).toBe(vnd);
    expect(formatDecimal(-1234.5, lang)).toBe(decimal);
    expect(formatNumber(1234567, lang)).toBe(count);
  });

  it("writes Burmese with Latin digits, never Myanmar ones (U+1040–U+1049)", () => {
    const burmese = [
      formatVnd(9876543, "my"),
      formatDecimal(211, "my"),
      formatNumber(42, "my"),
      formatMonthYear(2026, 11, "my"),
      ...weekdayNamesOf("my"),
    ].join(" ");
    expect(burmese).not.toMatch(/[\u1040-\u1049]/);
    expect(formatDecimal(211, "my")).toBe("211.00");
  });

  it("takes the language of a tag with a region, and the default for an unknown one", () => {
    expect(formatDecimal(1.5, "en-US")).toBe("1.50");
    expect(formatDecimal(1.5, "xx")).toBe("1,50");
  });

  it("writes dates from numbers, the same in every language: no month names, no M11", () => {
    const at = "2026-11-24T03:05:09Z";
    expect(formatDateTime(at, "Asia/Ho_Chi_Minh")).toBe("24/11/2026 10:05:09");
    expect(formatListDateTime(at, "Asia/Ho_Chi_Minh")).toBe("24/11/2026 10:05");
    expect(formatDay(at, "Asia/Ho_Chi_Minh")).toBe("24/11/2026");
    expect(formatDay(new Date(at), "America/New_York")).toBe("23/11/2026");
  });

  it("leaves the seconds out of table dates, at midnight and across a zone's day too", () => {
    expect(formatListDateTime("2026-11-21T17:00:00Z", "Asia/Ho_Chi_Minh")).toBe("22/11/2026 00:00");
    expect(formatListDateTime("2026-11-21T16:59:59.999Z", "Asia/Ho_Chi_Minh")).toBe("21/11/2026 23:59");
    expect(formatListDateTime("2026-11-21T17:30:05Z", "UTC")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it.each([
    ["vi", "Tháng 11 năm 2026", "Thứ Hai"],
    ["en", "November 2026", "Monday"],
    ["th", "พฤศจิกายน 2026", "วันจันทร์"],
    ["my", "နိုဝင်ဘာ 2026", "တနင်္လာ"],
    ["id", "November 2026", "Senin"],
  ])("%s: the calendar's month and weekdays from its own table", (lang, month, monday) => {
    expect(formatMonthYear(2026, 11, lang)).toBe(month);
    const days = weekdayNames(lang);
    expect(days).toHaveLength(7);
    expect(days[0]?.long).toBe(monday);
    for (const day of days) expect(day.short.length).toBeGreaterThan(0);
  });
});

describe("the Burmese catalog", () => {
  it("writes its own numbers with Latin digits too (one rule for Burmese: Latin digits everywhere)", () => {
    const texts = JSON.stringify(my);
    expect(texts).not.toMatch(/[\u1040-\u1049]/);
  });
});

function weekdayNamesOf(lang: string): string[] {
  return weekdayNames(lang).flatMap((d) => [d.short, d.long]);
}

describe("day bounds (SPEC §5: from 00:00:00, to 23:59:59.999 in the person's zone)", () => {
  it.each([
    ["Asia/Ho_Chi_Minh", "2026-11-22", "2026-11-21T17:00:00.000Z", "2026-11-22T16:59:59.999Z"],
    ["UTC", "2026-11-22", "2026-11-22T00:00:00.000Z", "2026-11-22T23:59:59.999Z"],
    ["America/New_York", "2026-03-08", "2026-03-08T05:00:00.000Z", "2026-03-09T03:59:59.999Z"],
  ])("%s %s", (zone, day, start, end) => {
    expect(dayBound(day, zone, "start").toISOString()).toBe(start);
    expect(dayBound(day, zone, "end").toISOString()).toBe(end);
  });

  it("knows which day an instant falls on", () => {
    expect(dayIn("Asia/Ho_Chi_Minh", new Date("2026-11-21T17:00:00Z"))).toBe("2026-11-22");
    expect(dayIn("UTC", new Date("2026-11-21T17:00:00Z"))).toBe("2026-11-21");
  });
});

describe("presetDays", () => {
  const now = new Date("2026-03-01T01:00:00Z"); // 08:00 on 1 March in Vietnam
  it.each([
    ["yesterday", "2026-02-28", "2026-02-28"],
    ["today", "2026-03-01", "2026-03-01"],
    ["last7", "2026-02-23", "2026-03-01"],
    ["last30", "2026-01-31", "2026-03-01"],
    ["thisMonth", "2026-03-01", "2026-03-01"],
    ["lastMonth", "2026-02-01", "2026-02-28"],
  ] as const)("%s", (preset, from, to) => {
    expect(presetDays(preset, "Asia/Ho_Chi_Minh", now)).toEqual({ from, to });
  });
});

describe("DD/MM/YYYY days (SPEC §9, the list date fields)", () => {
  it.each([
    ["10/03/2026", "2026-03-10"],
    ["1/3/2026", "2026-03-01"],
    ["29-02-2024", "2024-02-29"],
    ["31.12.2025", "2025-12-31"],
    [" 05/11/2026 ", "2026-11-05"],
  ])("reads %s as %s", (text, day) => {
    expect(parseDisplayDay(text)).toBe(day);
    expect(parseDisplayDay(toDisplayDay(day))).toBe(day);
  });
  it.each(["2026-03-10", "03/10/26", "30/02/2026", "29/02/2025", "32/01/2026", "10/13/2026", "", "abc"])(
    "refuses %s",
    (text) => expect(parseDisplayDay(text)).toBeNull(),
  );
  it("writes a day as DD/MM/YYYY", () => {
    expect(toDisplayDay("2026-03-10")).toBe("10/03/2026");
    expect(toDisplayDay(undefined)).toBe("");
  });
});

describe("client addresses", () => {
  it.each([
    ["::ffff:1.2.3.4", "1.2.3.4"],
    ["::FFFF:127.0.0.1", "127.0.0.1"],
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8::1", "2001:db8::1"],
    ["::1", "::1"],
    ["::ffff:abcd:1", "::ffff:abcd:1"],
  ])("shows %s as %s", (stored, shown) => {
    expect(formatIp(stored)).toBe(shown);
    expect(normalizeIp(stored)).toBe(shown);
  });

  it("shows a dash when no address was known", () => {
    expect(formatIp(null)).toBe("—");
    expect(formatIp(undefined)).toBe("—");
    expect(formatIp("unknown")).toBe("—");
  });
});

describe("points (one rule: two decimals)", () => {
  it("writes whole and fractional points alike", () => {
    expect(formatPoints(320, "en")).toBe("320.00");
    expect(formatPoints(320.75, "en")).toBe("320.75");
    expect(formatPoints(320, "vi")).toBe("320,00");
    expect(formatPoints(0, "en")).toBe("0.00");
  });
});
