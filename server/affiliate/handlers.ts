import "server-only";
import { defineCall } from "@/lib/http/call";
import {
  commissionDetailDto,
  commissionIdSchema,
  commissionListSchema,
  commissionPageDto,
  customerListSchema,
  customerPageDto,
} from "./schema";
import { commissionDetail, listCommissions, listCustomers } from "./service";

export const affiliateCalls = {
  "/affilate/my-affilate-list": defineCall({
    auth: "session",
    summary: "The people who signed up with the person's code (search by email or phone)",
    input: customerListSchema,
    output: customerPageDto,
    run: listCustomers,
  }),
  "/affilate/my-commission": defineCall({
    auth: "session",
    summary: "The affiliate's commissions with the running total (invoiced or not, dates)",
    input: commissionListSchema,
    output: commissionPageDto,
    run: listCommissions,
  }),
  "/affilate/commission-list": defineCall({
    auth: "session",
    summary: "The same as /affilate/my-commission",
    input: commissionListSchema,
    output: commissionPageDto,
    run: listCommissions,
  }),
  "/affilate/commission-detail": defineCall({
    auth: "session",
    summary: "One commission with the order lines that earned it",
    input: commissionIdSchema,
    output: commissionDetailDto,
    errors: ["COMMISSION_NOT_FOUND"],
    run: commissionDetail,
  }),
};
