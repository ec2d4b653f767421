import "server-only";
import { z } from "zod";
import { defineCall } from "@/lib/http/call";
import { handleVnpayIpn, handleZalopayCallback, resolveReturn } from "./apply";
import { applyBankTransfer, bankNotifySchema } from "./bank";
import { checkoutSchema, paymentStatusSchema } from "./schema";
import { checkout, paymentStatus } from "./service";

const deps = (ctx: Parameters<Parameters<typeof defineCall>[0]["run"]>[0]) => ({
  db: ctx.db,
  env: ctx.env,
  origin: ctx.origin,
  log: ctx.log,
  now: ctx.clock(),
});

export const checkoutCalls = {
  "/order/checkout": defineCall({ auth: "session", input: checkoutSchema, run: checkout }),
  "/payment/status": defineCall({ auth: "optional", input: paymentStatusSchema, run: paymentStatus }),
  /** VNPAY's server callback: GET with the signed vnp_ parameters; answers VNPAY's own JSON. */
  "/payment/vnpay-ipn": defineCall({
    auth: "none",
    method: "GET",
    raw: true,
    input: z.record(z.string(), z.string()),
    run: async (ctx, params) => ({ data: await handleVnpayIpn(deps(ctx), params) }),
  }),
  /** ZaloPay's callback: `{data, mac, type}`, the mac over the raw `data` string. */
  "/payment/zalopay-callback": defineCall({
    auth: "none",
    raw: true,
    input: z.object({
      data: z.string().max(20_000),
      mac: z.string().max(200),
      type: z.coerce.number().optional(),
    }),
    run: async (ctx, body) => ({ data: await handleZalopayCallback(deps(ctx), body) }),
  }),
  /** The browser's return from a gateway (app/checkout/return/*): verified, never applied. */
  "/payment/gateway-return": defineCall({
    auth: "none",
    input: z.object({ gateway: z.enum(["VNPAY", "ZALOPAY"]), params: z.record(z.string(), z.string()) }),
    run: async (ctx, input) => {
      const result = await resolveReturn(deps(ctx), input.gateway, input.params);
      return {
        data: { payment_id: result.paymentId, valid: result.valid, transaction_id: result.transactionId },
      };
    },
  }),
  /** A bank's notification (SePay's shape), `Authorization: Apikey <BANK_WEBHOOK_KEY>`. */
  "/payment/bank-notify": defineCall({
    auth: "bank",
    raw: true,
    input: bankNotifySchema,
    run: async (ctx, body) => {
      if (body.transferType !== "in") return { data: { success: true } };
      await applyBankTransfer(deps(ctx), {
        id: body.id,
        amount: body.transferAmount,
        content: body.content,
        raw: body,
        actor: `bank:${body.gateway ?? "notify"}`,
      });
      return { data: { success: true } };
    },
  }),
};
