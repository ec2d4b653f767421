import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { listRange } from "@/lib/list-query";
import { type Ctx, requireAuth } from "@/server/context";
import { getOrderLines } from "@/server/order/service";
import { findCommission, findCommissions, findCustomers } from "./repository";
import type {
  CommissionDetailDto,
  CommissionDto,
  CommissionPage,
  CommissionStatus,
  CustomerPage,
  commissionIdSchema,
  commissionListSchema,
  customerListSchema,
} from "./schema";

type CommissionJoin = Awaited<ReturnType<typeof findCommissions>>["items"][number];

export function toCommissionDto(row: CommissionJoin): CommissionDto {
  const c = row.commission;
  return {
    _id: c.id,
    email: row.email,
    order_id: c.orderId,
    order_reference_no: row.orderReferenceNo,
    level: c.level,
    type: c.type as CommissionDto["type"],
    program: c.program,
    order_amount: c.orderAmount,
    rate: Number(c.rate),
    amount: c.amount,
    status: c.status as CommissionStatus,
    invoice_id: c.invoiceId,
    invoiced_at: c.invoicedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
  };
}

/** /affilate/my-affilate-list: the people who signed up with the person's code, and how many paid. */
export async function listCustomers(
  ctx: Ctx,
  input: z.output<typeof customerListSchema>,
): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const found = await findCustomers(ctx.db, user.id, {
    search: input.search || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  const page: CustomerPage = {
    items: found.items.map((c) => ({
      _id: c.id,
      email: c.email,
      fullname: c.fullname,
      phone: c.phone,
      created_at: c.createdAt.toISOString(),
      has_purchased: Boolean(c.hasPurchased),
    })),
    total: found.total,
    total_purchased: found.totalPurchased,
  };
  return { data: page };
}

/** /affilate/my-commission and /affilate/commission-list: with the running total of the filter. */
export async function listCommissions(
  ctx: Ctx,
  input: z.output<typeof commissionListSchema>,
): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const found = await findCommissions(ctx.db, user.id, {
    invoiced: input.is_invoiced,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  const page: CommissionPage = {
    items: found.items.map(toCommissionDto),
    total: found.total,
    total_amount: found.totalAmount,
  };
  return { data: page };
}

/** /affilate/commission-detail: one commission and the lines of its order. */
export async function commissionDetail(
  ctx: Ctx,
  input: z.output<typeof commissionIdSchema>,
): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const row = await findCommission(ctx.db, input.id);
  if (!row || row.commission.affiliateId !== user.id) throw new AppError("COMMISSION_NOT_FOUND");
  const { lines } = await getOrderLines(ctx.db, row.commission.orderId);
  const detail: CommissionDetailDto = { ...toCommissionDto(row), lines };
  return { data: detail };
}
