// A product's own calls with its api_key (issue 38): the events the portal queued for its webhook,
// with how their delivery went, and a redelivery. No server imports.
import { z } from "zod";
import { listDate, listQuerySchema, pageDto } from "@/lib/list-query";
import { PRODUCT_EVENTS } from "@/server/outbox/schema";
import type { EventType } from "@/server/outbox/service";

/** Every product event type, from the table that documents their bodies. */
export const EVENT_TYPES = Object.keys(PRODUCT_EVENTS) as [EventType, ...EventType[]];

/**
 * Where an event's delivery stands, as the outbox has it: `pending` (due, or waiting for a retry
 * after a failed try), `delivered` (the webhook answered 2xx), `failed` (every attempt failed; only
 * a redelivery sends it again).
 */
export const EVENT_STATES = ["pending", "delivered", "failed"] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** Plain days of a product's list are days of the portal's home time zone. */
export const PRODUCT_TIME_ZONE = "Asia/Ho_Chi_Minh";

const iso = z.iso.datetime();

/** /product/events/list: the shared list query, by type and state. */
export const productEventsListSchema = listQuerySchema.extend({
  limit: listQuerySchema.shape.limit.describe("Page size, 1–200 (default 20)"),
  offset: listQuerySchema.shape.offset.describe("Rows to skip (default 0)"),
  from_date: listDate
    .optional()
    .describe(
      "Created at or after: an ISO date-time with offset, or YYYY-MM-DD (from 00:00 Asia/Ho_Chi_Minh)",
    ),
  to_date: listDate
    .optional()
    .describe(
      "Created at or before: an ISO date-time with offset, or YYYY-MM-DD (to 23:59:59.999 Asia/Ho_Chi_Minh)",
    ),
  type: z.enum(EVENT_TYPES).optional().describe("Only events of this type"),
  state: z.enum(EVENT_STATES).optional().describe("Only events whose delivery is in this state"),
});
export type ProductEventsListInput = z.input<typeof productEventsListSchema>;

/** /product/events/redeliver. */
export const productEventIdSchema = z.object({
  id: z.string().trim().min(1).max(100).describe("The event's id (evt_…), as its body and the list carry it"),
});

/** One event the portal queued for the product's webhook, and how its delivery went (not its body). */
export const eventDeliveryDto = z.object({
  id: z.string().describe("evt_…: the `id` of the event's body, the same on every delivery"),
  type: z.enum(EVENT_TYPES),
  created_at: iso.describe("When the event happened (its body's created_at)"),
  state: z
    .enum(EVENT_STATES)
    .describe(
      "pending: due or waiting for a retry; delivered: your webhook answered 2xx; failed: every attempt failed (redeliver it)",
    ),
  attempts: z
    .number()
    .int()
    .min(0)
    .describe("Deliveries tried since the event was queued (or last redelivered)"),
  max_attempts: z
    .number()
    .int()
    .describe("Tries before the portal gives up (exponential backoff up to 1 hour)"),
  last_attempt_at: iso.nullable().describe("When the last delivery was tried; null before the first"),
  last_status: z
    .number()
    .int()
    .nullable()
    .describe(
      "Your webhook's HTTP status at the last try; null when it gave none (refused, timed out) or none was tried",
    ),
  last_error: z
    .string()
    .nullable()
    .describe("Why the last try failed (addresses' queries and credentials cut); null once delivered"),
  next_attempt_at: iso.nullable().describe("pending: when the next try is due; null otherwise"),
  delivered_at: iso.nullable().describe("When your webhook answered 2xx; null unless delivered"),
});
export type EventDeliveryDto = z.infer<typeof eventDeliveryDto>;

export const eventDeliveryPageDto = pageDto(eventDeliveryDto);
