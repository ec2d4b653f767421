import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { listRange, type Page } from "@/lib/list-query";
import { logger } from "@/lib/logger";
import { reconcileDeps } from "@/server/checkout/apply";
import { applyBankTransfer, type TransferOutcome } from "@/server/checkout/bank";
import { type Ctx, requireAuth } from "@/server/context";
import type { OrderStatus } from "@/server/order/schema";
import { toOrderLineDto } from "@/server/order/service/get-order";
import { type LineInput, placeOrder } from "@/server/order/service/place-order";
import { transitionOrderIn } from "@/server/order/state";
import { forgetCachedSessions } from "@/server/session/service";
import { findUserByEmail } from "@/server/user/service";
import { type OperatorCtx, recordAudit } from "./audit";
import {
  findAnyOrdersPage,
  findOrderHistory,
  findOrderWithPerson,
  type OrderWithPerson,
} from "./orders-repository";
import type {
  AdminOrderDetailDto,
  AdminOrderRowDto,
  adminOrderListSchema,
  MarkableStatus,
  TransferConfirmedDto,
} from "./orders-schema";
import { toAttemptDto } from "./payments";

// The operator console's orders (/admin/orders) and the command line's `orders create|mark|
// confirm-transfer`: one set of services, each change with its audit row. Statuses move only
// through the order state module (server/order/state.ts); a confirmed transfer goes the bank
// notification's way (server/checkout/bank.ts), so it pays once however it races.

/** Orders are moved and created in the operator's name, as the command line always wrote it. */
const actorOf = (ctx: OperatorCtx) => `operator:${ctx.operator.name}`;

