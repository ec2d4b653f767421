// Checkout (SPEC §2 /checkout, §4, §9; DESIGN §10): paying an order by bank transfer (CASH in
// SPEC's words), VNPAY or ZaloPay, optionally spending points. No server imports: the page uses them.
import { z } from "zod";
import type { OrderStatus } from "@/server/order/schema";

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
  /** Bank transfers: the instructions again (the person may come back to them). */
  transfer?: TransferInstructions;
};
