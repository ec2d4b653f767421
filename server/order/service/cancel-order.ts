import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { cancelOrderSchema, OrderDto } from "../schema";
import { transitionOrder } from "../state";
import { getOwnOrder, toOrderDto } from "./get-order";

/** /order/cancel: SPEC §4's only offered transition, PENDING → CANCEL, with the person's note. */
export async function cancelOrder(ctx: Ctx, input: z.output<typeof cancelOrderSchema>): Promise<OrderDto> {
  const order = await getOwnOrder(ctx, input.id);
  if (order.status !== "PENDING") throw new AppError("ORDER_NOT_PENDING");
  const result = await transitionOrder(
    { db: ctx.db, env: ctx.env, now: ctx.clock() },
    { orderId: order.id, to: "CANCEL", actor: `user:${order.userId}`, note: input.note },
  );
  if (!result.changed) throw new AppError("ORDER_NOT_PENDING");
  return toOrderDto(result.order);
}
