import "server-only";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/logger";
import { type Executor, getDb } from "@/server/db/client";
import type { OutgoingMessage } from "@/server/notify/deliver";
import { insertOutbox } from "./repository";

/** DESIGN §11 product events. */
export type EventType =
  | "order.paid"
  | "order.cancelled"
  | "order.invalid"
  | "store.upgraded"
  | "store.activated"
  | "session.ended";

/** What a product receives: `{ id, type, created_at, data }`; `id` is stable across retries. */
export type ProductEvent = { id: string; type: EventType; created_at: string; data: Record<string, unknown> };

export type EventPayload = { app: string; event: ProductEvent };
export type MessagePayload = { message: OutgoingMessage; retryUntil?: string };

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
