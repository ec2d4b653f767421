// DESIGN §10 order state machine, pure: which status may follow which. server/order/state.ts
// applies a transition and everything it implies; this file only says whether it is allowed.
import type { OrderStatus } from "./schema";

/**
 * PENDING moves to any end state; an order delivered on credit (PAID_DEBIT) is settled (PAID)
 * or written off (INVALID). PAID, CANCEL and INVALID are final.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ["PAID", "PAID_DEBIT", "CANCEL", "INVALID"],
  PAID_DEBIT: ["PAID", "INVALID"],
  PAID: [],
  CANCEL: [],
  INVALID: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses an order may be in for a move to `to`. */
export function sourcesOf(to: OrderStatus): OrderStatus[] {
  return (Object.keys(TRANSITIONS) as OrderStatus[]).filter((from) => canTransition(from, to));
}

/** Whether reaching `to` from `from` delivers the order (stores extended, rewards, commissions). */
export function delivers(from: OrderStatus, to: OrderStatus): boolean {
  return from === "PENDING" && (to === "PAID" || to === "PAID_DEBIT");
}
