import "server-only";
import { createHash } from "node:crypto";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import type { OrderRow } from "@/server/db/tables/commerce";
import { resolveToken } from "@/server/session/service";
import { findOrderByIdempotencyKey } from "../repository";
import type { CreatedOrderDto, createOrderSchema, OrderStatus } from "../schema";
import { type LineInput, placeOrder } from "./place-order";

const requestHash = (appCode: string, userId: string, input: z.output<typeof createOrderSchema>) =>
  createHash("sha256")
    .update(JSON.stringify([appCode, userId, input.lines, input.note ?? null]))
    .digest("hex");

function createdDto(ctx: Ctx, order: OrderRow): CreatedOrderDto {
  const url = new URL("/checkout", ctx.origin);
  url.searchParams.set("transaction_id", order.transactionId);
  url.searchParams.set("app_code", order.appCode);
  return {
    order_id: order.id,
    transaction_id: order.transactionId,
    reference_no: order.referenceNo,
    total: order.total,
    status: order.status as OrderStatus,
    checkout_url: url.toString(),
  };
}

function replay(ctx: Ctx, existing: OrderRow, hash: string): CreatedOrderDto {
  if (existing.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
  return createdDto(ctx, existing);
}

/**
 * POST /order/create (DESIGN §11): a product orders for a person it holds a token of. Prices,
 * bonus months, discounts and commission settings come from the catalog of the product's own
 * app. An Idempotency-Key answers a retry with the same order; the same key with another body
 * is refused. Nothing is written on any refusal.
 */
export async function createOrder(
  ctx: Ctx,
  input: z.output<typeof createOrderSchema>,
): Promise<CreatedOrderDto> {
  const product = ctx.product;
  if (!product) throw new Error("createOrder on a call whose auth mode is not 'product'");
  const appCode = product.appCode;
  const now = ctx.clock();
  const person = await resolveToken(ctx.db, input.token, now);
  if (!person || person.session.appCode.toLowerCase() !== appCode) throw new AppError("PERSON_TOKEN_INVALID");
  // The same person and lines with a refreshed token is still the same request.
  const hash = requestHash(appCode, person.user.id, input);
  const key = product.idempotencyKey;
  if (key) {
    const existing = await findOrderByIdempotencyKey(ctx.db, appCode, key);
    if (existing) return replay(ctx, existing, hash);
  }
  try {
    const { order } = await ctx.db.transaction((tx) =>
      placeOrder(tx, {
        userId: person.user.id,
        appCode,
        lines: input.lines,
        note: input.note,
        createdBy: `product:${appCode}`,
        idempotencyKey: key,
        requestHash: hash,
        now,
      }),
    );
    return createdDto(ctx, order);
  } catch (error) {
    // Two retries with one key at the same moment: the loser answers the winner's order.
    if (key && !(error instanceof AppError)) {
      const existing = await findOrderByIdempotencyKey(ctx.db, appCode, key);
      if (existing) return replay(ctx, existing, hash);
    }
    throw error;
  }
}

/** The operator's order for a person (a support case, the demo seed): the same rules as a product's. */
export async function createOrderAsOperator(
  db: Db,
  options: {
    userId: string;
    appCode: string;
    lines: LineInput[];
    note?: string;
    operator: string;
    now: Date;
  },
): Promise<OrderRow> {
  const { order } = await db.transaction((tx) =>
    placeOrder(tx, {
      userId: options.userId,
      appCode: options.appCode,
      lines: options.lines,
      note: options.note,
      createdBy: options.operator,
      now: options.now,
    }),
  );
  return order;
}
