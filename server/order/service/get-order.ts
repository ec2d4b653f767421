import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { OrderLineRow, OrderRow } from "@/server/db/tables/commerce";
import { displayPackageCode } from "@/server/package/schema";
import {
  findLines,
  findOrderById,
  findOrderByReference,
  findOrderByTransaction,
  findOrdersByStatus,
  lockOrder,
} from "../repository";
import type { OrderDto, OrderLineDto, OrderStatus, orderIdSchema } from "../schema";

export function toOrderLineDto(row: OrderLineRow): OrderLineDto {
  return {
    _id: row.id,
    app_code: row.appCode,
    store_id: row.storeId,
    store_name: row.storeName,
    package_code: row.packageCode,
    display_code: displayPackageCode(row.packageCode),
    package_name: row.packageName,
    months: row.months,
    bonus_months: row.bonusMonths,
    subtotal: row.subtotal,
  };
}

export function toOrderDto(row: OrderRow, lines?: OrderLineRow[]): OrderDto {
  return {
    _id: row.id,
    reference_no: row.referenceNo,
    transaction_id: row.transactionId,
    app_code: row.appCode,
    status: row.status as OrderStatus,
    total: row.total,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    ...(lines ? { lines: lines.map(toOrderLineDto) } : {}),
  };
}

/** An order by id, or undefined (checkout, the payment status page). */
export const findOrder = (db: Executor, id: string): Promise<OrderRow | undefined> => findOrderById(db, id);

/** An order by its reference (a bank transfer's content, the operator's commands). */
export const findOrderByReferenceNo = (db: Executor, referenceNo: string): Promise<OrderRow | undefined> =>
  findOrderByReference(db, referenceNo);

/** Reads and locks an order for the rest of the caller's transaction (a checkout opening an attempt). */
export const lockOrderIn = (tx: Executor, id: string): Promise<OrderRow | undefined> => lockOrder(tx, id);

/** The newest orders in one status (the operator's pending list). */
export const findOrdersInStatus = (db: Executor, status: OrderStatus, limit: number): Promise<OrderRow[]> =>
  findOrdersByStatus(db, status, limit);

/** An order and its lines as DTOs (the payment detail, the receipt, a commission's detail). */
export async function getOrderLines(
  db: Executor,
  orderId: string,
): Promise<{ order: OrderRow; lines: OrderLineDto[] }> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new AppError("ORDER_NOT_FOUND");
  return { order, lines: (await findLines(db, [order.id])).map(toOrderLineDto) };
}

/**
 * The order behind a checkout link (its `transaction_id` is the capability) with its lines. An
 * unknown, cancelled or invalid order is ORDER_NOT_FOUND ('Order not exists').
 */
export async function getOrderByTransaction(
  db: Executor,
  transactionId: string,
): Promise<{ order: OrderRow; dto: OrderDto }> {
  const order = await findOrderByTransaction(db, transactionId);
  if (!order || order.status === "CANCEL" || order.status === "INVALID")
    throw new AppError("ORDER_NOT_FOUND");
  return { order, dto: toOrderDto(order, await findLines(db, [order.id])) };
}

/** The signed-in person's order; someone else's is as unknown as a missing one. */
export async function getOwnOrder(ctx: Ctx, id: string): Promise<OrderRow> {
  const { user } = requireAuth(ctx);
  const order = await findOrderById(ctx.db, id);
  if (!order || order.userId !== user.id) throw new AppError("ORDER_NOT_FOUND");
  return order;
}

/** /order/detail: the order and its lines. */
export async function orderDetail(ctx: Ctx, input: z.output<typeof orderIdSchema>): Promise<OrderDto> {
  const order = await getOwnOrder(ctx, input.id);
  return toOrderDto(order, await findLines(ctx.db, [order.id]));
}
