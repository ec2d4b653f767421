import { describe, expect, it } from "vitest";
import { pageCount, pageWindow, shownRange } from "./pager";

describe("pageCount", () => {
  it("rounds up and never goes below one page", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(11, 2)).toBe(6);
  });
});

describe("pageWindow", () => {
  it("shows every page when there are five or fewer", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("starts at page 1 near the start", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it("centres the current page in the middle", () => {
    expect(pageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
  });

  it("ends at the last page near the end", () => {
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it("keeps a page past the end or before the start inside the range", () => {
    expect(pageWindow(99, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(0, 6)).toEqual([1, 2, 3, 4, 5]);
  });

  it("takes another window size", () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  });
});

describe("shownRange", () => {
  it("counts the rows of this page from the offset", () => {
    expect(shownRange(0, 20)).toEqual({ from: 1, to: 20 });
    expect(shownRange(4, 2)).toEqual({ from: 5, to: 6 });
    expect(shownRange(10, 1)).toEqual({ from: 11, to: 11 });
  });

  it("is 0…0 for an empty page", () => {
    expect(shownRange(40, 0)).toEqual({ from: 0, to: 0 });
  });
});
