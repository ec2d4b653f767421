import "server-only";
import type { ApiResponse } from "./api-request";
import { type Call, methodsOf } from "./call";

// Cross-origin reads of public data (a call declared `cors: "public"`, issue 38): any web page may
// call it from the browser without credentials. Every other call answers no CORS header at all, so
// a browser keeps another site's page from reading it, and dispatch's Origin check still refuses a
// cross-site POST.

/** Request headers a page may send to a public call (beyond the CORS-safelisted ones). */
const ALLOWED_HEADERS = "content-type, accept-language, x-request-id";
/** Seconds a browser may keep a preflight's answer (Chromium caps it at 7200). */
const PREFLIGHT_MAX_AGE = 7200;

export const isPublicCall = (call: Call | undefined): boolean => call?.cors === "public";

/**
 * What every answer of a public call carries, its refusals included (a page reads the error
 * envelope too). `*` and never `Access-Control-Allow-Credentials`: the browser then sends no
 * cookie with the page's request, and the answer is the same for everyone.
 */
export const PUBLIC_CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-request-id",
});

/** A public call's answer to a preflight (OPTIONS): no body, what the page may send. */
export function preflightAnswer(call: Call, requestId: string): ApiResponse {
  return {
    status: 204,
    headers: {
      ...PUBLIC_CORS_HEADERS,
      "access-control-allow-methods": [...methodsOf(call), "OPTIONS"].join(", "),
      "access-control-allow-headers": ALLOWED_HEADERS,
      "access-control-max-age": String(PREFLIGHT_MAX_AGE),
      "cache-control": "no-store",
      "x-request-id": requestId,
    },
    setCookies: [],
    body: "",
  };
}
