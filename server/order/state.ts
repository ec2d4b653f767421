import "server-only";
import type { Env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/logger";
import { recordCommissions, voidCommissions } from "@/server/affiliate/commissions";
import { newReferenceNo } from "@/server/balance/service";
import type { Db, Executor } from "@/server/db/client";
import type { OrderLineRow, OrderRow } from "@/server/db/tables/commerce";
import { type EventType, enqueueEvent } from "@/server/outbox/service";
import { markPaymentPaid, recordOfflinePayment, voidPendingPayments } from "@/server/payment/attempts";
import { grantPurchaseReward } from "@/server/referral/service";
import { forgetCachedSessions } from "@/server/session/service";
import { extendStore } from "@/server/store/service";
import {
  findLines,
  findOrderById,
  findOwnerEmail,
  insertOrderEvent,
  lockOrder,
  moveOrderStatus,
} from "./repository";
import type { OrderStatus } from "./schema";
import { canTransition, delivers } from "./transitions";

/** Who moved an order: `user:<id>`, `operator:<name>`, `gateway:<name>`, `bank`, `system`. */
export type Actor = string;

export type TransitionInput = {
  orderId: string;
  to: Exclude<OrderStatus, "PENDING">;
  actor: Actor;
  note?: string;
  /** The attempt that paid (a gateway callback, a bank notification); else an offline payment is recorded. */
  payment?: { id: string; gatewayTxn?: string; rawCallback?: unknown };
  /** Paid with a partner's credit (recorded as a CREDIT payment instead of cash). */
  paidWithCredit?: boolean;
};

export type TransitionResult =
  | {
      changed: true;
      order: OrderRow;
      from: OrderStatus;
      eventId?: string;
      /** Each delivered line's store expiry (by line id). */
      expiries: Map<string, Date | null>;
    }
  | {
      changed: false;
      order: OrderRow | undefined;
      reason: "not_found" | "not_allowed" | "payment_not_pending";
    };

const EVENT_OF: Record<Exclude<OrderStatus, "PENDING">, EventType> = {
  PAID: "order.paid",
  PAID_DEBIT: "order.paid",
  CANCEL: "order.cancelled",
  INVALID: "order.invalid",
};

/** Rolls back the transaction and carries the reason out of it. */
class NoChange extends Error {
  constructor(readonly reason: "payment_not_pending") {
    super(reason);
  }
}

function eventData(order: OrderRow, lines: OrderLineRow[], email: string, stores: Map<string, Date | null>) {
  return {
    order_id: order.id,
    reference_no: order.referenceNo,
    transaction_id: order.transactionId,
    app_code: order.appCode,
    status: order.status,
    total: order.total,
    user: { id: order.userId, email },
    lines: lines.map((l) => ({
      store_id: l.storeId,
      store_name: l.storeName,
      package_code: l.packageCode,
      months: l.months,
      bonus_months: l.bonusMonths,
      subtotal: l.subtotal,
      ...(stores.has(l.id) ? { store_expires_at: stores.get(l.id)?.toISOString() ?? null } : {}),
    })),
  };
}

/**
 * The one place an order changes status (DESIGN §10). In one transaction, guarded by the
 * current status (the row is locked, then moved only from what was read): the order and its
 * attempts, each paid line's store (months + bonus months), the referrer's purchase reward,
 * the affiliate commissions, the audit row and the product event. A replay or a race that finds
 * the order already moved changes nothing and answers `changed: false`.
 */
export async function transitionOrder(
  deps: { db: Db; env: Env; now: Date },
  input: TransitionInput,
): Promise<TransitionResult> {
  const { db, env, now } = deps;
  let result: TransitionResult;
  try {
    result = await db.transaction((tx) => transitionOrderIn(tx, { env, now }, input));
  } catch (error) {
    if (error instanceof NoChange) {
      return { changed: false, order: await findOrderById(db, input.orderId), reason: error.reason };
    }
    throw error;
  }
  if (result.changed) void forgetCachedSessions({ userId: result.order.userId });
  return result;
}

/**
 * `transitionOrder` inside the caller's transaction `tx` (a partner's upgrade creates, pays for
 * and delivers an order in one transaction). A paying attempt that is no longer pending throws
 * and so rolls the caller back.
 */
export async function transitionOrderIn(
  tx: Executor,
  deps: { env: Env; now: Date },
  input: TransitionInput,
): Promise<TransitionResult> {
  const { env, now } = deps;
  const current = await lockOrder(tx, input.orderId);
  if (!current) return { changed: false, order: undefined, reason: "not_found" };
  const from = current.status as OrderStatus;
  if (!canTransition(from, input.to)) return { changed: false, order: current, reason: "not_allowed" };
  const moved = await moveOrderStatus(tx, {
    id: current.id,
    from: [from],
    to: input.to,
    note: input.note,
    actor: input.actor,
    now,
  });
  if (!moved) return { changed: false, order: current, reason: "not_allowed" };
  await insertOrderEvent(tx, {
    id: newId(),
    orderId: moved.id,
    fromStatus: from,
    toStatus: input.to,
    actor: input.actor,
    note: input.note ?? null,
    createdAt: now,
  });
  const lines = await findLines(tx, [moved.id]);
  const expiries = new Map<string, Date | null>();

  if (input.to === "PAID" || input.to === "PAID_DEBIT") {
    await settlePayments(tx, moved, input, now);
  } else {
    await voidPendingPayments(tx, moved.id, input.to, now, input.note);
    // A cancelled or written-off order earns nobody anything: its unpaid commissions end.
    await voidCommissions(tx, moved.id, now);
  }

  if (delivers(from, input.to)) {
    for (const line of lines) {
      const store = await extendStore(
        tx,
        {
          appCode: line.appCode,
          storeId: line.storeId,
          storeName: line.storeName,
          ownerId: moved.userId,
          packageCode: line.packageCode,
          months: line.months + line.bonusMonths,
          price: line.subtotal,
        },
        now,
      );
      if (store) expiries.set(line.id, store.expiresAt);
      else
        logger.warn(
          { order: moved.id, store: line.storeId },
          "paid line's store belongs to someone else: not extended",
        );
    }
    await grantPurchaseReward(tx, env, moved.userId);
    await recordCommissions(tx, env, moved, lines, now);
  }

  const email = await findOwnerEmail(tx, moved.userId);
  const eventId = await enqueueEvent(tx, {
    appCode: moved.appCode,
    type: EVENT_OF[input.to],
    data: eventData(moved, lines, email, expiries),
    now,
  });
  return { changed: true, order: moved, from, eventId, expiries };
}

async function settlePayments(tx: Executor, order: OrderRow, input: TransitionInput, now: Date) {
  if (input.payment) {
    const paid = await markPaymentPaid(tx, {
      id: input.payment.id,
      now,
      gatewayTxn: input.payment.gatewayTxn,
      rawCallback: input.payment.rawCallback,
    });
    if (!paid) throw new NoChange("payment_not_pending");
  } else if (input.to === "PAID") {
    // Paid outside the gateways (a confirmed transfer, cash): the operator's payment row.
    await recordOfflinePayment(tx, {
      order,
      referenceNo: newReferenceNo("PM", now),
      operator: input.actor,
      note: input.note,
      now,
      gateway: input.paidWithCredit ? "CREDIT" : "CASH",
    });
  }
  // Another tab's attempt of the same order will never be needed: void it, points back.
  await voidPendingPayments(tx, order.id, "CANCEL", now, "order paid by another attempt");
}
