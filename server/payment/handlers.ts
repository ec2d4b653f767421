import "server-only";
import { adminPaymentListSchema, anyPaymentPageDto } from "@/server/admin/orders-schema";
import { listAnyPayments } from "@/server/admin/payments";
import type { Ctx } from "@/server/context";
import { defineCall } from "@/server/http/call";
import { isProvedOperator } from "@/server/http/caller";
import {
  noDataDto,
  paymentCancelSchema,
  paymentDetailDto,
  paymentIdSchema,
  paymentListSchema,
  paymentPageDto,
} from "./schema";
import { cancelPayment, hidePayment, listPayments, paymentDetail } from "./service";

/** A call with no data: the step, then its message. */
const answerOnly =
  <I>(message: string, step: (ctx: Ctx, input: I) => Promise<void>) =>
  async (ctx: Ctx, input: I) => {
    await step(ctx, input);
    return { message };
  };

export const paymentCalls = {
  "/payment/my-payment": defineCall({
    auth: "session",
    summary: "The person's payment attempts (hidden ones left out), sortable",
    input: paymentListSchema,
    output: paymentPageDto,
    run: async (ctx, input) => ({ data: await listPayments(ctx, input) }),
  }),
  "/payment/list": defineCall({
    auth: "session",
    summary:
      "The same as /payment/my-payment; with the admin scope and the second factor, every person's attempts (filter `person`: part of an email or an id; `app`)",
    input: adminPaymentListSchema,
    output: anyPaymentPageDto,
    // DESIGN §13: an operator sees everyone's rows; anyone else their own (`person`, `app` ignored).
    run: async (ctx, input) => ({
      data: isProvedOperator(ctx.auth) ? await listAnyPayments(ctx, input) : await listPayments(ctx, input),
    }),
  }),
  "/payment/detail": defineCall({
    auth: "session",
    summary: "One payment attempt with its order's lines",
    input: paymentIdSchema,
    output: paymentDetailDto,
    errors: ["PAYMENT_NOT_FOUND", "ORDER_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await paymentDetail(ctx, input) }),
  }),
  "/payment/cancel": defineCall({
    auth: "session",
    summary: "End a pending attempt (the order stays payable; its points come back)",
    input: paymentCancelSchema,
    output: noDataDto,
    errors: ["PAYMENT_NOT_FOUND", "PAYMENT_NOT_PENDING"],
    run: answerOnly("commerce.paymentCancelled", cancelPayment),
  }),
  "/payment/hide": defineCall({
    auth: "session",
    summary: "Hide a cancelled or invalid attempt from the list",
    input: paymentIdSchema,
    output: noDataDto,
    errors: ["PAYMENT_NOT_FOUND", "PAYMENT_NOT_HIDEABLE"],
    run: answerOnly("commerce.paymentHidden", hidePayment),
  }),
};
