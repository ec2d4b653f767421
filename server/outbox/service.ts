import "server-only";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/logger";
import { type Executor, getDb } from "@/server/db/client";
import type { OutboxRow } from "@/server/db/tables/outbox";
import type { OutgoingMessage } from "@/server/notify/send";
import {
  applyDeliveryReport,
  countUndelivered,
  deleteOutbox,
  findAppEventsPage,
  findOldestWaiting,
  findOutbox,
  findOutboxForUpdate,
  findOutboxPage,
  insertOutbox,
  markDone,
  markFailed,
  markGivenUp,
  markRerouted,
  type OutboxStatus,
  requeueAppEvent,
  resetOutbox,
} from "./repository";

export type { OutboxStatus };

/** DESIGN §11 product events. */
export type EventType =
  | "order.paid"
  | "order.cancelled"
  | "order.invalid"
  | "store.upgraded"
  | "store.activated"
  | "session.ended"
  | "user.deleted";

/** What a product receives: `{ id, type, created_at, data }`; `id` is stable across retries. */
export type ProductEvent = { id: string; type: EventType; created_at: string; data: Record<string, unknown> };

export type EventPayload = { app: string; event: ProductEvent };
export type MessagePayload = { message: OutgoingMessage; retryUntil?: string };
/** Profile → Your data, a large export: build the zip for row `exportId` and email its link. */
export type DataExportPayload = { exportId: string; sessionId: string; origin: string };

/**
 * Writes a product event in the caller's transaction (so it exists exactly when the change
 * does); nothing is queued for an app without a webhook. Returns the event id.
 */
export async function enqueueEvent(
  tx: Executor,
  options: { appCode: string; type: EventType; data: Record<string, unknown>; now: Date },
): Promise<string | undefined> {
  const app = env().APPS_CONFIG[options.appCode.toLowerCase()] ?? env().APPS_CONFIG[options.appCode];
  if (!app?.webhook) return undefined;
  const id = `evt_${newId()}`;
  const payload: EventPayload = {
    app: options.appCode.toLowerCase(),
    event: { id, type: options.type, created_at: options.now.toISOString(), data: options.data },
  };
  await insertOutbox(tx, {
    id,
    kind: "event",
    target: payload.app,
    payload,
    nextAttemptAt: options.now,
    createdAt: options.now,
  });
  return id;
}

/** Queues a message whose first delivery failed (server/notify/deliver.ts). */
export async function enqueueMessage(
  message: OutgoingMessage,
  options: { retryUntil?: Date } = {},
): Promise<void> {
  const now = new Date();
  const payload: MessagePayload = { message, retryUntil: options.retryUntil?.toISOString() };
  await insertOutbox(await getDb(), {
    id: `msg_${newId()}`,
    kind: "message",
    target: message.channel,
    payload,
    // The first try just failed: the next one waits a little.
    nextAttemptAt: new Date(now.getTime() + 5_000),
    attempts: 1,
    createdAt: now,
  });
  logger.info({ channel: message.channel }, "message queued in the outbox");
}

/**
 * A message its first try delivered (SMTP, the file outbox, a webhook provider): written as a sent
 * row, so the console's outbox shows every delivery and not only the retried ones (issue 39: it
 * said "no data" while mail went out). Like any delivered message it keeps its channel and time,
 * never its address or text.
 */
export async function recordSentMessage(
  db: Executor,
  options: { channel: OutgoingMessage["channel"]; now: Date },
): Promise<void> {
  const { channel, now } = options;
  await insertOutbox(db, {
    id: `msg_${newId()}`,
    kind: "message",
    target: channel,
    payload: { delivered: true, channel },
    attempts: 1,
    nextAttemptAt: now,
    lastAttemptAt: now,
    doneAt: now,
    createdAt: now,
  });
}

// A message for a vendor (eSMS, Zalo ZNS) is written here before its first try, so the vendor's
// request id is the row id from the start: a retry sends the same RequestId (eSMS answers 124 to
// one it already took, and nothing goes twice) and a delivery report finds its row, whether the
// message went at once or after retries. The sender claims the row for the send's duration
// (locked_until); if the instance dies mid-send, the worker takes it over when the claim runs out.

/** How long the first sender holds a vendor message's row (its request times out after 10 s). */
const SEND_CLAIM_MS = 60_000;
/** A failed first try is retried after this; later ones back off (./worker.ts). */
const FIRST_RETRY_MS = 5_000;

/** Writes a vendor message's row, claimed by the caller for its first try; returns the row id. */
export async function startVendorMessage(
  db: Executor,
  options: { message: OutgoingMessage; vendor: string; retryUntil?: Date; now: Date },
): Promise<string> {
  const id = `msg_${newId()}`;
  const payload: MessagePayload = { message: options.message, retryUntil: options.retryUntil?.toISOString() };
  await insertOutbox(db, {
    id,
    kind: "message",
    target: options.message.channel,
    payload,
    attempts: 1,
    nextAttemptAt: options.now,
    lockedUntil: new Date(options.now.getTime() + SEND_CLAIM_MS),
    createdAt: options.now,
    vendor: options.vendor,
  });
  return id;
}

