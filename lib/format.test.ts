import { describe, expect, it } from "vitest";
import {
  dayBound,
  dayIn,
  formatDateTime,
  formatDecimal,
  formatVnd,
  parseDisplayDay,
  presetDays,
  toDisplayDay,
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
