import { describe, expect, it } from "vitest";
import { checkDay } from "./day-check";

describe("checkDay (the list date fields)", () => {
  it.each([
    ["31/01/2026", "2026-01-31"],
    ["1/2/2026", "2026-02-01"],
    [" 29.02.2024 ", "2024-02-29"],
    ["05-11-2025", "2025-11-05"],
  ])("reads %s as %s", (text, day) => {
    expect(checkDay(text)).toEqual({ day });
  });

  it.each([
    ["31/02/2026", "31/02/2026"],
    ["29/02/2025", "29/02/2025"],
    ["31/4/2026", "31/04/2026"],
    ["00/01/2026", "00/01/2026"],
    ["12/13/2026", "12/13/2026"],
    ["1/0/2026", "01/00/2026"],
  ])("names an impossible day: %s is not a date", (text, date) => {
    expect(checkDay(text)).toEqual({ problem: "notADate", date });
  });

  it.each(["", "2026-02-01", "31/02/26", "abc", "31/02/2026x", "1//2026"])(
    "asks for DD/MM/YYYY when %j is not written as a date",
    (text) => {
      expect(checkDay(text)).toEqual({ problem: "format" });
    },
  );

  it("says which bound a real day falls outside of, written DD/MM/YYYY", () => {
    expect(checkDay("01/03/2026", { min: "2026-03-05" })).toEqual({
      problem: "beforeMin",
      date: "01/03/2026",
      min: "05/03/2026",
    });
    expect(checkDay("10/03/2026", { max: "2026-03-05" })).toEqual({
      problem: "afterMax",
      date: "10/03/2026",
      max: "05/03/2026",
    });
    expect(checkDay("05/03/2026", { min: "2026-03-05", max: "2026-03-05" })).toEqual({ day: "2026-03-05" });
  });

  it("finds an impossible day before looking at the bounds", () => {
    expect(checkDay("31/02/2026", { min: "2026-03-01" })).toEqual({
      problem: "notADate",
      date: "31/02/2026",
    });
  });
});
