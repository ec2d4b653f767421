import "server-only";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { CATALOGS } from "@/lib/i18n";
import type { AuthMode, Call } from "@/server/http/call";
import { envelopeSchema, REF_PREFIX } from "./json-schema";
import type { JsonSchema } from "./types";

/** What any call may answer, whatever it does (dispatch's own refusals). */
export const COMMON_ERRORS: readonly ErrorCode[] = [
  "VALIDATION",
  "BAD_JSON",
  "PAYLOAD_TOO_LARGE",
  "METHOD_NOT_ALLOWED",
  "INTERNAL",
];

const AUTH_ERRORS: Record<AuthMode, readonly ErrorCode[]> = {
  none: [],
  optional: [],
  session: ["UNAUTHORIZED"],
  product: ["PRODUCT_KEY_INVALID"],
  bank: ["PRODUCT_KEY_INVALID"],
  admin: ["UNAUTHORIZED", "ADMIN_REQUIRED", "ADMIN_2FA_REQUIRED"],
};

/** Every error code a call may answer: its own, its auth mode's and the common ones, by status. */
export function errorsOf(call: Call): ErrorCode[] {
  const codes = new Set<ErrorCode>([
    ...COMMON_ERRORS,
    ...AUTH_ERRORS[call.auth],
    // A POST carrying the portal's cookie must come from the portal's own pages (CSRF); a public
    // call answers any origin.
    ...((call.method ?? "POST") === "POST" &&
    call.auth !== "product" &&
    call.auth !== "bank" &&
    call.cors !== "public"
      ? (["FORBIDDEN_ORIGIN"] as const)
      : []),
    ...(call.portalSessionOnly ? (["REAUTH_PORTAL_SESSION_REQUIRED"] as const) : []),
    ...(call.errors ?? []),
  ]);
  return [...codes].sort((a, b) => ERROR_CODES[a] - ERROR_CODES[b] || a.localeCompare(b));
}

/** The English catalog's text of an error (its placeholders left as they are). */
function errorText(code: ErrorCode): string {
  const errors = CATALOGS.en.errors as Record<string, string>;
  return errors[code] ?? code;
}

/** Extra words for the codes whose envelope carries more than `error`. */
const ERROR_NOTES: Partial<Record<ErrorCode, string>> = {
  VALIDATION: "`data.fields` maps each refused field to its message.",
  DEVICE_LIMIT_EXCEEDED:
    "`data` also holds `devices`, `token`, `limit` and `redirect_url` (/device-limit-exceeded): sign out a device with /auth/device-limit-resolve.",
  PACKAGE_UNKNOWN: "`data.line` is the index of the refused line.",
  PACKAGE_MONTHS_INVALID: "`data.line` is the index of the refused line.",
  STORE_NOT_OWNED: "`data.line` is the index of the refused line (order/create).",
  RATE_LIMITED: "`data.retry_after` is the wait in seconds (the message names it too).",
  OTP_RESEND_TOO_EARLY: "`data.retry_after` is the wait in seconds before a new code can be asked for.",
  ACCOUNT_LOCKED: "`data.locked_reason` is the reason an operator gave when locking sign-in, or null.",
  EVENT_NOT_FOUND:
    "No event with that id was queued for the calling product; another product's event answers the same, so nobody learns it exists.",
};

export function errorDescription(code: ErrorCode): string {
  const note = ERROR_NOTES[code];
  return note ? `${errorText(code)}. ${note}` : errorText(code);
}
/** Every failure's envelope (components/schemas/ErrorEnvelope). */
export const ERROR_ENVELOPE = envelopeSchema(
  { type: "integer", description: "The HTTP status" },
  {
    type: "object",
    required: ["error", "request_id"],
    properties: {
      error: { $ref: `${REF_PREFIX}ErrorCode` },
      request_id: {
        type: "string",
        description: "Names the log lines of this request (also `x-request-id`)",
      },
      fields: {
        type: "object",
        additionalProperties: { type: "string" },
        description: "VALIDATION and some others: each refused field and its message",
      },
      retry_after: {
        type: "integer",
        minimum: 1,
        description: "RATE_LIMITED and OTP_RESEND_TOO_EARLY: seconds to wait before trying again",
      },
    },
  },
);

/** The envelope of a status's failures: its codes only. */
export function errorResponseSchema(status: number, codes: ErrorCode[]): JsonSchema {
  return {
    $ref: `${REF_PREFIX}ErrorEnvelope`,
    properties: { code: { const: status }, data: { properties: { error: { enum: codes } } } },
  };
}
