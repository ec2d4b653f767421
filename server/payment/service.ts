import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { listRange, type Page } from "@/lib/list-query";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { PaymentRow } from "@/server/db/tables/commerce";
import type { OrderStatus } from "@/server/order/schema";
import { getOrderLines } from "@/server/order/service/get-order";
import { forgetCachedSessions } from "@/server/session/service";
import { voidPayment } from "./attempts";
import { findAllPaymentsOf, findPaymentById, findPaymentsOf, hidePaymentRow } from "./repository";
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

async function ownPayment(ctx: Ctx, id: string): Promise<PaymentRow> {
  const { user } = requireAuth(ctx);
  const payment = await findPaymentById(ctx.db, id);
  if (!payment || payment.userId !== user.id) throw new AppError("PAYMENT_NOT_FOUND");
  return payment;
}

/** /payment/my-payment and /payment/list: the person's attempts, hidden ones left out. */
export async function listPayments(
  ctx: Ctx,
  input: z.output<typeof paymentListSchema>,
): Promise<Page<PaymentDto>> {
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
  return {
    items: items.map((row) => toPaymentDto(row, { referenceNo: row.orderReferenceNo, appCode: row.appCode })),
    total,
  };
}

/** /payment/detail: every field of SPEC §2 and the order's real lines. */
export async function paymentDetail(
  ctx: Ctx,
  input: z.output<typeof paymentIdSchema>,
): Promise<PaymentDetailDto> {
  const { user } = requireAuth(ctx);
  const payment = await ownPayment(ctx, input.id);
  const { order, lines } = await getOrderLines(ctx.db, payment.orderId);
  return {
    ...toPaymentDto(payment, { referenceNo: order.referenceNo, appCode: order.appCode }),
    order_total: order.total,
    order_status: order.status as OrderStatus,
    lines,
    customer: { email: user.email, fullname: user.fullname, phone: user.phone },
  };
}

/** /payment/cancel: ends a pending attempt (the order stays payable); its points come back. */
export async function cancelPayment(ctx: Ctx, input: z.output<typeof paymentCancelSchema>): Promise<void> {
  const payment = await ownPayment(ctx, input.id);
  if (payment.status !== "PENDING") throw new AppError("PAYMENT_NOT_PENDING");
  const now = ctx.clock();
  const done = await ctx.db.transaction((tx) => voidPayment(tx, payment, "CANCEL", now, input.note));
  if (!done) throw new AppError("PAYMENT_NOT_PENDING");
  void forgetCachedSessions({ userId: payment.userId });
}

/** /payment/hide: a cancelled or invalid attempt leaves the person's list. */
export async function hidePayment(ctx: Ctx, input: z.output<typeof paymentIdSchema>): Promise<void> {
  const { user } = requireAuth(ctx);
  await ownPayment(ctx, input.id);
  const hidden = await hidePaymentRow(ctx.db, input.id, user.id);
  if (!hidden) throw new AppError("PAYMENT_NOT_HIDEABLE");
}

/** Every payment attempt of a person, hidden ones too (the data export). */
export function paymentsForExport(db: Executor, userId: string) {
  return findAllPaymentsOf(db, userId);
}
