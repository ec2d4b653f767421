// The operator console's commerce calls (/2.0/admin/orders/*, /2.0/admin/payments/*, DESIGN §13):
// the inputs the /admin/orders and /admin/payments screens share with the handlers, and the
// answers. No server imports: the list framework and the forms read it.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";
import { MSG, optionalText, text } from "@/lib/validation";
import { ORDER_STATUSES, orderLineDto } from "@/server/order/schema";
import { PAYMENT_GATEWAYS, PAYMENT_METHODS, paymentDto, paymentListSchema } from "@/server/payment/schema";

/** The statuses an operator may give an order (its state rules say from where). */
export const MARKABLE_STATUSES = ["PAID", "PAID_DEBIT", "INVALID", "CANCEL"] as const;
export type MarkableStatus = (typeof MARKABLE_STATUSES)[number];

/** What a bank transfer the operator confirmed did (server/checkout/bank.ts). */
export const TRANSFER_OUTCOMES = ["matched", "partial", "unmatched", "late", "duplicate", "ignored"] as const;
/** What asking a gateway about one attempt did (server/checkout/apply.ts reconcileAttempt). */
export const CHECK_OUTCOMES = ["paid", "failed", "duplicate", "late", "pending", "expired"] as const;

const iso = z.iso.datetime();
/** An order's id or its reference number (OD…), as the operator has it. */
const orderKey = text({ min: 1, max: 64 });
/** Part of the person's email, or their exact id. */
const person = optionalText(254);
const app = optionalText(64);

// Orders

/** /admin/orders/list: the person's order list's filters, plus whose and which product. */
export const adminOrderListSchema = listQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  reference_no: z.string().trim().max(64).optional(),
  person,
  app,
});

export const adminOrderRowDto = z.object({
  _id: z.string(),
  id: z.string(),
  reference_no: z.string(),
  person_id: z.string(),
  person_email: z.string(),
  app_code: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int().describe("VND"),
  created_by: z.string().describe("product:<app>, operator:<name>, seed"),
  created_at: iso,
  paid_at: iso.nullable(),
});
export type AdminOrderRowDto = z.infer<typeof adminOrderRowDto>;
export const adminOrderPageDto = pageDto(adminOrderRowDto);

export const adminOrderIdSchema = z.object({ id: orderKey });

/** One attempt to pay, as stored: the gateway's callbacks and answers with anything secret-like hidden. */
export const adminAttemptDto = z.object({
  id: z.string(),
  reference_no: z.string(),
  method: z.enum(PAYMENT_METHODS),
  gateway: z.enum(PAYMENT_GATEWAYS),
  amount: z.number().int().describe("Due in VND after points"),
  points_used: z.number(),
  status: z.enum(ORDER_STATUSES),
  gateway_ref: z.string().nullable().describe("What the gateway knows the attempt by"),
  gateway_txn: z.string().nullable().describe("The gateway's transaction id once it paid"),
  raw_callback: z.unknown().describe("The gateway's last callback or query answer as stored"),
  note: z.string().nullable(),
  operator: z.string().nullable(),
  is_hidden: z.boolean(),
  expires_at: iso.nullable(),
  paid_at: iso.nullable(),
  created_at: iso,
  updated_at: iso,
  can_check_status: z.boolean().describe("A pending attempt of a gateway that can be asked"),
});
export type AdminAttemptDto = z.infer<typeof adminAttemptDto>;

export const adminOrderDetailDto = z.object({
  order: adminOrderRowDto.extend({
    note: z.string().nullable(),
    status_note: z.string().nullable(),
    status_by: z.string().nullable(),
    credit: z.number().describe("Partner credit spent on it"),
    updated_at: iso,
    person_fullname: z.string(),
  }),
  lines: z.array(orderLineDto),
  attempts: z.array(adminAttemptDto),
  /** Every status change: who moved it, from what, why. */
  events: z.array(
    z.object({
      id: z.string(),
      from_status: z.string(),
      to_status: z.string(),
      actor: z.string(),
      note: z.string().nullable(),
      at: iso,
    }),
  ),
  /** Bank transfers that named the order (notified by the bank or confirmed by an operator). */
  transfers: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      content: z.string(),
      status: z.string(),
      actor: z.string(),
      created_at: iso,
      updated_at: iso,
    }),
  ),
});
export type AdminOrderDetailDto = z.infer<typeof adminOrderDetailDto>;

/** /admin/orders/mark: the order (id or reference), its new status and why. */
export const markOrderSchema = z.object({
  id: orderKey,
  status: z.enum(MARKABLE_STATUSES),
  note: text({ min: 1, max: 500 }),
});
export type MarkOrderInput = z.input<typeof markOrderSchema>;

/** /admin/orders/confirm-transfer: the order (id or reference) and the amount seen, in whole đồng. */
export const confirmTransferSchema = z.object({
  id: orderKey,
  amount: z.coerce
    .number({ error: () => MSG.invalidType })
    .refine((n) => Number.isInteger(n) && n > 0 && n <= 100_000_000_000, { message: MSG.invalidType }),
});
export type ConfirmTransferInput = z.input<typeof confirmTransferSchema>;

export const orderMarkedDto = z.object({
  order: adminOrderRowDto,
  from: z.enum(ORDER_STATUSES),
  audit_id: z.string(),
});

export const transferConfirmedDto = z.object({
  outcome: z
    .enum(TRANSFER_OUTCOMES)
    .describe(
      "matched: paid; partial: less than the due, recorded; late: no longer pending, recorded for a refund",
    ),
  transfer_id: z.string(),
  order: adminOrderRowDto,
  audit_id: z.string(),
});
export type TransferConfirmedDto = z.infer<typeof transferConfirmedDto>;

// Payments

/** /admin/payments/list and /payment/list: the person's payment list's filters, plus whose and which product. */
export const adminPaymentListSchema = paymentListSchema.extend({ person, app });

export const adminPaymentRowDto = paymentDto.extend({
  person_id: z.string(),
  person_email: z.string(),
  gateway_ref: z.string().nullable(),
  can_check_status: z.boolean(),
});
export type AdminPaymentRowDto = z.infer<typeof adminPaymentRowDto>;
export const adminPaymentPageDto = pageDto(adminPaymentRowDto);

/** /payment/list: the caller's own rows, or (an operator with the second factor) everyone's with whose. */
export const anyPaymentPageDto = pageDto(
  paymentDto.extend({ person_id: z.string().optional(), person_email: z.string().optional() }),
);

export const paymentAttemptIdSchema = z.object({ id: text({ min: 1, max: 64 }) });

export const paymentCheckedDto = z.object({
  outcome: z
    .enum(CHECK_OUTCOMES)
    .describe("paid, failed, late (paid after the order was settled: refund), pending, expired (ended)"),
  is_final: z.boolean().describe("The gateway gave a final answer"),
  gateway_answer: z
    .unknown()
    .describe("What the gateway answered, secret-like fields hidden; null if not asked"),
  before: z.enum(ORDER_STATUSES),
  status: z.enum(ORDER_STATUSES).describe("The attempt's status now"),
  order_status: z.enum(ORDER_STATUSES),
  audit_id: z.string(),
});
export type PaymentCheckedDto = z.infer<typeof paymentCheckedDto>;
