import "server-only";
import type { Ctx } from "@/server/context";
import { defineCall } from "@/server/http/call";
import { requireRecentReauth } from "@/server/passkey/reauth";
import { consoleOperator } from "./audit";
import {
  adminInvoiceListSchema,
  adminInvoicePageDto,
  applyTransferSchema,
  cancelInvoiceSchema,
  invoiceChangedDto,
  invoiceMonthSchema,
  invoicePreviewDto,
  invoicesIssuedDto,
  payInvoiceSchema,
  transferAppliedDto,
  transferListSchema,
  transferPageDto,
} from "./finance-schema";
import {
  cancelInvoice,
  issueInvoiceMonth,
  listAdminInvoices,
  paidAtOf,
  payInvoice,
  previewInvoices,
} from "./invoices";
import { ADMIN_REAUTH_MAX_AGE_SECONDS } from "./schema";
import { applyTransfer, listTransfers } from "./transfers";

// DESIGN §13: the console's money calls, bank transfers and affiliate invoices. Auth mode "admin"
// (the admin scope, a portal sign-in that proved the second factor); each call that moves money
// or settles an invoice also asks for a re-authentication within 15 minutes.

/** REAUTH_REQUIRED unless this browser session re-authenticated within 15 minutes. */
const reauthenticated = (ctx: Ctx) => requireRecentReauth(ctx, ADMIN_REAUTH_MAX_AGE_SECONDS);

export const adminFinanceCalls = {
  "/admin/transfers/list": defineCall({
    auth: "admin",
    summary: "Operator: bank transfers received (partial, unmatched, late, …) with their raw notification",
    input: transferListSchema,
    output: transferPageDto,
    run: async (ctx, input) => ({ data: await listTransfers(ctx, input) }),
  }),
  "/admin/transfers/apply": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary:
      "Operator: apply an unmatched or partial bank transfer to a pending order, which it pays when it covers the due",
    input: applyTransferSchema,
    output: transferAppliedDto,
    errors: [
      "TRANSFER_NOT_FOUND",
      "TRANSFER_NOT_APPLICABLE",
      "ORDER_NOT_FOUND",
      "TRANSFER_ORDER_SETTLED",
      "TRANSFER_AMOUNT_SHORT",
      "REAUTH_REQUIRED",
    ],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await applyTransfer({ ...consoleOperator(ctx), env: ctx.env }, input) };
    },
  }),
  "/admin/invoices/list": defineCall({
    auth: "admin",
    summary: "Operator: every affiliate's invoices by month, status and person",
    input: adminInvoiceListSchema,
    output: adminInvoicePageDto,
    run: async (ctx, input) => ({ data: await listAdminInvoices(ctx, input) }),
  }),
  "/admin/invoices/preview": defineCall({
    auth: "admin",
    summary: "Operator: what issuing a month's invoices would create, per affiliate; writes nothing",
    input: invoiceMonthSchema,
    output: invoicePreviewDto,
    run: async (ctx, input) => ({ data: await previewInvoices(ctx, input.month) }),
  }),
  "/admin/invoices/issue": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: issue a month's invoices, one per affiliate with commissions not yet invoiced",
    input: invoiceMonthSchema,
    output: invoicesIssuedDto,
    errors: ["REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await issueInvoiceMonth(consoleOperator(ctx), input.month) };
    },
  }),
  "/admin/invoices/pay": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary:
      "Operator: mark a pending invoice paid on a day (noon, Vietnam's time); its commissions are paid",
    input: payInvoiceSchema,
    output: invoiceChangedDto,
    errors: ["INVOICE_NOT_FOUND", "INVOICE_NOT_PENDING", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return {
        data: await payInvoice(consoleOperator(ctx), { id: input.id, paidAt: paidAtOf(input.paid_at) }),
      };
    },
  }),
  "/admin/invoices/cancel": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: cancel a pending invoice with a note; its commissions can be invoiced again",
    input: cancelInvoiceSchema,
    output: invoiceChangedDto,
    errors: ["INVOICE_NOT_FOUND", "INVOICE_NOT_PENDING", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await cancelInvoice(consoleOperator(ctx), input) };
    },
  }),
};
