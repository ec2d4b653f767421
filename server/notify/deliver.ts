import "server-only";
import { type Env, env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { getDb } from "@/server/db/client";
import { metrics } from "@/server/ops/metrics";
import {
  enqueueMessage,
  finishForRetry,
  finishGivenUp,
  finishRerouted,
  finishSent,
  recordSentMessage,
  startVendorMessage,
} from "@/server/outbox/service";
import { DeliveryError, isPermanent, type Vendor } from "./delivery-error";
import {
  type Channel,
  canRerouteToSms,
  isVendor,
  type OutgoingMessage,
  providerOf,
  sendMessage,
} from "./send";

// The one way a service sends a message: at once, else through the durable outbox. The adapters
// (./send) know nothing of the outbox, so the outbox's worker can use them too.

export type { Channel, OutgoingMessage } from "./send";

/** What became of a message, and by which channel it went (a ZNS may have gone by SMS). */
export type Delivery = { outcome: "sent" | "queued"; channel: Channel };

/**
 * Sends a message at once (the person is waiting for it); when that first try fails, the message
 * is queued in the durable outbox (DESIGN §12) to be retried until `retryUntil` and the caller hears
 * "queued" (the person is told it may be late: what they started, e.g. a sign-up, is not undone).
 * Only a message that could neither be sent nor queued is DELIVERY_FAILED.
 */
export async function deliver(
  message: OutgoingMessage,
  options: { retryUntil?: Date } = {},
): Promise<"sent" | "queued"> {
  return (await deliverMessage(message, options)).outcome;
}

/**
 * `deliver`, telling the channel it really went by. Through a vendor (eSMS, Zalo) the message's
 * outbox row is written before the first try (its id is the vendor's RequestId / tracking_id); a
 * ZNS the vendor refuses for good (no Zalo account, template refused, OA revoked) goes by SMS at
 * once when SMS is configured, and a refusal for good with nowhere else to go is DELIVERY_FAILED.
 */
export async function deliverMessage(
  message: OutgoingMessage,
  options: { retryUntil?: Date } = {},
): Promise<Delivery> {
  const config = env();
  const provider = providerOf(message.channel, config);
  if (isVendor(provider)) return throughVendor(config, provider, message, options);
  try {
    await sendMessage(message);
  } catch (error) {
    metrics().outboxFailures.inc({ kind: "message", channel: message.channel, vendor: provider });
    logger.error({ err: error, channel: message.channel }, "delivery failed; queued for retry");
    try {
      await enqueueMessage(message, { retryUntil: options.retryUntil });
      return { outcome: "queued", channel: message.channel };
    } catch (queueError) {
      logger.error({ err: queueError }, "could not queue the message for retry");
      throw new AppError("DELIVERY_FAILED");
    }
  }
  // Outside the try: the message went, so a failed note of it must not queue it a second time.
  try {
    await recordSentMessage(await getDb(), { channel: message.channel, now: new Date() });
  } catch (error) {
    logger.warn(
      { err: error, channel: message.channel },
      "sent, but the outbox row saying so was not written",
    );
  }
  return { outcome: "sent", channel: message.channel };
}

async function throughVendor(
  config: Env,
  vendor: Vendor,
  message: OutgoingMessage,
  options: { retryUntil?: Date },
): Promise<Delivery> {
  const db = await getDb();
  let id: string;
  try {
    id = await startVendorMessage(db, { message, vendor, retryUntil: options.retryUntil, now: new Date() });
  } catch (error) {
    logger.error(
      { err: error, channel: message.channel, vendor },
      "could not write the message's outbox row",
    );
    throw new AppError("DELIVERY_FAILED");
  }
  try {
    const receipt = await sendMessage(message, { id, db });
    await finishSent(db, id, receipt, new Date());
    return { outcome: "sent", channel: message.channel };
  } catch (error) {
    metrics().outboxFailures.inc({ kind: "message", channel: message.channel, vendor });
    const text = error instanceof Error ? error.message : String(error);
    // The vendor's code and words, never the message (it holds the code).
    logger.warn(
      {
        outbox: id,
        channel: message.channel,
        vendor,
        vendorCode: error instanceof DeliveryError ? error.vendorCode : undefined,
        permanent: isPermanent(error),
        err: text,
      },
      "vendor refused or failed the message",
    );
    if (!isPermanent(error)) {
      await finishForRetry(db, id, text, new Date());
      return { outcome: "queued", channel: message.channel };
    }
    if (message.channel === "ZNS" && canRerouteToSms(config)) {
      await finishRerouted(db, id, text, new Date());
      logger.info({ outbox: id }, "ZNS refused for good: the message goes by SMS");
      return deliverMessage({ ...message, channel: "SMS" }, options);
    }
    await finishGivenUp(db, id, text);
    throw new AppError("DELIVERY_FAILED");
  }
}
