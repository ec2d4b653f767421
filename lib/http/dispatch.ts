import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { parseCookies, serializeCookie } from "@/lib/cookies";
import { type Env, env } from "@/lib/env";
import { AppError, type ErrorCode } from "@/lib/errors";
import { fieldLabeler, translator } from "@/lib/i18n";
import { acceptedLocale, LANGUAGE_COOKIE, LOCALES, type Locale, toLocale } from "@/lib/locales";
import { type Logger, logger } from "@/lib/logger";
import {
  type CookieContext,
  clearedSessionCookies,
  SESSION_COOKIE,
  sealSession,
  sessionCookies,
  unsealSession,
} from "@/lib/session";
import { fieldErrors } from "@/lib/validation";
import type { Ctx } from "@/server/context";
import { getDb } from "@/server/db/client";
import { metrics } from "@/server/ops/metrics";
import { registry } from "@/server/registry";
import { resolveToken } from "@/server/session/service";
import type { Call, CallResult, RawFailure } from "./call";
import { type Envelope, envelope } from "./envelope";

export const API_PREFIX = "/2.0";
const MAX_BODY_BYTES = 64 * 1024;

/**
 * What dispatch reads of a request. The custom server fills it straight from node:http (no web
 * Request per call, DESIGN §2/§7); the Next route handler and the tests adapt a web Request.
 */
export type ApiRequest = {
  method: string;
  /** Path and query as sent: `/2.0/auth/userinfo?x=1`. */
  url: string;
  /** The origin the request came to (`http://host:port`), when APP_URL does not say. */
  origin: string;
  /** A header by its lower-case name. */
  header(name: string): string | undefined;
  /** The body as text; a body past `limit` bytes may be cut short (the caller refuses it). */
  text(limit: number): Promise<string>;
  formData(): Promise<FormData>;
};

/** What dispatch answers: written to node:http directly, or wrapped in a web Response. */
export type ApiResponse = {
  status: number;
  headers: Record<string, string>;
  setCookies: string[];
  body: string;
};

/** Per-configuration values, computed once (the env object is replaced only by tests). */
const configCache = new WeakMap<Env, { appOrigin?: string; apps: { code: string; key: Buffer }[] }>();
function configOf(config: Env) {
  let found = configCache.get(config);
  if (!found) {
    found = {
      appOrigin: config.APP_URL ? new URL(config.APP_URL).origin : undefined,
      apps: Object.entries(config.APPS_CONFIG).flatMap(([code, app]) =>
        app.api_key
          ? [{ code: code.toLowerCase(), key: createHash("sha256").update(app.api_key).digest() }]
          : [],
      ),
    };
    configCache.set(config, found);
  }
  return found;
}

