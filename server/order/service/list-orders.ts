import "server-only";
import type { z } from "zod";
import { listRange, type Page } from "@/lib/list-query";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import { findLines, findOrdersOf } from "../repository";
import type { myOrderSchema, OrderDto } from "../schema";
import { toOrderDto } from "./get-order";

/** /order/my-order: the person's orders, newest first, each with its lines. */
export async function listMyOrders(ctx: Ctx, input: z.output<typeof myOrderSchema>): Promise<Page<OrderDto>> {
  const { user } = requireAuth(ctx);
  const { items, total } = await findOrdersOf(ctx.db, user.id, {
    status: input.status,
    referenceNo: input.reference_no || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  // The lines of the page in one query: the list says what each order bought (app · package · store).
  const lines = await findLines(
    ctx.db,
    items.map((row) => row.id),
  );
  return {
    items: items.map((row) =>
      toOrderDto(
        row,
        lines.filter((line) => line.orderId === row.id),
      ),
    ),
    total,
  };
}

/** Whether the person has any order at all (the demo seed fills an account once). */
export async function hasOrders(db: Executor, userId: string): Promise<boolean> {
  return (await findOrdersOf(db, userId, { limit: 1, offset: 0 })).total > 0;
}
