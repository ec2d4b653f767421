import "server-only";
import type { z } from "zod";
import { listRange, type Page } from "@/lib/list-query";
import { applyTransferToOrder, findBankTransfersWithOrders } from "@/server/checkout/bank";
import type { TransferStatus } from "@/server/checkout/schema";
import { type Ctx, requireAuth } from "@/server/context";
import type { BankTransferRow } from "@/server/db/tables/commerce";
import { changedFields, type OperatorCtx, recordAudit } from "./audit";
import type { applyTransferSchema, TransferRowDto, transferListSchema } from "./finance-schema";

// The operator console's bank transfers (/admin/transfers): the notifications the bank sent (and
// the operators' confirmations), the partial, unmatched and late ones to look at, and applying
// one that paid nothing to the right order — through the same order state path as a matched
// notification, once, with its audit row in the same transaction.

type Linked = { orderReferenceNo: string | null; orderStatus: string | null };

export function toTransferDto(row: BankTransferRow, order: Linked): TransferRowDto {
  return {
    _id: row.id,
    id: row.id,
    amount: row.amount,
    content: row.content,
    reference_no: row.referenceNo,
    order_id: row.orderId,
    order_reference_no: order.orderReferenceNo,
    order_status: order.orderStatus,
    status: row.status as TransferStatus,
    actor: row.actor,
    raw: (row.raw ?? {}) as Record<string, unknown>,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** /admin/transfers/list: newest first, by state, part of a reference or content, and days received. */
export async function listTransfers(
  ctx: Ctx,
  input: z.output<typeof transferListSchema>,
): Promise<Page<TransferRowDto>> {
  const { user } = requireAuth(ctx);
  const found = await findBankTransfersWithOrders(ctx.db, {
    status: input.status,
    reference: input.reference || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map((r) => toTransferDto(r.transfer, r)), total: found.total };
}

/** What the audit compares: the transfer's state and the order it went to. */
const audited = (row: BankTransferRow, orderStatus: string) => ({
  status: row.status,
  reference_no: row.referenceNo,
  order_id: row.orderId,
  order_status: orderStatus,
});

/**
 * /admin/transfers/apply: an unmatched or partial transfer pays the order `reference` when it
 * covers the due; the transfer becomes "applied". `order_status` in the audit is the status of
 * the order it was applied to (PENDING, then PAID).
 */
export async function applyTransfer(
  ctx: OperatorCtx & Pick<Ctx, "env">,
  input: z.output<typeof applyTransferSchema>,
): Promise<{ transfer: TransferRowDto; audit_id: string }> {
  return applyTransferToOrder(
    { db: ctx.db, env: ctx.env, now: ctx.clock() },
    { id: input.id, reference: input.reference, actor: `operator:${ctx.operator.name}` },
    async (tx, { before, after, order }) => {
      const auditId = await recordAudit(tx, ctx, {
        action: "transfer.apply",
        targetType: "transfer",
        targetId: before.id,
        ...changedFields(audited(before, "PENDING"), audited(after, order.status)),
        note: input.note,
      });
      return {
        transfer: toTransferDto(after, { orderReferenceNo: order.referenceNo, orderStatus: order.status }),
        audit_id: auditId,
      };
    },
  );
}
