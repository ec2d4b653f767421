// DESIGN §11 product events as a product receives them: `{ id, type, created_at, data }`, POSTed
// to its `webhook` and signed (signature.ts). The API reference lists them as OpenAPI webhooks;
// an integration test checks what the outbox really queues against these. No server imports.
import { z } from "zod";
import { ORDER_STATUSES } from "@/server/order/schema";
import type { EndReason } from "@/server/session/service";
import type { EventType } from "./service";

/** order.paid, order.cancelled, order.invalid: the order, its owner and its lines. */
export const orderEventDataDto = z.object({
  order_id: z.string(),
  reference_no: z.string(),
  transaction_id: z.string(),
  app_code: z.string(),
  status: z.enum(ORDER_STATUSES).describe("PAID or PAID_DEBIT (order.paid), CANCEL, INVALID"),
  total: z.number().int().describe("VND"),
  user: z.object({ id: z.string(), email: z.string() }),
  lines: z.array(
    z.object({
      store_id: z.string(),
      store_name: z.string(),
      package_code: z.string(),
      months: z.number().int(),
      bonus_months: z.number().int(),
      subtotal: z.number().int(),
      store_expires_at: z.iso
        .datetime()
        .nullable()
        .optional()
        .describe("order.paid: the store's new expiry (months + bonus months added)"),
    }),
  ),
});

/** store.upgraded, store.activated: a partner bought a package for a customer's store with partner credit. */
export const storeEventDataDto = z.object({
  store_id: z.string(),
  store_name: z.string(),
  owner: z.object({
    id: z.string(),
    email: z.string(),
    phone: z.string().nullable().optional().describe("store.activated"),
  }),
  package_code: z.string(),
  expires_at: z.iso.datetime().nullable(),
  order_reference_no: z.string(),
  partner_id: z.string(),
});

/** session.ended: a token the product holds ended (single sign-out). */
export const sessionEndedDataDto = z.object({
  user_id: z.string(),
  app_code: z.string(),
  token_sha256: z.string().describe("Hex SHA-256 of the token the product holds (the token never travels)"),
  reason: z.enum([
    "signout",
    "signout_all",
    "password_changed",
    "device_signout",
    "registration",
    "account_deleted",
  ] satisfies EndReason[]),
});

/** user.deleted: the person's account was erased after its grace period; forget them too. */
export const userDeletedDataDto = z.object({
  user_id: z.string().describe("The id the product knows; it stays as an anonymous id on financial records"),
  app_code: z.string(),
  deleted_at: z.iso.datetime(),
});

/** Every product event: what it means and its `data`. */
export const PRODUCT_EVENTS = {
  "order.paid": {
    summary: "An order was paid (PAID, or PAID_DEBIT for pay later); its stores were extended",
    data: orderEventDataDto,
  },
  "order.cancelled": { summary: "A pending order was cancelled", data: orderEventDataDto },
  "order.invalid": { summary: "A pending order was written off (INVALID)", data: orderEventDataDto },
  "store.upgraded": {
    summary: "A partner upgraded a customer's store with partner credit",
    data: storeEventDataDto,
  },
  "store.activated": {
    summary: "A partner activated a STARTER store for a customer with partner credit",
    data: storeEventDataDto,
  },
  "session.ended": {
    summary: "A token the product holds ended: sign-out, log out of all devices, password change, …",
    data: sessionEndedDataDto,
  },
  "user.deleted": {
    summary: "An account was erased after its deletion grace period (sent once to each product it used)",
    data: userDeletedDataDto,
  },
} satisfies Record<EventType, { summary: string; data: z.ZodType }>;

/** The body a product receives; `id` is stable across retries (the same event may arrive twice). */
export function productEventDto<T extends z.ZodType>(type: EventType, data: T) {
  return z.object({
    id: z.string().describe("evt_…: the same across retries; deduplicate on it"),
    type: z.literal(type),
    created_at: z.iso.datetime(),
    data,
  });
}
