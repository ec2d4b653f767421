import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { newId } from "@/lib/ids";
import { listRange, type Page } from "@/lib/list-query";
import { adjustBalanceIn, newReferenceNo } from "@/server/balance/service";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { OrderRow } from "@/server/order/repository";
import type { OrderStatus } from "@/server/order/schema";
import { getOrderLines } from "@/server/order/service";
import { forgetCachedSessions } from "@/server/session/service";
import {
  findPaymentById,
  findPaymentsOf,
  findPendingPaymentsOfOrder,
  hidePaymentRow,
  insertPayment,
  movePaymentStatus,
  type PaymentRow,
} from "./repository";
import type {
  PaymentDetailDto,
  PaymentDto,
  PaymentGateway,
  PaymentMethod,
  paymentCancelSchema,
  paymentIdSchema,
  paymentListSchema,
} from "./schema";

export function toPaymentDto(row: PaymentRow, order: { referenceNo: string; appCode: string }): PaymentDto {
  return {
    _id: row.id,
    reference_no: row.referenceNo,
    order_id: row.orderId,
    order_reference_no: order.referenceNo,
    app_code: order.appCode,
    method: row.method as PaymentMethod,
    gateway: row.gateway as PaymentGateway,
    amount: row.amount,
    points_used: Number(row.pointsUsed),
    status: row.status as OrderStatus,
    note: row.note,
    transaction_id: row.gatewayTxn,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    is_hidden: row.isHidden,
  };
}

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

async function ownPayment(ctx: Ctx, id: string): Promise<PaymentRow> {
  const { user } = requireAuth(ctx);
  const payment = await findPaymentById(ctx.db, id);
  if (!payment || payment.userId !== user.id) throw new AppError("PAYMENT_NOT_FOUND");
  return payment;
}

/** /payment/my-payment and /payment/list: the person's attempts, hidden ones left out. */
export async function listPayments(ctx: Ctx, input: z.output<typeof paymentListSchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const { items, total } = await findPaymentsOf(ctx.db, user.id, {
    status: input.status,
    method: input.method,
    referenceNo: input.reference_no || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
    sort: input.sort,
  });
  const page: Page<PaymentDto> = {
    items: items.map((row) => toPaymentDto(row, { referenceNo: row.orderReferenceNo, appCode: row.appCode })),
    total,
  };
  return { data: page };
}

/** /payment/detail: every field of SPEC §2 and the order's real lines. */
export async function paymentDetail(ctx: Ctx, input: z.output<typeof paymentIdSchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const payment = await ownPayment(ctx, input.id);
  const { order, lines } = await getOrderLines(ctx.db, payment.orderId);
  const detail: PaymentDetailDto = {
    ...toPaymentDto(payment, { referenceNo: order.referenceNo, appCode: order.appCode }),
    order_total: order.total,
    order_status: order.status as OrderStatus,
    lines,
    customer: { email: user.email, fullname: user.fullname, phone: user.phone },
  };
  return { data: detail };
}

/** /payment/cancel: ends a pending attempt (the order stays payable); its points come back. */
export async function cancelPayment(
  ctx: Ctx,
  input: z.output<typeof paymentCancelSchema>,
): Promise<CallResult> {
  const payment = await ownPayment(ctx, input.id);
  if (payment.status !== "PENDING") throw new AppError("PAYMENT_NOT_PENDING");
  const now = ctx.clock();
  const done = await ctx.db.transaction((tx) => voidPayment(tx, payment, "CANCEL", now, input.note));
  if (!done) throw new AppError("PAYMENT_NOT_PENDING");
  void forgetCachedSessions({ userId: payment.userId });
  return { message: "commerce.paymentCancelled" };
}

/** /payment/hide: a cancelled or invalid attempt leaves the person's list. */
export async function hidePayment(ctx: Ctx, input: z.output<typeof paymentIdSchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  await ownPayment(ctx, input.id);
  const hidden = await hidePaymentRow(ctx.db, input.id, user.id);
  if (!hidden) throw new AppError("PAYMENT_NOT_HIDEABLE");
  return { message: "commerce.paymentHidden" };
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
