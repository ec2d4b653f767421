import "server-only";
import { defineCall } from "@/server/http/call";
import { requireRecentReauth } from "@/server/passkey/reauth";
import { consoleOperator } from "./audit";
import { confirmTransfer, getAnyOrder, listAnyOrders, markOrder } from "./orders";
import {
  adminOrderDetailDto,
  adminOrderIdSchema,
  adminOrderListSchema,
  adminOrderPageDto,
  adminPaymentListSchema,
  adminPaymentPageDto,
  confirmTransferSchema,
  markOrderSchema,
  orderMarkedDto,
  paymentAttemptIdSchema,
  paymentCheckedDto,
  transferConfirmedDto,
} from "./orders-schema";
import { checkPaymentStatus, listAnyPayments } from "./payments";
import { ADMIN_REAUTH_MAX_AGE_SECONDS } from "./schema";

// DESIGN §13: the console's commerce calls, auth mode "admin" (the admin scope and a sign-in that
// proved the second factor). Moving an order's status and confirming money are money actions:
// they also want a re-authentication within 15 minutes. Asking a gateway only applies what the
// gateway says, as the expiry sweep would: no re-authentication.

export const adminOrderCalls = {
  "/admin/orders/list": defineCall({
    auth: "admin",
    summary: "Operator: every person's orders, by status, reference, person, product and days",
    input: adminOrderListSchema,
    output: adminOrderPageDto,
    run: async (ctx, input) => ({ data: await listAnyOrders(ctx, input) }),
  }),
  "/admin/orders/get": defineCall({
    auth: "admin",
    summary:
      "Operator: an order (id or reference) with its lines, payment attempts, status changes and transfers",
    input: adminOrderIdSchema,
    output: adminOrderDetailDto,
    errors: ["ORDER_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await getAnyOrder(ctx, input) }),
  }),
  "/admin/orders/mark": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: give an order PAID, PAID_DEBIT, INVALID or CANCEL with a note",
    input: markOrderSchema,
    output: orderMarkedDto,
    errors: ["ORDER_NOT_FOUND", "ORDER_STATUS_NOT_ALLOWED", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await requireRecentReauth(ctx, ADMIN_REAUTH_MAX_AGE_SECONDS);
      return { data: await markOrder(consoleOperator(ctx), input) };
    },
  }),
  "/admin/orders/confirm-transfer": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary:
      "Operator: a bank transfer seen for an order, applied as the bank's notification (matched, partial or late)",
    input: confirmTransferSchema,
    output: transferConfirmedDto,
    errors: ["ORDER_NOT_FOUND", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await requireRecentReauth(ctx, ADMIN_REAUTH_MAX_AGE_SECONDS);
      // An order that does not exist is refused (ORDER_NOT_FOUND): the answer always has one.
      const confirmed = await confirmTransfer(consoleOperator(ctx), input);
      return {
        data: confirmed,
        message: `admin.orders.transferOutcomes.${confirmed.outcome}`,
      };
    },
  }),
  "/admin/payments/list": defineCall({
    auth: "admin",
    summary:
      "Operator: every person's payment attempts, by status, method, reference, person, product and days",
    input: adminPaymentListSchema,
    output: adminPaymentPageDto,
    run: async (ctx, input) => ({ data: await listAnyPayments(ctx, input) }),
  }),
  "/admin/payments/check-status": defineCall({
    auth: "admin",
    summary: "Operator: ask a pending attempt's gateway what became of it and apply the answer",
    input: paymentAttemptIdSchema,
    output: paymentCheckedDto,
    errors: ["PAYMENT_NOT_FOUND", "PAYMENT_NOT_QUERYABLE", "PAYMENT_NOT_PENDING", "GATEWAY_UNAVAILABLE"],
    run: async (ctx, input) => {
      const checked = await checkPaymentStatus(consoleOperator(ctx), input);
      return { data: checked, message: `admin.payments.checkOutcomes.${checked.outcome}` };
    },
  }),
};