function clientIp(request: ApiRequest): string {
  return request.header("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/** The origin the browser sees: APP_URL when configured, else the Host the request came to. */
function selfOrigin(request: ApiRequest, config: Env): string {
  const configured = configOf(config).appOrigin;
  if (configured) return configured;
  // Parsed only when a header is missing: this runs on every call.
  const host = request.header("x-forwarded-host") ?? request.header("host") ?? new URL(request.origin).host;
  const proto =
    request.header("x-forwarded-proto")?.split(",")[0] ??
    request.origin.slice(0, request.origin.indexOf(":"));
  return `${proto}://${host}`;
}

function bearer(request: ApiRequest): string | undefined {
  const header = request.header("authorization")?.trim();
  if (!header) return undefined;
  return header.replace(/^Bearer\s+/i, "");
}

/**
 * The product a server-to-server call comes from: its `api_key` (APPS_CONFIG) as the bearer,
 * compared in constant time against every app's key (DESIGN §11). Refused otherwise.
 */
function productOf(request: ApiRequest, key: string | undefined, config: Env): NonNullable<Ctx["product"]> {
  const given = createHash("sha256")
    .update(key ?? "")
    .digest();
  let found: string | undefined;
  for (const app of configOf(config).apps) {
    if (timingSafeEqual(given, app.key) && key) found = app.code;
  }
  if (!found) throw new AppError("PRODUCT_KEY_INVALID");
  const idempotencyKey = request.header("idempotency-key")?.trim() || undefined;
  if (idempotencyKey && idempotencyKey.length > 255) {
    throw new AppError("VALIDATION", { fields: { "idempotency-key": "validation.invalidType" } });
  }
  return { appCode: found, idempotencyKey };
}

/** The bank notification's `Authorization: Apikey <BANK_WEBHOOK_KEY>`; off when no key is set. */
function checkBankKey(request: ApiRequest, config: Env): void {
  const configured = config.BANK_WEBHOOK_KEY;
  const given = /^Apikey\s+(.+)$/i.exec(request.header("authorization")?.trim() ?? "")?.[1] ?? "";
  const digest = (v: string) => createHash("sha256").update(v).digest();
  if (!configured || !given || !timingSafeEqual(digest(given), digest(configured))) {
    throw new AppError("PRODUCT_KEY_INVALID");
  }
}

/** A NUL or a lone UTF-16 surrogate (`"\udfff"` in JSON) is never text a person typed: neither is valid in PostgreSQL text or jsonb. */
const notText = (s: string) => s.includes("\u0000") || !s.isWellFormed();

function hasNotText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return notText(value);
  if (depth > 20 || !value || typeof value !== "object") return false;
  if (value instanceof Blob) return false;
  return Object.entries(value).some(([k, v]) => notText(k) || hasNotText(v, depth + 1));
}

/**
 * An answer before its request id: the envelope (or a raw call's data) and the cookies to set.
 * `refused` is a raw call's own refusal: its body is not an envelope, and `status` may say 200
 * (a gateway's wire answer) where the refusal's own status is `refused`.
 */
type Answer = { status: number; body: unknown; setCookies: string[]; refused?: number };

function json(body: unknown, status: number, setCookies: string[] = []): Answer {
  return { status, body, setCookies };
}

/** A call refused or failed: the envelope, or a raw call's own shape (a gateway's, `rawError`). */
function refuse(
  call: Call,
  refusal: RawFailure & {
    envelopeOf: () => Envelope;
    setCookies?: string[];
    requestId: string;
    path: string;
  },
): Answer {
  const { status, error, requestId, path } = refusal;
  if (!call.rawError) return json(refusal.envelopeOf(), status, refusal.setCookies);
  // Its caller's shape carries no detail: the log does, under the answer's x-request-id.
  if (status < 500) logger.child({ requestId }).warn({ path, status, error }, "raw /2.0 call refused");
  const own = call.rawError({ status, error });
  return { status: own.status, body: own.body, setCookies: [], refused: status };
}

/** SPEC §7: the profile update is multipart (`jsonData` + an avatar of at most 5 MiB). */
const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;

async function readMultipart(request: ApiRequest): Promise<Record<string, unknown>> {
  const length = Number(request.header("content-length") ?? 0);
  if (length > MAX_MULTIPART_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("BAD_JSON");
  }
  const out: Record<string, unknown> = {};
  const json = form.get("jsonData");
  if (typeof json === "string" && json.trim()) {
    try {
      const parsed = JSON.parse(json) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      Object.assign(out, parsed);
    } catch {
      throw new AppError("BAD_JSON");
    }
  }
  for (const [key, value] of form.entries()) {
    if (key === "jsonData") continue;
    if (typeof value !== "string" && value.size > MAX_MULTIPART_BYTES)
      throw new AppError("PAYLOAD_TOO_LARGE");
    out[key] = value;
  }
  return out;
}

async function readBody(
  request: ApiRequest,
  query: string,
  acceptsFiles: boolean,
): Promise<Record<string, unknown>> {
  if (request.method === "GET") return Object.fromEntries(new URLSearchParams(query));
  const type = request.header("content-type") ?? "";
  if (type.includes("multipart/form-data")) {
    if (!acceptsFiles) throw new AppError("BAD_JSON");
    return readMultipart(request);
  }
  const raw = await request.text(MAX_BODY_BYTES + 1);
  if (raw.length > MAX_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  if (!raw.trim()) return {};
  if (!type.includes("application/json")) throw new AppError("BAD_JSON");
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError("BAD_JSON");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new AppError("BAD_JSON");
  return parsed as Record<string, unknown>;
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

function validationError(error: z.ZodError, lang: Locale): Envelope {
  const t = translator(lang);
  const fields = fieldErrors(error, t, fieldLabeler(t));
  return envelope(400, Object.values(fields).join("\n"), { fields, error: "VALIDATION" satisfies ErrorCode });
}

/**
 * The /2.0 boundary: a plain function from a web Request to a Response, used by the Next route
 * handler, in-process page calls and the tests (DESIGN §2). The custom server calls `handleApi`.
 */
export async function dispatch(request: Request, options: { clock?: () => Date } = {}): Promise<Response> {
  const answer = await handleApi(fromWebRequest(request), options);
  const headers = new Headers(answer.headers);
  for (const c of answer.setCookies) headers.append("set-cookie", c);
  return new Response(answer.body, { status: answer.status, headers });
}

/** A web Request as dispatch reads it. */
export function fromWebRequest(request: Request): ApiRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    origin: url.origin,
    header: (name) => request.headers.get(name) ?? undefined,
    text: () => request.text(),
    formData: () => request.formData(),
  };
}

/** Splits `/2.0/a/b?x=1` into the call's path (`/a/b`) and its query (`x=1`). */
function splitUrl(url: string): { path: string; query: string } {
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  const path = pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length) : pathname;
  return { path, query: q < 0 ? "" : url.slice(q + 1) };
}

