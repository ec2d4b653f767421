import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { maskContact, serializeError } from "./log-scrub";

type RequestScope = { requestId: string };
type Sink = { write: (line: string) => void };

const globalForLog = globalThis as unknown as {
  __portalLog?: pino.Logger;
  // One store per process: Next may load this module twice, and a line written by the second copy
  // must still find the request the first copy (server.ts) opened.
  __portalRequestScope?: AsyncLocalStorage<RequestScope>;
  __portalLogSink?: { sink: Sink | undefined };
};

globalForLog.__portalRequestScope ??= new AsyncLocalStorage<RequestScope>();
const requestScope = globalForLog.__portalRequestScope;
globalForLog.__portalLogSink ??= { sink: undefined };
const capture = globalForLog.__portalLogSink;

/** Runs `work` as the handling of one request: every line logged meanwhile carries its id. */
export function inRequest<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/** A caller's x-request-id is kept when it is sane (a load balancer's), else a new one is made. */
export function requestIdOf(given: string | undefined): string {
  return given && /^[\w.:-]{8,100}$/.test(given) ? given : crypto.randomUUID();
}

/**
 * Tests only: sends every line to `sink` (undefined: back to stdout), so a test can read what the
 * log would have said. The logger itself stays the one every module imported.
 */
export function captureLogsForTests(sink: Sink | undefined): void {
  capture.sink = sink;
}

/** Structured log; tokens, codes, passwords and secrets never reach it, emails and phones are masked. */
function createLogger(): pino.Logger {
  const stdout = pino.destination({ dest: 1, sync: true });
  const destination: Sink = { write: (line) => (capture.sink ?? stdout).write(line) };
  return pino(
    {
      level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
      mixin: () => {
        const id = requestScope.getStore()?.requestId;
        return id ? { requestId: id } : {};
      },
      serializers: {
        // A failed query's message and `params` hold the row's values (emails, addresses, codes).
        err: serializeError,
        error: serializeError,
        to: maskContact,
        email: maskContact,
        phone: maskContact,
        destination: maskContact,
      },
      redact: {
        paths: [
          "password",
          "*.password",
          "*.old_password",
          "*.new_password",
          "token",
          "*.token",
          "code",
          "*.code",
          "text",
          "subject",
          "link",
          "url",
          "*.custom_auth",
          "authorization",
          "*.authorization",
          "cookie",
          "*.cookie",
          "secret",
          "*.secret",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

globalForLog.__portalLog ??= createLogger();
export const logger: pino.Logger = globalForLog.__portalLog;
export type Logger = pino.Logger;
