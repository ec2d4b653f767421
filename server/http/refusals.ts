import "server-only";
import type { z } from "zod";
import { AppError, type ErrorCode } from "@/lib/errors";
import { type Envelope, envelope } from "@/lib/http/envelope";
import { fieldLabeler, translator } from "@/lib/i18n";
import type { Locale } from "@/lib/locales";
import { logger } from "@/lib/logger";
import { fieldErrors } from "@/lib/validation";
import type { Call, RawFailure } from "./call";

// A call refused or failed, as its answer: SPEC §8's envelope in the request's language, or a raw
// call's own shape (a gateway reads only its own JSON).

/**
 * An answer before its request id: the envelope (or a raw call's data) and the cookies to set.
 * `refused` is a raw call's own refusal: its body is not an envelope, and `status` may say 200
 * (a gateway's wire answer) where the refusal's own status is `refused`.
 */
export type Answer = { status: number; body: unknown; setCookies: string[]; refused?: number };

/** Where a refusal happened: its log line, the request id the answer carries, its language (lib/locales.ts pickLocale). */
export type Where = { requestId: string; path: string; lang: Locale };

export function json(body: unknown, status: number, setCookies: string[] = []): Answer {
  return { status, body, setCookies };
}

/** A call refused or failed: the envelope, or a raw call's own shape (a gateway's, `rawError`). */
function refuse(
  call: Call,
  where: Where,
  refusal: RawFailure & { envelopeOf: () => Envelope; setCookies?: string[] },
): Answer {
  const { status, error } = refusal;
  const { path } = where;
  if (!call.rawError) return json(refusal.envelopeOf(), status, refusal.setCookies);
  // Its caller's shape carries no detail: the log does, under the answer's x-request-id.
  if (status < 500) logger.warn({ path, status, error }, "raw /2.0 call refused");
  const own = call.rawError({ status, error });
  return { status: own.status, body: own.body, setCookies: [], refused: status };
}

function errorEnvelope(error: AppError, lang: Locale): Envelope {
  const t = translator(lang);
  if (error.fields) {
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([k, key]) => [k, t(key, { field: k })]),
    );
    return envelope(error.status, t(`errors.${error.code}`, error.params), { fields, error: error.code });
  }
  return envelope(error.status, t(`errors.${error.code}`, error.params), {
    error: error.code,
    ...(error.data && typeof error.data === "object" ? error.data : {}),
  });
}

/** No call answers to this path (never a raw call's shape: there is no call). */
export function unknownCall(path: string, lang: Locale): Answer {
  return json(
    envelope(404, translator(lang)("errors.UNKNOWN_CALL", { path }), { error: "UNKNOWN_CALL" }),
    404,
  );
}

export function methodNotAllowed(call: Call, where: Where): Answer {
  return refuse(call, where, {
    status: 405,
    error: "METHOD_NOT_ALLOWED",
    envelopeOf: () =>
      envelope(405, translator(where.lang)("errors.METHOD_NOT_ALLOWED"), { error: "METHOD_NOT_ALLOWED" }),
  });
}

/** The input did not match the call's schema: every refused field with its message. */
export function invalidInput(call: Call, where: Where, error: z.ZodError): Answer {
  const envelopeOf = () => {
    const t = translator(where.lang);
    const fields = fieldErrors(error, t, fieldLabeler(t));
    return envelope(400, Object.values(fields).join("\n"), {
      fields,
      error: "VALIDATION" satisfies ErrorCode,
    });
  };
  return refuse(call, where, { status: 400, error: "VALIDATION", envelopeOf });
}

/**
 * A thrown error as the call's answer: an AppError as its code says (an UNAUTHORIZED one also
 * clears the dead session's cookies); anything else is logged and answered INTERNAL.
 */
export function failure(call: Call, where: Where, error: unknown, clearCookies: () => string[]): Answer {
  if (error instanceof AppError) {
    return refuse(call, where, {
      status: error.status,
      error: error.code,
      envelopeOf: () => errorEnvelope(error, where.lang),
      setCookies: error.code === "UNAUTHORIZED" ? clearCookies() : [],
    });
  }
  const { requestId, path, lang } = where;
  // The request's scope (lib/logger) puts its id on the line.
  logger.error({ err: error, path }, "unhandled error in /2.0 call");
  return refuse(call, where, {
    status: 500,
    error: "INTERNAL",
    envelopeOf: () =>
      envelope(500, translator(lang)("errors.INTERNAL", { requestId }), { error: "INTERNAL", requestId }),
  });
}

/** Errors carry the request id, so a person's report finds the log lines. */
export function withRequestId(body: Envelope, requestId: string): Envelope {
  return { ...body, data: { ...(body.data as object), request_id: requestId } };
}