export async function handleApi(
  request: ApiRequest,
  options: { clock?: () => Date } = {},
): Promise<ApiResponse> {
  const started = performance.now();
  const given = request.header("x-request-id");
  // A caller's id is kept when it is sane (a load balancer's), else the portal makes one.
  const requestId = given && /^[\w.:-]{8,100}$/.test(given) ? given : crypto.randomUUID();
  const { path, query } = splitUrl(request.url);
  const result = await answer(request, path, query, options, requestId);
  // Every refusal names its request: a person's report finds the log lines.
  const body =
    result.status >= 400 && result.refused === undefined
      ? withRequestId(result.body as Envelope, requestId)
      : result.body;
  const call = Object.hasOwn(registry, path) ? path : "unknown";
  const m = metrics();
  // A gateway's refusal counts as what it was, even when the gateway is answered 200.
  m.requests.inc({ call, code: String(result.refused ?? result.status) });
  m.latency.observe({ call }, (performance.now() - started) / 1000);
  if (call === "/auth/signin") m.signins.inc({ result: SIGNIN_RESULTS[result.status] ?? "other" });
  return {
    status: result.status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
    },
    setCookies: result.setCookies,
    body: JSON.stringify(body),
  };
}

const SIGNIN_RESULTS: Record<number, string> = {
  200: "answered",
  400: "refused",
  401: "refused",
  403: "locked",
  429: "throttled",
  503: "device_limit",
  500: "error",
};

/** Errors carry the request id, so a person's report finds the log lines. */
function withRequestId(body: Envelope, requestId: string): Envelope {
  return { ...body, data: { ...(body.data as object), request_id: requestId } };
}

/** Texts without values, formatted once per language (the success message of every call). */
const plainTexts = new Map<string, string>();
function plainText(lang: Locale, key: string): string {
  const id = `${lang}:${key}`;
  let text = plainTexts.get(id);
  if (text === undefined) {
    text = translator(lang)(key);
    plainTexts.set(id, text);
  }
  return text;
}

const NO_COOKIES: Readonly<Record<string, string>> = Object.freeze({});

