// Calls /2.0 through the real dispatch with a fabricated request, as a browser or product would.
import type { Envelope } from "@/lib/http/envelope";
import { dispatch } from "@/server/http/dispatch";
import { type OutboxMessage, readOutbox } from "@/tests/support/outbox";

export const ORIGIN = "http://portal.test";

export type CallOptions = {
  cookie?: string;
  headers?: Record<string, string>;
  method?: string;
  rawBody?: string;
  /** A query string for GET calls (a gateway's IPN), without "?". */
  query?: string;
  ip?: string;
  clock?: () => Date;
};

export type CallResponse<T = Record<string, unknown>> = {
  status: number;
  body: Envelope<T>;
  setCookies: string[];
  /** Cookie header a browser would send next (name=value of every non-cleared cookie). */
  cookie: string;
};

export async function call<T = Record<string, unknown>>(
  apiPath: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<CallResponse<T>> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: ORIGIN,
    host: "portal.test",
    "user-agent": "vitest",
    "x-forwarded-for": options.ip ?? "10.0.0.1",
    ...options.headers,
  };
  if (options.cookie) headers.cookie = options.cookie;
  const method = options.method ?? "POST";
  const request = new Request(`${ORIGIN}/2.0${apiPath}${options.query ? `?${options.query}` : ""}`, {
    method,
    headers,
    body: method === "GET" ? undefined : (options.rawBody ?? JSON.stringify(body)),
  });
  const response = await dispatch(request, { clock: options.clock });
  const setCookies = response.headers.getSetCookie();
  const cookie = setCookies
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => !c.endsWith("="))
    .join("; ");
  return { status: response.status, body: (await response.json()) as Envelope<T>, setCookies, cookie };
}

/** Messages the outbox adapter wrote, newest last. */
export function outbox(): OutboxMessage[] {
  return readOutbox(process.env.DATA_DIR ?? ".data");
}

/** The last code sent to `to`. */
export function lastCode(to: string): string {
  const found = outbox()
    .filter((m) => m.to === to)
    .at(-1);
  if (!found) throw new Error(`no message to ${to} in the outbox`);
  return String(found.params.code);
}

/** The code of the last SMS to `phone`. */
export function lastSmsCode(phone: string): string {
  const found = outbox()
    .filter((m) => m.to === phone && m.channel === "SMS")
    .at(-1);
  if (!found) throw new Error(`no SMS to ${phone}`);
  return String(found.params.code);
}
