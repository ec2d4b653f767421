import "server-only";
import { z } from "zod";
import { vnpayIpnAnswer } from "@/server/gateways/vnpay";
import { zalopayCallbackAnswer } from "@/server/gateways/zalopay";
import { defineCall } from "@/server/http/call";
import { applyBankTransfer, bankNotifySchema } from "./bank";
import { handleVnpayIpn, handleZalopayCallback } from "./callbacks";
import { resolveReturn } from "./gateway-return";
import {
  bankNotifyAnswerDto,
  type CheckoutAnswer,
  checkoutAnswerDto,
  checkoutSchema,
  gatewayReturnDto,
  paymentStatusDto,
  paymentStatusSchema,
  vnpayIpnAnswerDto,
  zalopayCallbackAnswerDto,
} from "./schema";
import { checkout, paymentStatus } from "./service";

const deps = (ctx: Parameters<Parameters<typeof defineCall>[0]["run"]>[0]) => ({
  db: ctx.db,
  env: ctx.env,
  origin: ctx.origin,
  log: ctx.log,
  now: ctx.clock(),
});

/** Paid at once with points, sent to a gateway, or shown the bank transfer to make. */
const checkoutMessage = (answer: CheckoutAnswer) =>
  answer.due === 0
    ? "commerce.paidWithPoints"
    : answer.url
      ? "commerce.redirecting"
      : "commerce.transferOpened";

export const checkoutCalls = {
  "/order/checkout": defineCall({
    auth: "session",
    summary: "Pay an order: bank transfer instructions, or a gateway URL; optionally spending points",
    input: checkoutSchema,
    output: checkoutAnswerDto,
    errors: [
      "ORDER_NOT_FOUND",
      "ORDER_ALREADY_PAID",
      "STORE_NOT_OWNED",
      "CHECKOUT_METHOD_UNAVAILABLE",
      "GATEWAY_UNAVAILABLE",
    ],
    run: async (ctx, input) => {
      const answer = await checkout(ctx, input);
      return { data: answer, message: checkoutMessage(answer) };
    },
  }),
  "/payment/status": defineCall({
    auth: "optional",
    summary: "A payment attempt's status (the result page polls it; `refresh` asks the gateway)",
    input: paymentStatusSchema,
    output: paymentStatusDto,
    errors: ["UNAUTHORIZED", "PAYMENT_NOT_FOUND", "ORDER_NOT_FOUND", "CHECKOUT_METHOD_UNAVAILABLE"],
    run: async (ctx, input) => ({ data: await paymentStatus(ctx, input) }),
  }),
  /** VNPAY's server callback: GET with the signed vnp_ parameters; answers VNPAY's own JSON, always. */
  "/payment/vnpay-ipn": defineCall({
    auth: "none",
    method: "GET",
    raw: true,
    // VNPAY reads only 200 + {RspCode, Message}: anything unexpected is its "99".
    rawError: () => ({ status: 200, body: vnpayIpnAnswer("99") }),
    summary: "VNPAY's IPN (server callback): the signed vnp_ parameters",
    input: z.record(z.string(), z.string()),
    output: vnpayIpnAnswerDto,
    run: async (ctx, params) => ({ data: await handleVnpayIpn(deps(ctx), params) }),
  }),
  /** ZaloPay's callback: `{data, mac, type}`, the mac over the raw `data` string. */
  "/payment/zalopay-callback": defineCall({
    auth: "none",
    raw: true,
    // A body that is no callback is refused (-1); our own failure (0) makes ZaloPay call again.
    rawError: ({ status }) => ({
      status: 200,
      body: zalopayCallbackAnswer(status >= 500 ? "error" : "invalid"),
    }),
    summary: "ZaloPay's callback: {data, mac, type}, the mac over the raw data string",
    input: z.object({
      data: z.string().max(20_000),
      mac: z.string().max(200),
      type: z.coerce.number().optional(),
    }),
    output: zalopayCallbackAnswerDto,
    run: async (ctx, body) => ({ data: await handleZalopayCallback(deps(ctx), body) }),
  }),
  /** The browser's return from a gateway (app/checkout/return/*): verified, never applied. */
  "/payment/gateway-return": defineCall({
    auth: "none",
    summary: "The browser's return from a gateway: verified (never applied)",
    input: z.object({ gateway: z.enum(["VNPAY", "ZALOPAY"]), params: z.record(z.string(), z.string()) }),
    output: gatewayReturnDto,
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
    // SePay's shape: only {success: true} acknowledges; a refusal keeps its status beside it.
    rawError: ({ status, error }) => ({ status, body: { success: false, error } }),
    summary: "A bank's incoming-transfer notification (SePay's shape)",
    input: bankNotifySchema,
    output: bankNotifyAnswerDto,
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
