// Product events as the portal POSTs them to your webhook, checked the way the portal signs them
// (server/outbox/signature.ts): `x-portal-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>" with the app's webhook_secret>`. Several `v1` may come (any one matching is
// enough); the time must be within the tolerance of your clock either way.
import { concatBytes, fromHex, hmacSha256, timingSafeEqual, utf8 } from "./crypto.js";
import type { webhooks } from "./generated/openapi.js";

export const SIGNATURE_HEADER = "x-portal-signature";
/** The portal refuses nothing older itself; 5 minutes is what it asks products to accept. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

type WebhookBody<K extends keyof webhooks> = webhooks[K] extends {
  post: { requestBody: { content: { "application/json": infer B } } };
}
  ? B
  : never;

/** Every product event by its type: `{ id, type, created_at, data }` (generated from the portal's API reference). */
export type PortalEventMap = { [K in keyof webhooks]: WebhookBody<K> };
export type PortalEventType = keyof PortalEventMap;
/** One product event; narrow it on `type`. The same `id` may arrive more than once: deduplicate on it. */
export type PortalEvent = PortalEventMap[PortalEventType];

export type WebhookErrorCode =
  /** No `x-portal-signature` header. */
  | "signature_missing"
  /** The header has no `t` or no `v1`. */
  | "signature_malformed"
  /** No `v1` is the HMAC of this body with this secret (another secret, a changed body, a parsed body). */
  | "signature_mismatch"
  /** Signed longer ago than the tolerance: a replay, or a clock far behind. */
  | "timestamp_too_old"
  /** Signed further in the future than the tolerance: a clock far ahead. */
  | "timestamp_too_new"
  /** Signed, but not an event's JSON. */
  | "body_malformed";

/** Why a webhook request was refused; answer it 400 (the portal retries, so a real event comes again). */
export class WebhookError extends Error {
  readonly code: WebhookErrorCode;

  constructor(code: WebhookErrorCode, message: string) {
    super(message);
    this.name = "WebhookError";
    this.code = code;
  }
}

/** Fetch's `Headers`, Node's `req.headers`, or anything with `get(name)`. */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Record<string, string | string[] | undefined>;

export type VerifyWebhookOptions = {
  /** How far the signature's time may be from your clock, either way; 300 by default. */
  toleranceSeconds?: number;
  /** Your clock, in milliseconds (tests). */
  now?: () => number;
};

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(",") : value;
}

/** `t` and every `v1` of the header, as the portal's own check reads them. */
function parseSignature(header: string): { t: number; v1: string[] } | undefined {
  const parts = new Map<string, string[]>();
  for (const item of header.split(",")) {
    const at = item.indexOf("=");
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key && value) parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  const t = Number(parts.get("t")?.[0]);
  const v1 = parts.get("v1") ?? [];
  if (!Number.isInteger(t) || v1.length === 0) return undefined;
  return { t, v1 };
}

function bytesOf(rawBody: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof rawBody === "string") return utf8(rawBody);
  if (rawBody instanceof Uint8Array) return rawBody;
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  throw new TypeError(
    "verifyWebhook needs the raw body (string, Uint8Array or ArrayBuffer) exactly as it came, not a parsed object",
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseEvent(body: Uint8Array): PortalEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    throw new WebhookError("body_malformed", "the body is not JSON");
  }
  if (
    !isObject(parsed) ||
    typeof parsed.id !== "string" ||
    typeof parsed.type !== "string" ||
    typeof parsed.created_at !== "string" ||
    !isObject(parsed.data)
  ) {
    throw new WebhookError(
      "body_malformed",
      "the body is not a product event { id, type, created_at, data }",
    );
  }
  return parsed as PortalEvent;
}

/**
 * Checks one webhook request and answers its event: the signature over the raw body first, then
 * its time, then the body's shape. Throws a `WebhookError` (with its `code`) when any is wrong.
 * Pass the body exactly as it came (before any JSON parser), and the request's headers.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<PortalEvent> {
  if (!secret) throw new TypeError("verifyWebhook needs the app's webhook_secret");
  const body = bytesOf(rawBody);
  const header = headerOf(headers, SIGNATURE_HEADER);
  if (!header) throw new WebhookError("signature_missing", `no ${SIGNATURE_HEADER} header`);
  const signature = parseSignature(header);
  if (!signature) {
    throw new WebhookError("signature_malformed", `${SIGNATURE_HEADER} is not t=<unix seconds>,v1=<hex>`);
  }
  const expected = await hmacSha256(secret, concatBytes(utf8(`${signature.t}.`), body));
  const matches = signature.v1.map((candidate) => {
    const given = fromHex(candidate);
    return given !== undefined && timingSafeEqual(given, expected);
  });
  if (!matches.includes(true)) {
    throw new WebhookError("signature_mismatch", "the signature does not match this body and secret");
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const age = (options.now ?? Date.now)() / 1000 - signature.t;
  if (age > tolerance) throw new WebhookError("timestamp_too_old", `signed ${Math.round(age)} s ago`);
  if (-age > tolerance) throw new WebhookError("timestamp_too_new", `signed ${Math.round(-age)} s ahead`);
  return parseEvent(body);
}
