import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listDate, listQuerySchema, listRange, sortSchema } from "./list-query";

describe("listDate", () => {
  it.each([
    "2026-03-10T08:30:00+07:00",
    "2026-03-10T08:30:00.123+07:00",
    "2026-03-10T01:30:00Z",
    "2026-03-10T01:30:00.000Z",
    "2026-03-10T01:30:00-05:00",
    "2026-03-10",
    "2024-02-29",
    "2026-12-31",
  ])("accepts %s", (value) => {
    expect(listDate.safeParse(value).success).toBe(true);
  });

  it.each([
    "2026-02-30",
    "2026-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-3-1",
    "26-03-10",
    "10/03/2026",
    "2026-03-10T08:30:00",
    "2026-03-10 08:30:00+07:00",
    "garbage",
    "",
    "2026-03-10garbage",
  ])("refuses %j", (value) => {
    expect(listDate.safeParse(value).success).toBe(false);
  });

  it("refuses a non-string", () => {
    expect(listDate.safeParse(1_773_000_000_000).success).toBe(false);
  });
});

describe("listQuerySchema", () => {
  it("pages 20 from 0 by default and bounds limit and offset", () => {
    expect(listQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(listQuerySchema.parse({ limit: "50", offset: "100" })).toEqual({ limit: 50, offset: 100 });
    expect(listQuerySchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(listQuerySchema.safeParse({ limit: 201 }).success).toBe(false);
    expect(listQuerySchema.safeParse({ offset: -1 }).success).toBe(false);
    expect(listQuerySchema.safeParse({ from_date: "2026-02-30" }).success).toBe(false);
  });
});

describe("listRange", () => {
  it("reads a plain day as its whole day in Asia/Ho_Chi_Minh (UTC+7)", () => {
    const range = listRange({ from_date: "2026-03-10", to_date: "2026-03-10" }, "Asia/Ho_Chi_Minh");
    expect(range.from?.toISOString()).toBe("2026-03-09T17:00:00.000Z");
    expect(range.to?.toISOString()).toBe("2026-03-10T16:59:59.999Z");
  });

  it("reads a plain day in another zone", () => {
    expect(listRange({ from_date: "2026-03-10", to_date: "2026-03-11" }, "UTC")).toEqual({
      from: new Date("2026-03-10T00:00:00.000Z"),
      to: new Date("2026-03-11T23:59:59.999Z"),
    });
    // New York is UTC-5 in January and UTC-4 in July.
    expect(listRange({ from_date: "2026-01-15", to_date: "2026-07-15" }, "America/New_York")).toEqual({
      from: new Date("2026-01-15T05:00:00.000Z"),
      to: new Date("2026-07-16T03:59:59.999Z"),
    });
  });

  it("takes an ISO date-time as the instant it names, whatever the zone", () => {
    const range = listRange(
      { from_date: "2026-03-10T08:30:00+07:00", to_date: "2026-03-10T01:45:00.500Z" },
      "America/New_York",
    );
    expect(range.from?.toISOString()).toBe("2026-03-10T01:30:00.000Z");
    expect(range.to?.toISOString()).toBe("2026-03-10T01:45:00.500Z");
  });

  it("leaves a missing bound open", () => {
    expect(listRange({}, "Asia/Ho_Chi_Minh")).toEqual({ from: undefined, to: undefined });
    const onlyTo = listRange({ to_date: "2026-03-10" }, "Asia/Ho_Chi_Minh");
    expect(onlyTo.from).toBeUndefined();
    expect(onlyTo.to?.toISOString()).toBe("2026-03-10T16:59:59.999Z");
  });
});

describe("sortSchema", () => {
  const schema = z.object({ sort: sortSchema(["name", "price"]) });

  it("reads a column ascending, or descending with a leading minus", () => {
    expect(schema.parse({ sort: "price" }).sort).toEqual({ column: "price", desc: false });
    expect(schema.parse({ sort: "-price" }).sort).toEqual({ column: "price", desc: true });
    expect(schema.parse({ sort: "-name" }).sort).toEqual({ column: "name", desc: true });
  });

  it("is optional", () => {
    expect(schema.parse({}).sort).toBeUndefined();
  });

  it.each(["created_at", "--price", "+price", "Price", "price,name", "", "-"])("refuses %j", (sort) => {
    expect(schema.safeParse({ sort }).success).toBe(false);
  });
});

describe("list dates PostgreSQL cannot store (issue 12's fuzzing)", () => {
  it.each(["0000-01-01", "0000-01-01T00:00:00Z", "10000-01-01"])("refuses %s", (value) => {
    expect(listDate.safeParse(value).success).toBe(false);
  });
});
