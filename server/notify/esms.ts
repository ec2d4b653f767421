import "server-only";
import type { Env } from "@/lib/env";
import { oneSegment, smsText } from "@/lib/sms-text";
import { DeliveryError, type Receipt } from "./delivery-error";
import type { OutgoingMessage } from "./message";
import { esmsPhone } from "./phone";

// eSMS brandname SMS, customer-care type (SmsType 2): SendMultipleMessage_V4_post_json, one
// message per request. https://developers.esms.vn — "Send OTP/Customer care message".

const SEND_PATH = "/MainService.svc/json/SendMultipleMessage_V4_post_json/";

/** The request was taken ("100" only says eSMS has it; the delivery report says whether it arrived). */
export const ESMS_ACCEPTED = "100";

/**
 * A RequestId eSMS has seen in the last 24 hours. Every message's RequestId is its outbox row id, so
 * this answers a retry whose first try eSMS did take (the answer was lost on the way): nothing to
 * send again, the row is done.
 */
export const ESMS_DUPLICATE_REQUEST = "124";

/**
 * CodeResults a retry cannot change, from eSMS's table of error codes: the row is given up and
 * stays for the operator (`npm run admin -- outbox list --failed`, then `outbox retry` once fixed).
 *   101 wrong ApiKey/SecretKey · 102 no price list for the account · 104 brandname not registered
 *   or not active · 108 phone number not in a valid format · 118 unsupported message type ·
 *   140 this server's IP is not whitelisted · 146 content does not match a registered
 *   customer-care template · 177 brandname not registered with the receiver's network ·
 *   300 message type missing · 301 unsupported service.
 * Everything else is retried with the outbox's backoff: 99 (eSMS's "unknown error / invalid
 * request, try again or call support" on its send page; its newer table also uses 99 for a number
 * blocked on its side — a retry costs nothing, eSMS does not charge a refused message), 103 (balance
 * too low: the operator tops up), any other code, an HTTP error, a timeout or an answer that is not
 * eSMS's JSON.
 */
export const ESMS_GIVE_UP: ReadonlySet<string> = new Set([
  "101",
  "102",
  "104",
  "108",
  "118",
  "140",
  "146",
  "177",
  "300",
  "301",
]);

type EsmsAnswer = { CodeResult?: string | number; SMSID?: string; ErrorMessage?: string };

/** Where eSMS posts delivery reports, when the report key and the public origin are set. */
export function esmsCallbackUrl(config: Pick<Env, "APP_URL" | "ESMS_REPORT_KEY">): string | undefined {
  if (!config.APP_URL || !config.ESMS_REPORT_KEY) return undefined;
  const url = new URL("/2.0/notify/esms-report", config.APP_URL);
  url.searchParams.set("key", config.ESMS_REPORT_KEY);
  return url.toString();
}

/** The request body for one message; `requestId` is its outbox row id. */
export function esmsRequest(
  config: Env,
  message: OutgoingMessage,
  requestId: string,
): Record<string, string> {
  // A code must arrive in one segment; other texts go as they are (eSMS splits long ones).
  const content =
    message.template === "otp"
      ? oneSegment(message.text, String(message.params.code))
      : smsText(message.text);
  const callbackUrl = esmsCallbackUrl(config);
  return {
    ApiKey: config.ESMS_API_KEY ?? "",
    SecretKey: config.ESMS_SECRET_KEY ?? "",
    Phone: esmsPhone(message.to),
    Content: content.text,
    Brandname: config.ESMS_BRANDNAME ?? "",
    SmsType: "2",
    IsUnicode: content.isUnicode ? "1" : "0",
    Sandbox: config.ESMS_SANDBOX ? "1" : "0",
    RequestId: requestId,
    ...(callbackUrl ? { CallbackUrl: callbackUrl } : {}),
  };
}

/** Sends one SMS through eSMS; throws a DeliveryError (permanent or not) unless CodeResult is 100. */
export async function sendEsms(config: Env, message: OutgoingMessage, requestId: string): Promise<Receipt> {
  let response: Response;
  try {
    // Joined, not resolved: a base with a path (a proxy, a test peer) keeps it.
    response = await fetch(`${config.ESMS_BASE_URL.replace(/\/+$/, "")}${SEND_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(esmsRequest(config, message, requestId)),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new DeliveryError({
      vendor: "esms",
      vendorCode: "unreachable",
      permanent: false,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  if (!response.ok) {
    throw new DeliveryError({ vendor: "esms", vendorCode: `http_${response.status}`, permanent: false });
  }
  let answer: EsmsAnswer;
  try {
    answer = (await response.json()) as EsmsAnswer;
  } catch {
    throw new DeliveryError({ vendor: "esms", vendorCode: "bad_answer", permanent: false });
  }
  const code = String(answer.CodeResult ?? "none");
  if (code === ESMS_ACCEPTED) return { vendor: "esms", vendorMessageId: answer.SMSID };
  if (code === ESMS_DUPLICATE_REQUEST) return { vendor: "esms", detail: "RequestId accepted earlier (124)" };
  throw new DeliveryError({
    vendor: "esms",
    vendorCode: code,
    permanent: ESMS_GIVE_UP.has(code),
    detail: answer.ErrorMessage,
  });
}
