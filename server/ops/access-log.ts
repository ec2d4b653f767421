import "server-only";
import { AsyncResource } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "@/lib/logger";

// One line per request from the custom server (server.ts): what an operator greps first. The path's
// query is never written (reset and export links carry their token there); the route is a pattern.

/** Set when the process starts, as the /2.0 fast path reads it. */
const TRUST_PROXY = process.env.TRUST_PROXY === "1";

/**
 * The client address as dispatch sees it (server/http/fast-path.ts): the socket's, or the first of
 * X-Forwarded-For when a trusted proxy in front sets it (TRUST_PROXY=1).
 */
export function clientAddressOf(req: IncomingMessage, trustProxy: boolean = TRUST_PROXY): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * Writes the request's line when its answer is done (or the client went away): method, route,
 * status, duration and client address; the request id comes from the request's log scope.
 * `onDone` sees the same figures (the page counter).
 */
export function logWhenDone(
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  onDone?: (status: number) => void,
): void {
  const started = performance.now();
  // Bound: a listener runs in the context of whoever emits, and the line must carry this request's id.
  res.once(
    "close",
    AsyncResource.bind(() => {
      const status = res.writableFinished ? res.statusCode : 499;
      onDone?.(status);
      logger.info(
        {
          method: req.method,
          route,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ip: clientAddressOf(req),
        },
        "request",
      );
    }),
  );
}