/** The vendor took the message: done, with its message id. */
export const finishSent = (
  db: Executor,
  id: string,
  receipt: { vendorMessageId?: string; detail?: string },
  now: Date,
): Promise<void> => markDone(db, id, now, receipt);

/** The first try failed in a way a retry may fix: the worker tries again shortly. */
export const finishForRetry = (db: Executor, id: string, error: string, now: Date): Promise<void> =>
  markFailed(db, id, error, new Date(now.getTime() + FIRST_RETRY_MS));

/** The vendor refused for good: no retries; the row stays for the operator. */
export const finishGivenUp = (db: Executor, id: string, error: string): Promise<void> =>
  markGivenUp(db, id, error);

/** A ZNS that went by SMS instead (its own row): done, Zalo's reason kept. */
export const finishRerouted = (db: Executor, id: string, error: string, now: Date): Promise<void> =>
  markRerouted(db, id, error, now);

/** A vendor's delivery report: the status lands on the row it names; false when none matches. */
export const recordDeliveryReport = (
  db: Executor,
  report: { vendor: string; id?: string; vendorMessageId?: string; status: string; detail: string; at: Date },
): Promise<boolean> => applyDeliveryReport(db, report);

/**
 * Queues the building of a large data export in the caller's transaction (with its data_exports
 * row); the worker builds the zip and emails the link (server/export/background.ts).
 */
export async function enqueueDataExport(
  tx: Executor,
  options: DataExportPayload & { now: Date },
): Promise<string> {
  const id = `dex_${newId()}`;
  const payload: DataExportPayload = {
    exportId: options.exportId,
    sessionId: options.sessionId,
    origin: options.origin,
  };
  await insertOutbox(tx, {
    id,
    kind: "data_export",
    target: "EMAIL",
    payload,
    nextAttemptAt: options.now,
    createdAt: options.now,
  });
  return id;
}

// The operator's view of the queue (`npm run admin -- outbox …`) and the health line.

/** Makes an undelivered row due now with a fresh set of attempts; false when there is none. */
export const retryOutboxRow = (db: Executor, id: string, now: Date): Promise<boolean> =>
  resetOutbox(db, id, now);

/** Drops a row whatever its state; false when there is none. */
export const dropOutboxRow = (db: Executor, id: string): Promise<boolean> => deleteOutbox(db, id);

/** The operator console's page of the queue: by state, channel (or WEBHOOK) and product, newest first. */
export const findOutboxRowsPage = (
  db: Executor,
  query: Parameters<typeof findOutboxPage>[1],
): Promise<{ items: OutboxRow[]; total: number }> => findOutboxPage(db, query);

/** One row, locked until the caller's transaction ends: what an operator's retry or drop changes. */
export const lockOutboxRow = (tx: Executor, id: string): Promise<OutboxRow | undefined> =>
  findOutboxForUpdate(tx, id);

/** `npm run admin -- outbox list`: one line per row, with what the vendor said of its delivery. */
export async function describeOutboxRows(
  db: Executor,
  filter: "pending" | "failed" | "done" | "all",
  limit: number,
) {
  return (await findOutbox(db, filter, limit)).map((row) => ({
    id: row.id,
    kind: row.kind,
    target: row.target,
    vendor: row.vendor,
    attempts: `${row.attempts}/${row.maxAttempts}`,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    done_at: row.doneAt?.toISOString() ?? null,
    delivery: row.deliveryStatus,
    delivery_detail: row.deliveryDetail,
    delivery_reported_at: row.deliveryReportedAt?.toISOString() ?? null,
    vendor_message_id: row.vendorMessageId,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * Seconds since the oldest row still to send was queued (0 when none): a stuck worker or a dead
 * vendor shows as an age that only grows, long before the depth looks alarming.
 */
export async function oldestWaitingSeconds(db: Executor, now: Date = new Date()): Promise<number> {
  const oldest = await findOldestWaiting(db);
  return oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0;
}

/** Rows not yet delivered: due, waiting for a retry, or given up. */
export const countUndeliveredRows = (db: Executor): Promise<number> => countUndelivered(db);

// A product's own events (server/product): read and requeued by app code, never another app's.

/** A page of one product's events, newest first. */
export const findProductEventsPage = (
  db: Executor,
  query: Parameters<typeof findAppEventsPage>[1],
): Promise<{ items: OutboxRow[]; total: number }> => findAppEventsPage(db, query);

/** Queues one of the product's events again, due now; undefined when the product has no such event. */
export const redeliverProductEvent = (
  db: Executor,
  options: { app: string; id: string; now: Date },
): Promise<OutboxRow | undefined> => requeueAppEvent(db, options);
