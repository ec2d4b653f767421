import "server-only";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { enqueueMessage } from "@/server/outbox/service";
import { type OutgoingMessage, sendMessage } from "./send";

// The one way a service sends a message: at once, else through the durable outbox. The adapters
// (./send) know nothing of the outbox, so the outbox's worker can use them too.

export type { Channel, OutgoingMessage } from "./send";

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
  try {
    await sendMessage(message);
    return "sent";
  } catch (error) {
    logger.error({ err: error, channel: message.channel }, "delivery failed; queued for retry");
    try {
      await enqueueMessage(message, { retryUntil: options.retryUntil });
      return "queued";
    } catch (queueError) {
      logger.error({ err: queueError }, "could not queue the message for retry");
      throw new AppError("DELIVERY_FAILED");
    }
  }
}
