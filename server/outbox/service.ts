import "server-only";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/logger";
import { type Executor, getDb } from "@/server/db/client";
import type { OutboxRow } from "@/server/db/tables/outbox";
import type { OutgoingMessage } from "@/server/notify/send";
import { countUndelivered, deleteOutbox, findOutbox, insertOutbox, resetOutbox } from "./repository";

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

/** Rows by state, newest first: pending (to retry), failed (given up), done, or all. */
export const findOutboxRows = (
  db: Executor,
  filter: "pending" | "failed" | "done" | "all",
  limit: number,
): Promise<OutboxRow[]> => findOutbox(db, filter, limit);

/** Makes an undelivered row due now with a fresh set of attempts; false when there is none. */
export const retryOutboxRow = (db: Executor, id: string, now: Date): Promise<boolean> =>
  resetOutbox(db, id, now);

/** Drops a row whatever its state; false when there is none. */
export const dropOutboxRow = (db: Executor, id: string): Promise<boolean> => deleteOutbox(db, id);

/** Rows not yet delivered: due, waiting for a retry, or given up. */
export const countUndeliveredRows = (db: Executor): Promise<number> => countUndelivered(db);
