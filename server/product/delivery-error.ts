import { scrubText } from "@/lib/log-scrub";

// The outbox keeps why a delivery failed as the worker saw it; a product reads it through its
// events list, so what is shown names no secret: an address's credentials and query (a webhook URL
// may carry a token in either), the app's own keys and any email address are cut or masked.

/** A URL's `user:password@`. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
/** A URL's query and fragment. */
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#][^\s]*/gi;

/** The last delivery error as a product may read it; null stays null. */
export function scrubDeliveryError(
  text: string | null,
  secrets: readonly (string | undefined)[],
): string | null {
  if (text === null) return null;
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 8) out = out.split(secret).join("[redacted]");
  return scrubText(out.replace(URL_CREDENTIALS, "$1[redacted]@").replace(URL_QUERY, "$1?[redacted]"));
}
