import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { listRange } from "@/lib/list-query";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import { getOrderLines } from "@/server/order/service/get-order";
import { findUserByEmail } from "@/server/user/service";
import {
  findAllCommissionsOf,
  findCommission,
  findCommissions,
  findCommissionsOfInvoice,
  findCustomerByEmail,
  findCustomers,
  findUnpaidCommissions,
} from "./repository";
import type {
  CommissionDetailDto,
  CommissionDto,
  CommissionPage,
  CommissionStatus,
  CustomerPage,
  commissionIdSchema,
  customerListSchema,
  everyoneCommissionListSchema,
} from "./schema";

type CommissionJoin = Awaited<ReturnType<typeof findCommissions>>["items"][number];

function toCommissionDto(row: CommissionJoin): CommissionDto {
  const c = row.commission;
  return {
    _id: c.id,
    affiliate_id: c.affiliateId,
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

/** The people who signed up with the affiliate's code (newest first), and how many of them paid. */
export async function findCustomerPage(
  db: Executor,
  affiliateId: string,
  query: { search?: string; from?: Date; to?: Date; limit: number; offset: number },
): Promise<CustomerPage> {
  const found = await findCustomers(db, affiliateId, query);
  return {
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
}

/** /affilate/my-affilate-list: the people who signed up with the person's code, and how many paid. */
export async function listCustomers(
  ctx: Ctx,
  input: z.output<typeof customerListSchema>,
): Promise<CustomerPage> {
  const { user } = requireAuth(ctx);
  return findCustomerPage(ctx.db, user.id, {
    search: input.search || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
}

/** The referred customer with this email, only when `affiliateId` brought them (a partner's customer). */
export const findReferredCustomer = (db: Executor, affiliateId: string, email: string) =>
  findCustomerByEmail(db, affiliateId, email);

/** The affiliate an operator's `person` names (an account id or an email); null for nobody. */
async function affiliateNamed(ctx: Ctx, person: string | undefined): Promise<string | null | undefined> {
  if (!person) return undefined;
  if (!person.includes("@")) return person;
  return (await findUserByEmail(ctx, person))?.id ?? null;
}

/**
 * /affilate/my-commission and /affilate/commission-list: with the running total of the filter.
 * `everyone` (an operator, DESIGN §13): every affiliate's, or the one `person` names.
 */
export async function listCommissions(
  ctx: Ctx,
  input: z.output<typeof everyoneCommissionListSchema>,
  options: { everyone?: boolean } = {},
): Promise<CommissionPage> {
  const { user } = requireAuth(ctx);
  const affiliateId = options.everyone ? await affiliateNamed(ctx, input.person) : user.id;
  if (affiliateId === null) return { items: [], total: 0, total_amount: 0 };
  const found = await findCommissions(ctx.db, affiliateId, {
    invoiced: input.is_invoiced,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map(toCommissionDto), total: found.total, total_amount: found.totalAmount };
}

/** /affilate/commission-detail: one commission and the lines of its order. */
export async function commissionDetail(
  ctx: Ctx,
  input: z.output<typeof commissionIdSchema>,
): Promise<CommissionDetailDto> {
  const { user } = requireAuth(ctx);
  const row = await findCommission(ctx.db, input.id);
  if (!row || row.commission.affiliateId !== user.id) throw new AppError("COMMISSION_NOT_FOUND");
  const { lines } = await getOrderLines(ctx.db, row.commission.orderId);
  return { ...toCommissionDto(row), lines };
}

/** The commissions an invoice gathered, VOID ones included (the invoice detail). */
export async function findInvoiceCommissions(db: Executor, invoiceId: string): Promise<CommissionDto[]> {
  return (await findCommissionsOfInvoice(db, invoiceId)).map(toCommissionDto);
}

/** An affiliate's commissions earned and not yet invoiced, newest first (the operator). */
export async function findUnpaidCommissionsOf(
  db: Executor,
  affiliateId: string,
  limit: number,
): Promise<CommissionDto[]> {
  return (await findUnpaidCommissions(db, affiliateId, limit)).map(toCommissionDto);
}

/** Every commission an affiliate earned (the data export). */
export function commissionsForExport(db: Executor, affiliateId: string) {
  return findAllCommissionsOf(db, affiliateId);
}