async function answer(
  request: ApiRequest,
  path: string,
  query: string,
  options: { clock?: () => Date },
  requestId: string,
): Promise<Answer> {
  // Product calls carry no cookie: nothing to parse then.
  const cookieHeader = request.header("cookie");
  const cookies = cookieHeader ? parseCookies(cookieHeader) : NO_COOKIES;
  // Pages speak the LANGUAGE cookie's language; a server-to-server caller (a product with a token
  // or key in `authorization`, no cookie) is answered in its Accept-Language (issue 25), and a
  // body's `lang` wins over both.
  const languageCookie = cookies[LANGUAGE_COOKIE];
  let lang =
    !languageCookie && request.header("authorization")
      ? (acceptedLocale(request.header("accept-language")) ?? toLocale(undefined))
      : toLocale(languageCookie);
  const config = env();
  const origin = selfOrigin(request, config);
  const cookieCtx: CookieContext = { secure: origin.startsWith("https:") };
  const clearCookies = () => clearedSessionCookies(cookieCtx);

  const call = Object.hasOwn(registry, path) ? registry[path] : undefined;
  if (!call) {
    return json(
      envelope(404, translator(lang)("errors.UNKNOWN_CALL", { path }), { error: "UNKNOWN_CALL" }),
      404,
    );
  }
  if (request.method !== (call.method ?? "POST")) {
    return refuse(call, {
      status: 405,
      error: "METHOD_NOT_ALLOWED",
      envelopeOf: () =>
        envelope(405, translator(lang)("errors.METHOD_NOT_ALLOWED"), { error: "METHOD_NOT_ALLOWED" }),
      requestId,
      path,
    });
  }

  try {
    const headerToken = bearer(request);
    // A browser form post from another site must not act with this site's cookie (CSRF).
    const sentOrigin = request.header("origin");
    const fetchSite = request.header("sec-fetch-site");
    if (!headerToken && request.method === "POST") {
      const crossSite =
        (sentOrigin && sentOrigin !== origin) ||
        (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none");
      if (crossSite) throw new AppError("FORBIDDEN_ORIGIN");
    }

    // A product's key is checked before its body is read: a stranger learns nothing of the schema.
    const product = call.auth === "product" ? productOf(request, headerToken, config) : undefined;
    if (call.auth === "bank") checkBankKey(request, config);
    const body = await readBody(request, query, Boolean(call.multipart));
    if (typeof body.lang === "string" && (LOCALES as readonly string[]).includes(body.lang))
      lang = toLocale(body.lang);
    // PostgreSQL refuses a NUL or a lone surrogate: a clear 400 rather than a failed query.
    if (hasNotText(body)) throw new AppError("BAD_JSON");
    const parsed = call.input.safeParse(body);
    if (!parsed.success) {
      const envelopeOf = () => validationError(parsed.error, lang);
      return refuse(call, { status: 400, error: "VALIDATION", envelopeOf, requestId, path });
    }

    const db = await getDb();
    const clock = options.clock ?? (() => new Date());
    // The sealed cookie is opened only when no token came in the header (a product's call).
    const sealed = headerToken ? null : await unsealSession(cookies[SESSION_COOKIE], config.SESSION_SECRET);
    const bodyToken = call.bodyToken && typeof body.token === "string" ? body.token : undefined;
    const token = headerToken ?? sealed?.token ?? bodyToken;
    const auth =
      token && call.auth !== "none" && call.auth !== "product"
        ? await resolveToken(db, token, clock())
        : null;
    if (call.auth === "session" && !auth) throw new AppError("UNAUTHORIZED");

    const t = translator(lang);
    // pino's child (bindings, redaction) is made only when a service logs: userinfo never does.
    let log: Logger | undefined;
    const ctx: Ctx = {
      db,
      env: config,
      clock,
      lang,
      t,
      get log() {
        log ??= logger.child({ requestId });
        return log;
      },
      ip: clientIp(request),
      userAgent: request.header("user-agent") ?? "",
      origin,
      cookies,
      auth,
      product,
    };
    const result: CallResult = await call.run(ctx, parsed.data);
    if (call.raw) return json(result.data ?? {}, 200);

    const setCookies: string[] = [];
    if (result.session && "set" in result.session) {
      const s = result.session.set;
      const sealedValue = await sealSession(
        { token: s.token, userId: s.userId, hasPhone: s.hasPhone },
        config.SESSION_SECRET,
      );
      setCookies.push(
        ...sessionCookies(
          sealedValue,
          { _id: s.userId, email: s.email, fullname: s.fullname },
          cookieCtx,
          s.frame,
        ),
      );
    } else if (result.session && "clear" in result.session) {
      setCookies.push(...clearCookies());
    }
    for (const c of result.cookies ?? []) {
      setCookies.push(
        serializeCookie(c.name, c.value, {
          maxAge: c.maxAge,
          httpOnly: c.httpOnly,
          secure: cookieCtx.secure,
          sameSite: "Lax",
        }),
      );
    }
    return json(
      envelope(200, plainText(lang, result.message ?? "common.success"), result.data ?? null),
      200,
      setCookies,
    );
  } catch (error) {
    if (error instanceof AppError) {
      return refuse(call, {
        status: error.status,
        error: error.code,
        envelopeOf: () => errorEnvelope(error, lang),
        setCookies: error.code === "UNAUTHORIZED" ? clearCookies() : [],
        requestId,
        path,
      });
    }
    logger.child({ requestId }).error({ err: error, path }, "unhandled error in /2.0 call");
    return refuse(call, {
      status: 500,
      error: "INTERNAL",
      envelopeOf: () =>
        envelope(500, translator(lang)("errors.INTERNAL", { requestId }), { error: "INTERNAL", requestId }),
      requestId,
      path,
    });
  }
}
