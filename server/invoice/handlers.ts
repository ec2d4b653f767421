import "server-only";
import { defineCall } from "@/server/http/call";
import { isProvedOperator } from "@/server/http/caller";
import {
  invoiceDetailDto,
  invoiceIdSchema,
  invoiceListAllSchema,
  invoiceListSchema,
  invoiceOfAnyPageDto,
  invoicePageDto,
} from "./schema";
import { invoiceDetail, listEveryInvoice, listInvoices } from "./service";

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
    summary:
      "An operator (admin scope, second factor proved): every affiliate's invoices, by `person`; anyone else: the same as /invoice/my-invoice",
    input: invoiceListAllSchema,
    output: invoiceOfAnyPageDto,
    run: async (ctx, input) => ({
      data: isProvedOperator(ctx.auth) ? await listEveryInvoice(ctx, input) : await listInvoices(ctx, input),
    }),
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
