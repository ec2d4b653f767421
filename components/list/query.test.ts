import { describe, expect, it } from "vitest";
import { DEFAULT_LIST_STATE, isDay, listRequestBody, parseListQuery, serialiseListQuery } from "./query";

const OPTIONS = { filters: { type: ["ADMIN_ADD", "USER_BUY_ORDER"] }, sortable: ["created_at", "point"] };
const parse = (query: string) => parseListQuery(new URLSearchParams(query), OPTIONS);

describe("isDay", () => {
  it("takes real YYYY-MM-DD days only", () => {
    expect(isDay("2025-02-28")).toBe(true);
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2025-02-29")).toBe(false);
    expect(isDay("2025-13-01")).toBe(false);
    expect(isDay("2025-1-01")).toBe(false);
    expect(isDay("01/02/2025")).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe("parseListQuery", () => {
  it("gives the defaults for a bare URL: page 1, 20 a page (SPEC §9)", () => {
    expect(parse("")).toEqual(DEFAULT_LIST_STATE);
  });

  it("reads page, size, days, sort and allowed filters", () => {
    expect(parse("from=2025-01-01&to=2025-01-31&type=ADMIN_ADD&sort=-point&size=2&page=3")).toEqual({
      page: 3,
      size: 2,
      from: "2025-01-01",
      to: "2025-01-31",
      sort: { id: "point", desc: true },
      filters: { type: "ADMIN_ADD" },
    });
    expect(parse("sort=created_at").sort).toEqual({ id: "created_at", desc: false });
  });

  it("drops what is malformed or not allowed", () => {
    expect(parse("size=7&page=0&from=2025-02-30&to=x&sort=email&type=HACK&other=1")).toEqual(
      DEFAULT_LIST_STATE,
    );
    expect(parse("page=-2").page).toBe(1);
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("size=20abc").size).toBe(20);
  });

  it("takes each page size of SPEC §9", () => {
    for (const size of [2, 20, 50, 100, 200]) expect(parse(`size=${size}`).size).toBe(size);
  });

  it("swaps a range written backwards", () => {
    expect(parse("from=2025-03-10&to=2025-03-01")).toMatchObject({ from: "2025-03-01", to: "2025-03-10" });
  });

  it("keeps the offset within what the server takes", () => {
    expect(parse("page=999999999&size=200").page).toBe(5001);
  });

  it("ignores filters a list does not declare", () => {
    expect(parseListQuery(new URLSearchParams("type=ADMIN_ADD&sort=point")).filters).toEqual({});
    expect(parseListQuery(new URLSearchParams("sort=point")).sort).toBeNull();
  });
});

describe("serialiseListQuery", () => {
  it("leaves the defaults out", () => {
    expect(serialiseListQuery(DEFAULT_LIST_STATE)).toBe("");
    expect(serialiseListQuery({ ...DEFAULT_LIST_STATE, page: 1, size: 20 })).toBe("");
  });

  it("writes keys in a fixed order", () => {
    expect(
      serialiseListQuery({
        page: 2,
        size: 50,
        from: "2025-01-01",
        to: "2025-01-02",
        sort: { id: "created_at", desc: true },
        filters: { type: "USER_BUY_ORDER" },
      }),
    ).toBe("from=2025-01-01&to=2025-01-02&type=USER_BUY_ORDER&sort=-created_at&size=50&page=2");
  });

  it("round-trips through parseListQuery", () => {
    for (const query of [
      "",
      "page=4",
      "size=2&page=3",
      "from=2025-05-01&to=2025-05-31&type=ADMIN_ADD",
      "sort=point",
      "to=2025-12-31&sort=-created_at&size=200",
    ]) {
      expect(serialiseListQuery(parse(query))).toBe(query);
    }
  });
});

describe("listRequestBody", () => {
  it("turns page and size into limit and offset", () => {
    expect(listRequestBody({ ...DEFAULT_LIST_STATE, page: 3, size: 2 }, "UTC")).toEqual({
      limit: 2,
      offset: 4,
    });
  });

  it("sends the days as the start and end instants in the person's zone (SPEC §5)", () => {
    const body = listRequestBody(
      { ...DEFAULT_LIST_STATE, from: "2025-03-01", to: "2025-03-31", filters: { type: "ADMIN_ADD" } },
      "Asia/Ho_Chi_Minh",
    );
    expect(body).toEqual({
      limit: 20,
      offset: 0,
      type: "ADMIN_ADD",
      from_date: "2025-02-28T17:00:00.000Z",
      to_date: "2025-03-31T16:59:59.999Z",
    });
  });

  it("sends an open end when only one day is set", () => {
    const body = listRequestBody({ ...DEFAULT_LIST_STATE, to: "2025-03-31" }, "UTC");
    expect(body).toEqual({ limit: 20, offset: 0, to_date: "2025-03-31T23:59:59.999Z" });
  });
});