export function toAdminOrderRow(row: OrderWithPerson): AdminOrderRowDto {
  return {
    _id: row.id,
    id: row.id,
    reference_no: row.referenceNo,
    person_id: row.userId,
    person_email: row.email,
    app_code: row.appCode,
    status: row.status as OrderStatus,
    total: row.total,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

async function orderByKey(ctx: Pick<OperatorCtx, "db">, key: string): Promise<OrderWithPerson> {
  const order = await findOrderWithPerson(ctx.db, key.trim());
  if (!order) throw new AppError("ORDER_NOT_FOUND");
  return order;
}

/** /admin/orders/list: every person's orders, newest first, by status, reference, person, product and days. */
export async function listAnyOrders(
  ctx: Ctx,
  input: z.output<typeof adminOrderListSchema>,
): Promise<Page<AdminOrderRowDto>> {
  const { user } = requireAuth(ctx);
  const found = await findAnyOrdersPage(ctx.db, {
    status: input.status,
    referenceNo: input.reference_no || undefined,
    person: input.person || undefined,
    app: input.app || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map(toAdminOrderRow), total: found.total };
}

/** /admin/orders/get: an order with its lines, attempts (gateway answers as stored), status changes and transfers. */
export async function getAnyOrder(ctx: Ctx, input: { id: string }): Promise<AdminOrderDetailDto> {
  const order = await orderByKey(ctx, input.id);
  const history = await findOrderHistory(ctx.db, order);
  return {
    order: {
      ...toAdminOrderRow(order),
      note: order.note,
      status_note: order.statusNote,
      status_by: order.statusBy,
      credit: Number(order.credit),
      updated_at: order.updatedAt.toISOString(),
      person_fullname: order.fullname,
    },
    lines: history.lines.map(toOrderLineDto),
    attempts: history.attempts.map(toAttemptDto),
    events: history.events.map((e) => ({
      id: e.id,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      actor: e.actor,
      note: e.note,
      at: e.createdAt.toISOString(),
    })),
    transfers: history.transfers.map((t) => ({
      id: t.id,
      amount: t.amount,
      content: t.content,
      status: t.status,
      actor: t.actor,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
    })),
  };
}

/**
 * /admin/orders/mark (and `orders mark`): moves an order through the state module with the
 * operator's note — stores, rewards, commissions and the product event follow — and writes the
 * audit row in the same transaction. A move its rules refuse is ORDER_STATUS_NOT_ALLOWED.
 */
export async function markOrder(
  ctx: OperatorCtx,
  input: { id: string; status: MarkableStatus; note: string },
): Promise<{ order: AdminOrderRowDto; from: OrderStatus; audit_id: string }> {
  const order = await orderByKey(ctx, input.id);
  const now = ctx.clock();
  const done = await ctx.db.transaction(async (tx) => {
    const moved = await transitionOrderIn(
      tx,
      { env: env(), now },
      { orderId: order.id, to: input.status, actor: actorOf(ctx), note: input.note },
    );
    if (!moved.changed)
      throw new AppError(moved.reason === "not_found" ? "ORDER_NOT_FOUND" : "ORDER_STATUS_NOT_ALLOWED");
    const auditId = await recordAudit(tx, ctx, {
      action: "order.mark",
      targetType: "order",
      targetId: order.id,
      before: { status: moved.from },
      after: { status: moved.order.status },
      note: input.note,
    });
    return { moved, auditId };
  });
  void forgetCachedSessions({ userId: order.userId });
  return {
    order: toAdminOrderRow({ ...done.moved.order, email: order.email, fullname: order.fullname }),
    from: done.moved.from,
    audit_id: done.auditId,
  };
}

/**
 * /admin/orders/confirm-transfer (and `orders confirm-transfer`): the operator saw `amount` arrive
 * for the order; it is applied the bank notification's way, once per confirmation: `matched` paid
 * it, `partial` (less than the due) and `late` (no longer pending: a refund) are recorded. The
 * audit row follows the transfer's own transactions, with what it did. `unknown: "record"` (the
 * command line) records a reference of no order as unmatched instead of refusing it.
 */
export async function confirmTransfer(
  ctx: OperatorCtx,
  input: { id: string; amount: number; transferId?: string; unknown?: "refuse" | "record" },
): Promise<Omit<TransferConfirmedDto, "order"> & { order: AdminOrderRowDto | null }> {
  const key = input.id.trim().toUpperCase();
  const order = await findOrderWithPerson(ctx.db, input.id.trim());
  if (!order && input.unknown !== "record") throw new AppError("ORDER_NOT_FOUND");
  const reference = order?.referenceNo ?? key;
  const now = ctx.clock();
  const transferId = input.transferId ?? `manual-${reference}-${newId()}`;
  const outcome: TransferOutcome = await applyBankTransfer(
    { ...reconcileDeps(ctx.db, env(), logger), now },
    {
      id: transferId,
      amount: input.amount,
      content: reference,
      raw: { confirmed_by: ctx.operator.name, reference, amount: input.amount },
      actor: actorOf(ctx),
    },
  );
  const after = order ? ((await findOrderWithPerson(ctx.db, order.id)) ?? order) : null;
  const auditId = await recordAudit(ctx.db, ctx, {
    action: "order.confirm_transfer",
    targetType: order ? "order" : "transfer",
    targetId: order?.id ?? transferId,
    before: { status: order?.status ?? null },
    after: { status: after?.status ?? null, outcome, transfer_id: transferId, amount: input.amount },
  });
  return {
    outcome,
    transfer_id: transferId,
    order: after ? toAdminOrderRow(after) : null,
    audit_id: auditId,
  };
}

/** `orders create`: a support case's order for a person, priced from the catalog, with its audit row. */
export async function createOrderForPerson(
  ctx: OperatorCtx,
  input: { email: string; app: string; lines: LineInput[]; note?: string },
) {
  const user = await findUserByEmail({ db: ctx.db }, input.email.trim());
  if (!user) throw new AppError("USER_NOT_FOUND", { params: { email: input.email } });
  return ctx.db.transaction(async (tx) => {
    const { order } = await placeOrder(tx, {
      userId: user.id,
      appCode: input.app.toLowerCase(),
      lines: input.lines,
      note: input.note,
      createdBy: actorOf(ctx),
      now: ctx.clock(),
    });
    await recordAudit(tx, ctx, {
      action: "order.create",
      targetType: "order",
      targetId: order.id,
      before: null,
      after: {
        reference_no: order.referenceNo,
        // The person's id, not their email: the id stays an anonymous owner once they are erased.
        person_id: user.id,
        app_code: order.appCode,
        status: order.status,
        total: order.total,
        lines: input.lines,
      },
      note: input.note,
    });
    return order;
  });
}
