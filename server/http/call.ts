import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { IssuedSession } from "@/server/session/issued";

/**
 * How a call is authenticated: none, the person's session (cookie or header), either, or a
 * product's api key as the bearer (server-to-server, DESIGN §11), or the bank notification's
 * `Authorization: Apikey <BANK_WEBHOOK_KEY>`, or an operator (DESIGN §13): the portal's cookie of
 * a person with the admin scope whose sign-in proved the second factor (server/http/caller.ts).
 */
export type AuthMode = "none" | "session" | "optional" | "product" | "bank" | "admin";

/** What a handler asks dispatch to do with the session cookie. */
export type SessionDirective = { set: IssuedSession } | { clear: true };

/** Any other cookie a call sets (maxAge > 0) or clears (maxAge 0): OAuth binding, language, … */
export type CookieDirective = {
  name: string;
  value: string;
  maxAge: number;
  httpOnly: boolean;
  /** Set inside a sibling product's (cross-site) frame: `SameSite=None; Secure; Partitioned`, as the session's. */
  frame?: boolean;
};

export type CallResult = {
  data?: unknown;
  /** Catalog key of the success message (translated by dispatch). */
  message?: string;
  session?: SessionDirective;
  cookies?: CookieDirective[];
};

/** Why a raw call did not succeed: the status and error code the envelope would have carried. */
export type RawFailure = { status: number; error: string };

export type Call<S extends z.ZodType = z.ZodType> = {
  auth: AuthMode;
  input: S;
  /** GET for the few calls a browser widget fetches (captcha challenge); POST otherwise. */
  method?: "GET" | "POST";
  /**
   * The other method a call also takes, its input read the same way: POST for a GET call (a vendor's
   * callback that may come either way: eSMS's delivery report), GET for a POST call a browser may
   * also read with a plain link or `fetch(url)` (the public catalog, issue 38). With both, a POST's
   * JSON or form body is read over the query's fields.
   */
  alsoMethod?: "GET" | "POST";
  /** Answer `data` as the whole body instead of the envelope (third-party widgets). */
  raw?: boolean;
  /**
   * A raw call's answer to anything but success (bad body, validation, refused key or method, an
   * internal error), in its caller's shape: a gateway reads only its own JSON. Without it, the envelope.
   */
  rawError?: (failure: RawFailure) => { status: number; body: unknown };
  /** Also accept `multipart/form-data` (`jsonData` + files): the profile update. */
  multipart?: boolean;
  /** Also accept the session token as the body's `token` field (sibling products). */
  bodyToken?: boolean;
  /**
   * "Confirm it's you" and the calls that want it (issue 37): only the portal's own browser session
   * may make them. A request carrying `authorization` (a product's token, an OIDC access token, an
   * API key) is refused with REAUTH_PORTAL_SESSION_REQUIRED before anything else is read; the
   * services refuse the rest (a session adopted from a product's token: server/passkey/reauth.ts).
   */
  portalSessionOnly?: boolean;
  /**
   * "public": any web page may call it from the browser, as public data (issue 38): the answer says
   * `Access-Control-Allow-Origin: *` (no credentials), a preflight OPTIONS is answered, and the
   * Origin check (a POST with the portal's cookie comes from the portal's own pages) is skipped.
   * Only for auth "none" calls that read nothing of the caller (a test checks the registry).
   */
  cors?: "public";
  /** One line for the API reference (server/openapi). */
  summary?: string;
  /**
   * What the call answers on success: the envelope's `data`, or a raw call's whole body. The API
   * reference (GET /2.0/openapi.json, /docs/api) is made from it; every call has one (a test says so).
   */
  output?: z.ZodType;
  /**
   * The error codes its services may answer (`data.error`), besides those every call may
   * (VALIDATION, BAD_JSON, UNAUTHORIZED, FORBIDDEN_ORIGIN, INTERNAL, …; see server/openapi).
   */
  errors?: readonly ErrorCode[];
  run: (ctx: Ctx, input: z.output<S>) => Promise<CallResult>;
};

/** Declares one /2.0 call; keeps the input type flowing from the schema into `run`. */
export function defineCall<S extends z.ZodType>(call: Call<S>): Call<S> {
  return call;
}

/** The methods a call takes: its own first, then the one it also takes. */
export function methodsOf(call: Call): ("GET" | "POST")[] {
  const own = call.method ?? "POST";
  return call.alsoMethod && call.alsoMethod !== own ? [own, call.alsoMethod] : [own];
}
