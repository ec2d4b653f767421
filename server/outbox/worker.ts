import "server-only";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/logger";
import type { Db } from "@/server/db/client";
import type { OutboxRow } from "@/server/db/tables/outbox";
import { prepareDataExport } from "@/server/export/background";
import { isPermanent, type Receipt } from "@/server/notify/delivery-error";
import { type Channel, canRerouteToSms, isVendor, providerOf, sendMessage } from "@/server/notify/send";
import { keepZaloTokenFresh } from "@/server/notify/zalo-token";
import { metrics } from "@/server/ops/metrics";
import { claimDue, insertOutbox, markDone, markFailed, markGivenUp, markRerouted } from "./repository";
import type { DataExportPayload, EventPayload, MessagePayload } from "./service";
import { SIGNATURE_HEADER, signPayload } from "./signature";

const BATCH = 20;
const LEASE_MS = 60_000;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 60 * 60_000;
/** How often each instance looks at the Zalo OA's token pair. */
const TOKEN_CHECK_MS = 10 * 60_000;

/** Exponential backoff after `attempts` failures, with ±20 % jitter, capped at one hour. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exact = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.min(MAX_DELAY_MS, Math.round(exact * (0.8 + 0.4 * random())));
}

/** portal_outbox_failures_total's labels: the row's kind, its channel and the adapter or vendor it went to. */
function failureLabels(row: OutboxRow): { kind: string; channel: string; vendor: string } {
  if (row.kind === "event") return { kind: row.kind, channel: "webhook", vendor: "product" };
  const channel = (row.kind === "message" ? row.target : "EMAIL") as Channel;
  return { kind: row.kind, channel, vendor: row.vendor ?? providerOf(channel) };
}

/** A product's webhook answered, but not 2xx: its status is kept for the product's events list. */
class WebhookAnswerError extends Error {
  constructor(readonly status: number) {
    super(`webhook answered ${status}`);
  }
}

/** fetch's "fetch failed" says nothing: its cause's code (ECONNREFUSED, ENOTFOUND, …) does. */
function unreachable(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (error.name === "TimeoutError") return new Error("webhook did not answer within 10 s");
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === "string" ? new Error(`${error.message}: ${cause.code}`) : error;
}

/** POSTs one product event, signed; anything but a 2xx is a failure to retry. Answers the status. */
async function sendEvent(payload: EventPayload, now: Date): Promise<number> {
  const app = env().APPS_CONFIG[payload.app];
  if (!app?.webhook || !app.webhook_secret) throw new Error(`app ${payload.app} has no webhook any more`);
  const body = JSON.stringify(payload.event);
  let response: Response;
  try {
    response = await fetch(app.webhook, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "account-portal-webhooks/1",
        [SIGNATURE_HEADER]: signPayload(app.webhook_secret, body, now),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw unreachable(error);
  }
  // The answer's body is not read: drop it so the connection is let go.
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status >= 300) throw new WebhookAnswerError(response.status);
  return response.status;
}

async function send(db: Db, row: OutboxRow, now: Date): Promise<(Receipt & { status?: number }) | "expired"> {
  if (row.kind === "event") {
    const status = await sendEvent(row.payload as EventPayload, now);
    return { vendor: "webhook", status };
  }
  // Builds the zip, stores it and emails the link; a failed email retries with a fresh link.
  if (row.kind === "data_export") {
    const outcome = await prepareDataExport(db, row.payload as DataExportPayload, now);
    return outcome === "expired" ? outcome : { vendor: providerOf("EMAIL") };
  }
  const payload = row.payload as MessagePayload;
  if (payload.retryUntil && new Date(payload.retryUntil) < now) return "expired";
  // The row id is the vendor's RequestId / tracking_id: the same on every retry.
  return sendMessage(payload.message, { id: row.id, db });
}

/**
 * A ZNS Zalo refused for good (no Zalo account, template refused, OA revoked) goes by SMS: this row
 * is done as "rerouted_sms" and a new SMS row, due now, takes the message on.
 */
async function rerouteToSms(db: Db, row: OutboxRow, error: string, now: Date): Promise<void> {
  const payload = row.payload as MessagePayload;
  const sms: MessagePayload = { ...payload, message: { ...payload.message, channel: "SMS" } };
  const provider = providerOf("SMS");
  await db.transaction(async (tx) => {
    await markRerouted(tx, row.id, error, now);
    await insertOutbox(tx, {
      id: `msg_${newId()}`,
      kind: "message",
      target: "SMS",
      payload: sms,
      nextAttemptAt: now,
      createdAt: now,
      vendor: isVendor(provider) ? provider : null,
    });
  });
  logger.info({ outbox: row.id, vendor: "zalo" }, "ZNS refused for good: the message goes by SMS");
}

/** One pass: claim what is due, send it, record the outcome. Returns how many rows it handled. */
export async function runOutboxOnce(
  db: Db,
  now: Date = new Date(),
): Promise<{ sent: number; failed: number }> {
  const rows = await claimDue(db, now, BATCH, LEASE_MS);
  let sent = 0;
  let failed = 0;
  await Promise.all(
    rows.map(async (row) => {
      try {
        const outcome = await send(db, row, now);
        if (outcome === "expired") {
          await markGivenUp(db, row.id, "expired before it could be delivered");
          failed += 1;
          return;
        }
        await markDone(db, row.id, new Date(), outcome);
        sent += 1;
      } catch (error) {
        failed += 1;
        metrics().outboxFailures.inc(failureLabels(row));
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ outbox: row.id, attempts: row.attempts, err: message }, "outbox delivery failed");
        if (isPermanent(error)) {
          if (row.kind === "message" && row.target === "ZNS" && canRerouteToSms(env()))
            await rerouteToSms(db, row, message, now);
          else await markGivenUp(db, row.id, message);
          return;
        }
        const status = error instanceof WebhookAnswerError ? error.status : null;
        await markFailed(db, row.id, message, new Date(now.getTime() + backoffMs(row.attempts)), status);
      }
    }),
  );
  return { sent, failed };
}

/** Runs the worker every OUTBOX_INTERVAL_SECONDS until stopped; each instance runs one. */
export function startOutboxWorker(db: Db): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let tokenCheckedAt = 0;
  const tick = () => {
    if (stopped) return;
    // The Zalo OA's token pair is kept fresh (and a revoked OA found) even when no ZNS goes out.
    const config = env();
    let tokenCheck: Promise<void> = Promise.resolve();
    if (config.ZNS_PROVIDER === "zalo" && Date.now() - tokenCheckedAt > TOKEN_CHECK_MS) {
      tokenCheckedAt = Date.now();
      tokenCheck = keepZaloTokenFresh(db, config);
    }
    running = Promise.all([tokenCheck, runOutboxOnce(db)])
      .catch((error) => logger.error({ err: error }, "outbox pass failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, env().OUTBOX_INTERVAL_SECONDS * 1000);
      });
  };
  let timer = setTimeout(tick, 500);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
