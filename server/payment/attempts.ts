import "server-only";
import { newId } from "@/lib/ids";
import { adjustBalanceIn, newReferenceNo } from "@/server/balance/service";
import type { Executor } from "@/server/db/client";
import type { OrderRow, PaymentRow } from "@/server/db/tables/commerce";
import {
  findExpiredPending,
  findPaymentByGatewayRef,
  findPaymentById,
  findPendingAttempts,
  findPendingPaymentsOfOrder,
  insertPayment,
  movePaymentStatus,
  recordLatePayment,
  setPaymentGatewayRef,
} from "./repository";
import type { PaymentGateway, PaymentMethod } from "./schema";

// The attempts to pay an order as the order state module and the checkout use them. Nothing here
// reads or moves an order: the state module calls these inside its transition, never the reverse.

/** An attempt by id, or undefined. */
export const findPayment = (db: Executor, id: string): Promise<PaymentRow | undefined> =>
  findPaymentById(db, id);

/** The attempt a gateway names by its reference (`vnp_TxnRef`, `app_trans_id`), or undefined. */
export const findPaymentOfGateway = (
  db: Executor,
  gateway: PaymentGateway,
  gatewayRef: string,
): Promise<PaymentRow | undefined> => findPaymentByGatewayRef(db, gateway, gatewayRef);

/** The pending attempts of an order through `gateway`, newest first (a bank transfer pays one the person opened). */
export const findPendingAttemptsOf = (
  db: Executor,
  orderId: string,
  gateway: PaymentGateway,
): Promise<PaymentRow[]> => findPendingAttempts(db, orderId, gateway);

/** Pending attempts past their expiry, oldest first (the sweeper and the reconciliation). */
export const findExpiredAttempts = (db: Executor, now: Date, limit: number): Promise<PaymentRow[]> =>
  findExpiredPending(db, now, limit);

/** Names the attempt at its gateway (set once the attempt exists, in the same transaction). */
export const setAttemptGatewayRef = (tx: Executor, id: string, gatewayRef: string): Promise<void> =>
  setPaymentGatewayRef(tx, id, gatewayRef);

/**
 * Money a gateway took for an attempt that had already ended (another attempt paid the order,
 * or it expired): kept findable for the refund, once. Undefined when it was recorded before.
 */
export const recordLateAttempt = (
  db: Executor,
  options: { id: string; gatewayTxn?: string; rawCallback: unknown; note: string; now: Date },
): Promise<PaymentRow | undefined> => recordLatePayment(db, options);

/** Marks one attempt paid (inside the order's transition); undefined when it was no longer pending. */
export async function markPaymentPaid(
  tx: Executor,
  options: { id: string; now: Date; gatewayTxn?: string; rawCallback?: unknown },
): Promise<PaymentRow | undefined> {
  return movePaymentStatus(tx, { ...options, to: "PAID" });
}

/** The payment row of an order paid outside the gateways (operator: a confirmed transfer, cash; a partner's credit). */
export async function recordOfflinePayment(
  tx: Executor,
  options: {
    order: OrderRow;
    referenceNo: string;
    operator: string;
    note?: string;
    now: Date;
    gateway?: "CASH" | "CREDIT";
  },
): Promise<PaymentRow> {
  return insertPayment(tx, {
    id: newId(),
    orderId: options.order.id,
    userId: options.order.userId,
    referenceNo: options.referenceNo,
    method: "OFFLINE_METHOD",
    gateway: options.gateway ?? "CASH",
    amount: options.order.total,
    status: "PAID",
    operator: options.operator,
    note: options.note ?? null,
    paidAt: options.now,
    createdAt: options.now,
    updatedAt: options.now,
  });
}

/**
 * Ends one pending attempt (cancelled, failed, expired, or the order ended) and gives its points
 * back with a point-log row, in the caller's transaction. False when it was no longer pending.
 */
export async function voidPayment(
  tx: Executor,
  payment: PaymentRow,
  to: "CANCEL" | "INVALID",
  now: Date,
  note?: string,
): Promise<boolean> {
  const moved = await movePaymentStatus(tx, { id: payment.id, to, now, note });
  if (!moved) return false;
  const points = Number(payment.pointsUsed);
  if (points > 0) {
    await adjustBalanceIn(tx, {
      userId: payment.userId,
      balance: "point",
      amount: points,
      reason: { key: "pointsReturned", params: { payment: payment.referenceNo, status: to } },
      referenceNo: `${payment.referenceNo}-R`,
      now,
    });
  }
  return true;
}

/** Voids every pending attempt of an order (it was paid another way, cancelled or invalidated). */
export async function voidPendingPayments(
  tx: Executor,
  orderId: string,
  to: "CANCEL" | "INVALID",
  now: Date,
  note?: string,
): Promise<number> {
  let count = 0;
  for (const payment of await findPendingPaymentsOfOrder(tx, orderId)) {
    if (await voidPayment(tx, payment, to, now, note)) count += 1;
  }
  return count;
}

/** Opens a pending attempt to pay an order (checkout; the demo seed). */
export async function openAttempt(
  tx: Executor,
  options: {
    order: OrderRow;
    method: PaymentMethod;
    gateway: PaymentGateway;
    amount: number;
    pointsUsed?: number;
    gatewayRef?: string;
    expiresAt?: Date;
    now: Date;
  },
): Promise<PaymentRow> {
  return insertPayment(tx, {
    id: newId(),
    orderId: options.order.id,
    userId: options.order.userId,
    referenceNo: newReferenceNo("PM", options.now),
    method: options.method,
    gateway: options.gateway,
    amount: options.amount,
    pointsUsed: (options.pointsUsed ?? 0).toFixed(2),
    status: "PENDING",
    gatewayRef: options.gatewayRef ?? null,
    expiresAt: options.expiresAt ?? null,
    createdAt: options.now,
    updatedAt: options.now,
  });
}
