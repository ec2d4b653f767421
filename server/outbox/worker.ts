import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import type { Db } from "@/server/db/client";
import type { OutboxRow } from "@/server/db/tables/outbox";
import { prepareDataExport } from "@/server/export/background";
import { sendMessage } from "@/server/notify/send";
import { metrics } from "@/server/ops/metrics";
import { claimDue, markDone, markFailed, markGivenUp } from "./repository";
import type { DataExportPayload, EventPayload, MessagePayload } from "./service";
import { SIGNATURE_HEADER, signPayload } from "./signature";

const BATCH = 20;
const LEASE_MS = 60_000;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 60 * 60_000;

/** Exponential backoff after `attempts` failures, with ±20 % jitter, capped at one hour. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exact = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.min(MAX_DELAY_MS, Math.round(exact * (0.8 + 0.4 * random())));
}

/** POSTs one product event, signed; anything but a 2xx is a failure to retry. */
async function sendEvent(payload: EventPayload, now: Date): Promise<void> {
  const app = env().APPS_CONFIG[payload.app];
  if (!app?.webhook || !app.webhook_secret) throw new Error(`app ${payload.app} has no webhook any more`);
  const body = JSON.stringify(payload.event);
  const response = await fetch(app.webhook, {
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
  if (response.status < 200 || response.status >= 300) throw new Error(`webhook answered ${response.status}`);
}

async function send(db: Db, row: OutboxRow, now: Date): Promise<"sent" | "expired"> {
  if (row.kind === "event") {
    await sendEvent(row.payload as EventPayload, now);
    return "sent";
  }
  // Builds the zip, stores it and emails the link; a failed email retries with a fresh link.
  if (row.kind === "data_export") return prepareDataExport(db, row.payload as DataExportPayload, now);
  const payload = row.payload as MessagePayload;
  if (payload.retryUntil && new Date(payload.retryUntil) < now) return "expired";
  await sendMessage(payload.message);
  return "sent";
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
        await markDone(db, row.id, new Date());
        sent += 1;
      } catch (error) {
        failed += 1;
        metrics().outboxFailures.inc({ kind: row.kind });
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ outbox: row.id, attempts: row.attempts, err: message }, "outbox delivery failed");
        await markFailed(db, row.id, message, new Date(now.getTime() + backoffMs(row.attempts)));
      }
    }),
  );
  return { sent, failed };
}

/** Runs the worker every OUTBOX_INTERVAL_SECONDS until stopped; each instance runs one. */
export function startOutboxWorker(db: Db): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runOutboxOnce(db)
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
