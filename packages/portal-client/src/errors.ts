import type { components } from "./generated/openapi.js";

/** The portal's closed set of error codes (`data.error` of a failure), from its API reference. */
export type PortalErrorCode = components["schemas"]["ErrorCode"];

/**
 * What this library adds when no envelope came: the portal could not be reached, did not answer in
 * time, or answered something that is not its envelope (a proxy's error page, a redirect).
 */
export type TransportErrorCode = "NETWORK_ERROR" | "TIMEOUT" | "BAD_RESPONSE";

/** A /2.0 call that did not succeed: the envelope's status, `data.error` and translated message. */
export class PortalError extends Error {
  /** The HTTP status (the envelope's `code`); 0 when no answer came. */
  readonly status: number;
  readonly code: PortalErrorCode | TransportErrorCode;
  /** `data.request_id`: names the portal's log lines of this request. */
  readonly requestId?: string;
  /** VALIDATION: each refused field and its message. */
  readonly fields?: Record<string, string>;
  /** The failure's whole `data` (some codes carry more, e.g. `line` for PACKAGE_UNKNOWN). */
  readonly data?: Record<string, unknown>;

  constructor(
    status: number,
    code: PortalErrorCode | TransportErrorCode,
    message: string,
    details: {
      requestId?: string;
      fields?: Record<string, string>;
      data?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "PortalError";
    this.status = status;
    this.code = code;
    this.requestId = details.requestId;
    this.fields = details.fields;
    this.data = details.data;
  }
}
