import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "./schema";
import { canTransition, delivers, sourcesOf, TRANSITIONS } from "./transitions";

/** DESIGN §10, written out: PENDING → any end state; PAID_DEBIT → PAID | INVALID; the rest are final. */
const ALLOWED = new Set([
  "PENDING→PAID",
  "PENDING→PAID_DEBIT",
  "PENDING→CANCEL",
  "PENDING→INVALID",
  "PAID_DEBIT→PAID",
  "PAID_DEBIT→INVALID",
]);

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe("order transitions", () => {
  it("covers the five statuses", () => {
    expect(pairs).toHaveLength(25);
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each(pairs)("%s → %s", (from, to) => {
    const allowed = ALLOWED.has(`${from}→${to}`);
    expect(canTransition(from, to)).toBe(allowed);
    expect(TRANSITIONS[from].includes(to)).toBe(allowed);
  });

  it("never moves an order to PENDING or to the status it is in", () => {
    for (const from of ORDER_STATUSES) {
      expect(canTransition(from, "PENDING")).toBe(false);
      expect(canTransition(from, from)).toBe(false);
    }
  });

  it("lists the statuses each target may be reached from", () => {
    const expected: Record<OrderStatus, OrderStatus[]> = {
      PENDING: [],
      PAID: ["PENDING", "PAID_DEBIT"],
      PAID_DEBIT: ["PENDING"],
      CANCEL: ["PENDING"],
      INVALID: ["PENDING", "PAID_DEBIT"],
    };
    for (const to of ORDER_STATUSES) expect(sourcesOf(to).sort()).toEqual(expected[to].sort());
  });

  it.each(pairs)("delivers %s → %s only when a pending order is paid", (from, to) => {
    const expected = from === "PENDING" && (to === "PAID" || to === "PAID_DEBIT");
    expect(delivers(from, to)).toBe(expected);
  });

  it("does not deliver twice when an order on credit is settled", () => {
    expect(canTransition("PAID_DEBIT", "PAID")).toBe(true);
    expect(delivers("PAID_DEBIT", "PAID")).toBe(false);
  });
});
