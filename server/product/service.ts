import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { listRange, type Page } from "@/lib/list-query";
import { consume } from "@/lib/rate-limit";
import type { Ctx } from "@/server/context";
import type { OutboxRow } from "@/server/db/tables/outbox";
import {
  type EventPayload,
  type EventType,
  findProductEventsPage,
  type OutboxStatus,
  redeliverProductEvent,
} from "@/server/outbox/service";
import { scrubDeliveryError } from "./delivery-error";
import {
  type EventDeliveryDto,
  type EventState,
  PRODUCT_TIME_ZONE,
  type productEventIdSchema,
  type productEventsListSchema,
} from "./schema";

// A product sees the events the portal queued for its own webhook, and queues one again (issue 38).
// Every read and change is scoped to the app code its api key authenticated (ctx.product): another
// product's event is "not found", exactly like one that never existed.

const OUTBOX_STATUS: Record<EventState, OutboxStatus> = {
  pending: "waiting",
  delivered: "sent",
  failed: "failed",
};

function stateOf(row: OutboxRow): EventState {
  if (row.doneAt) return "delivered";
  return row.attempts >= row.maxAttempts ? "failed" : "pending";
}

/** The app code the call's api key authenticated (auth mode "product"). */
function appOf(ctx: Ctx): string {
  if (!ctx.product) throw new Error("a product call without its product (auth mode is not 'product')");
  return ctx.product.appCode.toLowerCase();
}

function toEventDeliveryDto(row: OutboxRow, ctx: Ctx, app: string): EventDeliveryDto {
  const event = (row.payload as Partial<EventPayload>).event;
  const state = stateOf(row);
  const config = ctx.env.APPS_CONFIG[app];
  // Rows delivered before the outbox kept the last attempt's time were last tried when delivered.
  const lastAttemptAt = row.lastAttemptAt ?? (row.attempts > 0 ? row.doneAt : null);
  return {
    id: row.id,
    type: event?.type as EventType,
    created_at: row.createdAt.toISOString(),
    state,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_attempt_at: lastAttemptAt?.toISOString() ?? null,
    last_status: row.lastStatus,
    last_error: scrubDeliveryError(row.lastError, [config?.webhook_secret, config?.api_key]),
    next_attempt_at: state === "pending" ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.doneAt?.toISOString() ?? null,
  };
}

/** /product/events/list: the calling product's events, newest first; never another app's. */
export async function listProductEvents(
  ctx: Ctx,
  input: z.output<typeof productEventsListSchema>,
): Promise<Page<EventDeliveryDto>> {
  const app = appOf(ctx);
  const found = await findProductEventsPage(ctx.db, {
    app,
    type: input.type,
    status: input.state ? OUTBOX_STATUS[input.state] : undefined,
    ...listRange(input, PRODUCT_TIME_ZONE),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map((row) => toEventDeliveryDto(row, ctx, app)), total: found.total };
}

/**
 * /product/events/redeliver: one of the calling product's events is due again now, with a fresh set
 * of attempts, whatever its state; the worker sends the same body (same id), freshly signed.
 */
export async function redeliverEvent(
  ctx: Ctx,
  input: z.output<typeof productEventIdSchema>,
): Promise<EventDeliveryDto> {
  const app = appOf(ctx);
  await consume("redeliverApp", app);
  const row = await redeliverProductEvent(ctx.db, { app, id: input.id, now: ctx.clock() });
  if (!row) throw new AppError("EVENT_NOT_FOUND");
  ctx.log.info({ outbox: row.id, app }, "a product asked for its event again");
  return toEventDeliveryDto(row, ctx, app);
}
