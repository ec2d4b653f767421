import "server-only";
import { defineCall } from "@/lib/http/call";
import { invoiceIdSchema, invoiceListSchema } from "./schema";
import { invoiceDetail, listInvoices } from "./service";

export const invoiceCalls = {
  "/invoice/my-invoice": defineCall({ auth: "session", input: invoiceListSchema, run: listInvoices }),
  "/invoice/list-invoice": defineCall({ auth: "session", input: invoiceListSchema, run: listInvoices }),
  "/invoice/detail": defineCall({ auth: "session", input: invoiceIdSchema, run: invoiceDetail }),
};
