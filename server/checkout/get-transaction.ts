import "server-only";
import type { z } from "zod";
import type { Ctx } from "@/server/context";
import type { getTransactionSchema } from "@/server/order/schema";
import { getOrderByTransaction } from "@/server/order/service/get-order";
import { findUserById } from "@/server/user/service";
import { checkoutMethods } from "./config";
import type { TransactionDto } from "./schema";
import { findOpenTransfer } from "./transfer";

const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, "$1***$2");

/**
 * /order/get-transaction: the order behind a checkout link. The transaction id is the
 * capability; the owner signed in sees the account details and the bank transfer they already
 * opened, anyone else a masked email. An unknown, cancelled or invalid order is 'Order not exists'.
 */
export async function getTransaction(
  ctx: Ctx,
  input: z.output<typeof getTransactionSchema>,
): Promise<TransactionDto> {
  const { order, dto } = await getOrderByTransaction(ctx.db, input.transaction_id);
  const owner = ctx.auth?.user.id === order.userId ? ctx.auth.user : undefined;
  const ownerEmail = owner?.email ?? (await findUserById(ctx, order.userId))?.email ?? "";
  return {
    ...dto,
    is_owner: Boolean(owner),
    methods: checkoutMethods(ctx.env),
    pending_transfer: owner ? await findOpenTransfer(ctx, order) : null,
    account: owner
      ? { email: ownerEmail, fullname: owner.fullname, phone: owner.phone, point: Number(owner.point) }
      : { email: maskEmail(ownerEmail) },
  };
}
