// Checkout (SPEC §2 /checkout, §4, §9; DESIGN §10): paying an order by bank transfer (CASH in
// SPEC's words), VNPAY or ZaloPay, optionally spending points. No server imports: the page uses them.
import { z } from "zod";
import type { PointsOutcome } from "@/server/gateways/points";
import { ORDER_STATUSES, type OrderStatus, orderDto } from "@/server/order/schema";

/** SPEC §9 gateways as the checkout offers them; CASH is the bank transfer. */
export const CHECKOUT_METHODS = ["CASH", "VNPAY", "ZALOPAY"] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

const boolish = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);

/** /order/checkout (SPEC §7): order_id, method, use_point. */
export const checkoutSchema = z.object({
  order_id: z.string().trim().min(1).max(64),
  method: z.enum(CHECKOUT_METHODS).default("CASH"),
  use_point: boolish.default(true),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** What the person copies into their banking app, and the VietQR code that fills it in. */
export type TransferInstructions = {
  bank_name: string;
  bank_branch: string;
  account_no: string;
  account_name: string;
  /** Exact VND to transfer. */
  amount: number;
  /** The transfer content: the order reference, plain ASCII. */
  content: string;
  /** The EMVCo/NAPAS payload banking apps scan. */
  qr_payload: string;
  /** The same as an SVG data URL. */
  qr_image: string;
};

/**
 * A bank transfer the person opened and can still make (`/order/get-transaction`, owner only):
 * reopening the checkout shows it rather than the method picker.
 */
export type PendingTransferDto = {
  payment_id: string;
  /** The attempt's own reference (the payments list shows it). */
  reference_no: string;
  /** Points this attempt holds; they come back if it is cancelled or expires. */
  points_used: number;
  expires_at: string | null;
  transfer: TransferInstructions;
};

/** /order/checkout's answer: a gateway `url` to send the whole page to, or the transfer instructions. */
export type CheckoutAnswer = {
  payment_id: string;
  reference_no: string;
  order_reference_no: string;
  status: OrderStatus;
  points_used: number;
  due: number;
  new_point: number;
  url?: string;
  transfer?: TransferInstructions;
};

/** /payment/status: what the result page polls; `refresh` asks the gateway when the callback is late. */
export const paymentStatusSchema = z.object({
  payment_id: z.string().trim().min(1).max(64),
  refresh: boolish.default(false),
  /**
   * The order's checkout capability: lets the result page answer without a session (a gateway
   * returns to a top-level page that does not have a framed checkout's cookie).
   */
  transaction_id: z.string().trim().max(128).optional(),
});

export type PaymentStatusDto = {
  payment_id: string;
  reference_no: string;
  status: OrderStatus;
  gateway: string;
  amount: number;
  points_used: number;
  order_id: string;
  order_reference_no: string;
  order_status: OrderStatus;
  transaction_id: string;
  app_code: string;
  /** What became of the attempt's points: spent (paid), returned (cancelled, failed, expired), held (pending). */
  points_outcome: PointsOutcome;
  /** Bank transfers: the instructions again (the person may come back to them). */
  transfer?: TransferInstructions;
};

// Answers (the API reference documents them; server/openapi). Each `satisfies` its type above, so
// a field added there and not here fails the type check.

export const transferInstructionsDto = z.object({
  bank_name: z.string(),
  bank_branch: z.string(),
  account_no: z.string(),
  account_name: z.string(),
  amount: z.number().int().describe("Exact VND to transfer"),
  content: z.string().describe("The transfer content: the order reference, plain ASCII"),
  qr_payload: z.string().describe("The EMVCo/NAPAS (VietQR) payload banking apps scan"),
  qr_image: z.string().describe("The same as an SVG data: URL"),
}) satisfies z.ZodType<TransferInstructions>;

const pointsOutcome = z.enum(["none", "held", "spent", "returned"] satisfies PointsOutcome[]);

export const pendingTransferDto = z.object({
  payment_id: z.string(),
  reference_no: z.string(),
  points_used: z.number(),
  expires_at: z.iso.datetime().nullable(),
  transfer: transferInstructionsDto,
}) satisfies z.ZodType<PendingTransferDto>;

export const checkoutAnswerDto = z.object({
  payment_id: z.string(),
  reference_no: z.string(),
  order_reference_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  points_used: z.number(),
  due: z.number().int().describe("VND left to pay after points"),
  new_point: z.number().describe("The person's points after this attempt"),
  url: z.string().optional().describe("VNPAY / ZaloPay: send the whole page here"),
  transfer: transferInstructionsDto.optional().describe("CASH: the bank transfer to make"),
}) satisfies z.ZodType<CheckoutAnswer>;

export const paymentStatusDto = z.object({
  payment_id: z.string(),
  reference_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  gateway: z.string(),
  amount: z.number().int(),
  points_used: z.number(),
  order_id: z.string(),
  order_reference_no: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  transaction_id: z.string(),
  app_code: z.string(),
  points_outcome: pointsOutcome,
  transfer: transferInstructionsDto.optional(),
}) satisfies z.ZodType<PaymentStatusDto>;

/**
 * /order/get-transaction's answer, the checkout page's data: the order with its lines, whether the
 * signed-in person owns it, the account shown (the owner's details; anyone else a masked email),
 * the configured checkout methods, bank transfer first, and (owner only) the bank transfer already
 * opened.
 */
export const transactionDto = orderDto.extend({
  is_owner: z.boolean(),
  account: z.object({
    email: z.string().describe("Masked unless the owner is signed in"),
    fullname: z.string().optional(),
    phone: z.string().nullable().optional(),
    point: z.number().optional(),
  }),
  methods: z.array(z.enum(CHECKOUT_METHODS)),
  pending_transfer: pendingTransferDto.nullable().describe("Owner only: the bank transfer already opened"),
});
export type TransactionDto = z.infer<typeof transactionDto>;

/** VNPAY's IPN answer (its own shape, always HTTP 200). */
export const vnpayIpnAnswerDto = z.object({
  RspCode: z.enum(["00", "01", "02", "04", "97", "99"]),
  Message: z.string(),
});

/** ZaloPay's callback answer (its own shape, always HTTP 200). */
export const zalopayCallbackAnswerDto = z.object({
  return_code: z.union([z.literal(1), z.literal(2), z.literal(-1), z.literal(0)]),
  return_message: z.string(),
});

export const gatewayReturnDto = z.object({
  payment_id: z.string().nullable(),
  valid: z.boolean(),
  transaction_id: z.string().nullable(),
});

/** SePay's acknowledgement. */
export const bankNotifyAnswerDto = z.object({ success: z.literal(true) });

/**
 * A recorded bank transfer's state: `received`/`applying` while a notification is being applied
 * (a crash may leave one), `matched` when it paid its order, `applied` when an operator applied it
 * to one, `partial` (less than the due), `unmatched` (no known order), `late` (the order was settled).
 */
export const TRANSFER_STATUSES = [
  "unmatched",
  "partial",
  "late",
  "matched",
  "applied",
  "received",
  "applying",
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * What an operator may apply to an order: money that paid nothing although it named an order
 * (partial: short for the order its content named, which may be the wrong one) or named none
 * (unmatched). A late one is owed back to the person; a matched or applied one paid already.
 */
export const APPLICABLE_TRANSFER_STATUSES = [
  "unmatched",
  "partial",
] as const satisfies readonly TransferStatus[];
export const isApplicableTransfer = (status: string): boolean =>
  (APPLICABLE_TRANSFER_STATUSES as readonly string[]).includes(status);
