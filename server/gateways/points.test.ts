import { describe, expect, it } from "vitest";
import { attemptExpiresAt, isAttemptExpired, pointsOutcome, pointsToUse } from "./points";

describe("pointsToUse", () => {
  it.each([
    // points, total VND, use points → points used, VND due
    [0, 150_000, true, 0, 150_000],
    [10, 150_000, false, 0, 150_000],
    [10, 150_000, true, 10, 140_000],
    [10.99, 150_000, true, 10, 140_000], // only whole points are spent
    [0.5, 150_000, true, 0, 150_000],
    [500, 150_000, true, 150, 0], // capped by the total: a due of 0 pays at once
    [500, 150_500, true, 150, 500], // and by whole thousands, never below 0
    [500, 999, true, 0, 999],
    [3, 0, true, 0, 0],
    [2.9999999999999996, 10_000, true, 3, 7_000], // 2.99 + 0.01 in floating point is 3 points
    [-5, 10_000, true, 0, 10_000],
  ])("%d points, %d VND, use=%s → %d used, %d due", (points, total, use, used, due) => {
    expect(pointsToUse(points, total, use)).toEqual({ pointsUsed: used, dueVnd: due });
  });

  it("refuses a total that is not whole VND and points that are not a number", () => {
    expect(() => pointsToUse(1, 1000.5, true)).toThrow();
    expect(() => pointsToUse(1, -1000, true)).toThrow();
    expect(() => pointsToUse(Number.NaN, 1000, true)).toThrow();
  });
});

describe("attempt expiry", () => {
  const created = new Date("2024-12-31T17:30:00Z");

  it("is 15 minutes after creation unless told otherwise", () => {
    expect(attemptExpiresAt(created).toISOString()).toBe("2024-12-31T17:45:00.000Z");
    expect(attemptExpiresAt(created, 30).toISOString()).toBe("2024-12-31T18:00:00.000Z");
    expect(() => attemptExpiresAt(created, 0)).toThrow();
  });

  it.each([
    ["2024-12-31T17:44:59.999Z", false],
    ["2024-12-31T17:45:00.000Z", true],
    ["2025-01-01T00:00:00.000Z", true],
  ])("at %s expired=%s", (now, expired) => {
    expect(isAttemptExpired(attemptExpiresAt(created), new Date(now))).toBe(expired);
  });
});

describe("pointsOutcome", () => {
  it.each([
    ["PAID", 12, "spent"],
    ["PAID_DEBIT", 12, "spent"],
    ["PENDING", 12, "held"],
    ["CANCEL", 12, "returned"],
    ["INVALID", 0.5, "returned"],
    ["PAID", 0, "none"],
    ["CANCEL", 0, "none"],
    ["PENDING", Number.NaN, "none"],
  ] as const)("%s with %s points: %s", (status, points, outcome) => {
    expect(pointsOutcome(status, points)).toBe(outcome);
  });
});
