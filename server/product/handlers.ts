import "server-only";
import { defineCall } from "@/server/http/call";
import {
  eventDeliveryDto,
  eventDeliveryPageDto,
  productEventIdSchema,
  productEventsListSchema,
} from "./schema";
import { listProductEvents, redeliverEvent } from "./service";

/** Server to server, the product's api key as the bearer (DESIGN §11): its own events only. */
export const productCalls = {
  "/product/events/list": defineCall({
    auth: "product",
    summary:
      "The events queued for your webhook, newest first, with how each delivery went (filter by type, state and dates)",
    input: productEventsListSchema,
    output: eventDeliveryPageDto,
    run: async (ctx, input) => ({ data: await listProductEvents(ctx, input) }),
  }),
  "/product/events/redeliver": defineCall({
    auth: "product",
    summary: "Send one of your events again now (same id and body, freshly signed), whatever its state",
    input: productEventIdSchema,
    output: eventDeliveryDto,
    errors: ["EVENT_NOT_FOUND", "RATE_LIMITED"],
    run: async (ctx, input) => ({ data: await redeliverEvent(ctx, input) }),
  }),
};
