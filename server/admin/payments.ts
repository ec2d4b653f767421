import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { listRange, type Page } from "@/lib/list-query";
import { logger } from "@/lib/logger";
import { reconcileAttempt, reconcileDeps } from "@/server/checkout/apply";
import { type Ctx, requireAuth } from "@/server/context";
import type { PaymentRow } from "@/server/db/tables/commerce";
import type { OrderStatus } from "@/server/order/schema";
import { findPayment } from "@/server/payment/attempts";
import type { PaymentGateway, PaymentMethod } from "@/server/payment/schema";
import { toPaymentDto } from "@/server/payment/service";
import { type OperatorCtx, recordAudit } from "./audit";
import { findAnyPaymentsPage, findOrderWithPerson } from "./orders-repository";
import type {
  AdminAttemptDto,
  AdminPaymentRowDto,
  adminPaymentListSchema,
  PaymentCheckedDto,
} from "./orders-schema";

// The operator console's payments (/admin/payments, an order's attempts) and "ask the gateway"
// for one attempt: the admin tool's reconcile, for one attempt, with its audit row.

/** The gateways whose status can be asked (server/checkout/apply.ts queryGateway). */
const ASKABLE = new Set<string>(["VNPAY", "ZALOPAY"]);

/** A pending attempt of a gateway that can be asked: the console offers "Ask the gateway". */
export const canCheckStatus = (row: PaymentRow): boolean =>
  row.status === "PENDING" && ASKABLE.has(row.gateway) && Boolean(row.gatewayRef);

/** Names under which a gateway's answer could carry a secret or a signature: never shown. */
const SECRET_LIKE = /secret|password|token|hash|signature|checksum|^mac$|api_?key|^key\d*$/i;

/** A stored callback or gateway answer as an operator may see it: secret-like fields hidden. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET_LIKE.test(key) ? "[hidden]" : withoutSecrets(v)]),
  );
}

export function toAttemptDto(row: PaymentRow): AdminAttemptDto {
  return {
    id: row.id,
    reference_no: row.referenceNo,
    method: row.method as PaymentMethod,
    gateway: row.gateway as PaymentGateway,
    amount: row.amount,
    points_used: Number(row.pointsUsed),
    status: row.status as OrderStatus,
    gateway_ref: row.gatewayRef,
    gateway_txn: row.gatewayTxn,
    raw_callback: withoutSecrets(row.rawCallback ?? null),
    note: row.note,
    operator: row.operator,
    is_hidden: row.isHidden,
    expires_at: row.expiresAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    can_check_status: canCheckStatus(row),
  };
}

/** /admin/payments/list (and /payment/list for an operator): every person's attempts, hidden ones too. */
export async function listAnyPayments(
  ctx: Ctx,
  input: z.output<typeof adminPaymentListSchema>,
): Promise<Page<AdminPaymentRowDto>> {
  const { user } = requireAuth(ctx);
  const found = await findAnyPaymentsPage(ctx.db, {
    status: input.status,
    method: input.method,
    referenceNo: input.reference_no || undefined,
    person: input.person || undefined,
    app: input.app || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
    sort: input.sort,
  });
  return {
    items: found.items.map((row) => ({
      ...toPaymentDto(row, { referenceNo: row.orderReferenceNo, appCode: row.appCode }),
      person_id: row.userId,
      person_email: row.email,
      gateway_ref: row.gatewayRef,
      can_check_status: canCheckStatus(row),
    })),
    total: found.total,
  };
}

/**
 * /admin/payments/check-status: asks the attempt's gateway what became of it and applies the
 * answer as the expiry sweep would (paid, failed, or ended past its expiry). A gateway that does
 * not answer is GATEWAY_UNAVAILABLE and nothing changes. One audit row, the status before and after.
 */
export async function checkPaymentStatus(
  ctx: OperatorCtx,
  input: { id: string },
): Promise<PaymentCheckedDto> {
  const payment = await findPayment(ctx.db, input.id);
  if (!payment) throw new AppError("PAYMENT_NOT_FOUND");
  if (!ASKABLE.has(payment.gateway) || !payment.gatewayRef) throw new AppError("PAYMENT_NOT_QUERYABLE");
  if (payment.status !== "PENDING") throw new AppError("PAYMENT_NOT_PENDING");
  const deps = { ...reconcileDeps(ctx.db, env(), logger), now: ctx.clock() };
  let result: Awaited<ReturnType<typeof reconcileAttempt>>;
  try {
    result = await reconcileAttempt(deps, payment);
  } catch (error) {
    logger.warn({ err: error, payment: payment.id }, "operator's gateway query failed");
    throw new AppError("GATEWAY_UNAVAILABLE");
  }
  const now = (await findPayment(ctx.db, payment.id)) ?? payment;
  const order = await findOrderWithPerson(ctx.db, payment.orderId);
  const answer = withoutSecrets(result.verdict.raw);
  const auditId = await recordAudit(ctx.db, ctx, {
    action: "payment.check_status",
    targetType: "payment",
    targetId: payment.id,
    before: { status: payment.status },
    after: { status: now.status, outcome: result.outcome },
  });
  return {
    outcome: result.outcome,
    is_final: result.verdict.final,
    gateway_answer: answer,
    before: payment.status as OrderStatus,
    status: now.status as OrderStatus,
    order_status: (order?.status ?? "PENDING") as OrderStatus,
    audit_id: auditId,
  };
}
