import "server-only";
import { defineCall } from "@/server/http/call";
import { invoiceDetailDto, invoiceIdSchema, invoiceListSchema, invoicePageDto } from "./schema";
import { invoiceDetail, listInvoices } from "./service";

export const invoiceCalls = {
  "/invoice/my-invoice": defineCall({
    auth: "session",
    summary: "The affiliate's monthly invoices",
    input: invoiceListSchema,
    output: invoicePageDto,
    run: async (ctx, input) => ({ data: await listInvoices(ctx, input) }),
  }),
  "/invoice/list-invoice": defineCall({
    auth: "session",
    summary: "The same as /invoice/my-invoice",
    input: invoiceListSchema,
    output: invoicePageDto,
    run: async (ctx, input) => ({ data: await listInvoices(ctx, input) }),
  }),
  "/invoice/detail": defineCall({
    auth: "session",
    summary: "One invoice with its commissions",
    input: invoiceIdSchema,
    output: invoiceDetailDto,
    errors: ["INVOICE_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await invoiceDetail(ctx, input) }),
  }),
};
