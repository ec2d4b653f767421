import "server-only";
import { defineCall } from "@/lib/http/call";
import {
  noDataDto,
  paymentCancelSchema,
  paymentDetailDto,
  paymentIdSchema,
  paymentListSchema,
  paymentPageDto,
} from "./schema";
import { cancelPayment, hidePayment, listPayments, paymentDetail } from "./service";

export const paymentCalls = {
  "/payment/my-payment": defineCall({
    auth: "session",
    summary: "The person's payment attempts (hidden ones left out), sortable",
    input: paymentListSchema,
    output: paymentPageDto,
    run: listPayments,
  }),
  "/payment/list": defineCall({
    auth: "session",
    summary: "The same as /payment/my-payment",
    input: paymentListSchema,
    output: paymentPageDto,
    run: listPayments,
  }),
  "/payment/detail": defineCall({
    auth: "session",
    summary: "One payment attempt with its order's lines",
    input: paymentIdSchema,
    output: paymentDetailDto,
    errors: ["PAYMENT_NOT_FOUND", "ORDER_NOT_FOUND"],
    run: paymentDetail,
  }),
  "/payment/cancel": defineCall({
    auth: "session",
    summary: "End a pending attempt (the order stays payable; its points come back)",
    input: paymentCancelSchema,
    output: noDataDto,
    errors: ["PAYMENT_NOT_FOUND", "PAYMENT_NOT_PENDING"],
    run: cancelPayment,
  }),
  "/payment/hide": defineCall({
    auth: "session",
    summary: "Hide a cancelled or invalid attempt from the list",
    input: paymentIdSchema,
    output: noDataDto,
    errors: ["PAYMENT_NOT_FOUND", "PAYMENT_NOT_HIDEABLE"],
    run: hidePayment,
  }),
};
