import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { parseCookies, serializeCookie } from "@/lib/cookies";
import { env } from "@/lib/env";
import { AppError, type ErrorCode } from "@/lib/errors";
import { fieldLabeler, translator } from "@/lib/i18n";
import { LANGUAGE_COOKIE, LOCALES, type Locale, toLocale } from "@/lib/locales";
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
import type { CallResult } from "./call";
import { type Envelope, envelope } from "./envelope";

export const API_PREFIX = "/2.0";
const MAX_BODY_BYTES = 64 * 1024;

function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/** The origin the browser sees: APP_URL when configured, else the Host the request came to. */
function selfOrigin(request: Request): string {
  const configured = env().APP_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0] ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

function bearer(request: Request): string | undefined {
  const header = request.headers.get("authorization")?.trim();
  if (!header) return undefined;
  return header.replace(/^Bearer\s+/i, "");
}

/**
 * The product a server-to-server call comes from: its `api_key` (APPS_CONFIG) as the bearer,
 * compared in constant time against every app's key (DESIGN §11). Refused otherwise.
 */
function productOf(request: Request, key: string | undefined): NonNullable<Ctx["product"]> {
  const given = createHash("sha256")
    .update(key ?? "")
    .digest();
  let found: string | undefined;
  for (const [code, app] of Object.entries(env().APPS_CONFIG)) {
    if (!app.api_key) continue;
    const expected = createHash("sha256").update(app.api_key).digest();
    if (timingSafeEqual(given, expected) && key) found = code.toLowerCase();
  }
  if (!found) throw new AppError("PRODUCT_KEY_INVALID");
  const idempotencyKey = request.headers.get("idempotency-key")?.trim() || undefined;
  if (idempotencyKey && idempotencyKey.length > 255) {
    throw new AppError("VALIDATION", { fields: { "idempotency-key": "validation.invalidType" } });
  }
  return { appCode: found, idempotencyKey };
}

/** The bank notification's `Authorization: Apikey <BANK_WEBHOOK_KEY>`; off when no key is set. */
function checkBankKey(request: Request): void {
  const configured = env().BANK_WEBHOOK_KEY;
  const given = /^Apikey\s+(.+)$/i.exec(request.headers.get("authorization")?.trim() ?? "")?.[1] ?? "";
  const digest = (v: string) => createHash("sha256").update(v).digest();
  if (!configured || !given || !timingSafeEqual(digest(given), digest(configured))) {
    throw new AppError("PRODUCT_KEY_INVALID");
  }
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || !value || typeof value !== "object") return false;
  if (value instanceof Blob) return false;
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v, depth + 1));
}

function json(body: unknown, status: number, cookies: string[] = []): Response {
  const headers = new Headers({
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(JSON.stringify(body), { status, headers });
}

/** SPEC §7: the profile update is multipart (`jsonData` + an avatar of at most 5 MiB). */
const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;

async function readMultipart(request: Request): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get("content-length") ?? 0);
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

async function readBody(request: Request, acceptsFiles: boolean): Promise<Record<string, unknown>> {
  if (request.method === "GET") return Object.fromEntries(new URL(request.url).searchParams);
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) {
    if (!acceptsFiles) throw new AppError("BAD_JSON");
    return readMultipart(request);
  }
  const raw = await request.text();
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
 * The /2.0 boundary: a plain function from a web Request to a Response, used by the Next
 * route handler and by the custom server's fast path alike (DESIGN §2).
 */
export async function dispatch(request: Request, options: { clock?: () => Date } = {}): Promise<Response> {
  const started = performance.now();
  const given = request.headers.get("x-request-id");
  // A caller's id is kept when it is sane (a load balancer's), else the portal makes one.
  const requestId = given && /^[\w.:-]{8,100}$/.test(given) ? given : crypto.randomUUID();
  const log = logger.child({ requestId });
  let response = await answer(request, options, requestId, log);
  if (response.status >= 400) {
    // Every refusal names its request: a person's report finds the log lines.
    const body = (await response.json()) as Envelope;
    response = new Response(JSON.stringify(withRequestId(body, requestId)), {
      status: response.status,
      headers: response.headers,
    });
  }
  response.headers.set("x-request-id", requestId);
  const path = new URL(request.url).pathname.slice(API_PREFIX.length);
  const call = Object.hasOwn(registry, path) ? path : "unknown";
  const m = metrics();
  m.requests.inc({ call, code: String(response.status) });
  m.latency.observe({ call }, (performance.now() - started) / 1000);
  if (call === "/auth/signin") m.signins.inc({ result: SIGNIN_RESULTS[response.status] ?? "other" });
  return response;
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

async function answer(
  request: Request,
  options: { clock?: () => Date },
  requestId: string,
  log: Logger,
): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(`${API_PREFIX}/`)
    ? url.pathname.slice(API_PREFIX.length)
    : url.pathname;
  const cookies = parseCookies(request.headers.get("cookie"));
  let lang = toLocale(cookies[LANGUAGE_COOKIE]);
  const config = env();
  const cookieCtx: CookieContext = { secure: selfOrigin(request).startsWith("https:") };
  const clearCookies = () => clearedSessionCookies(cookieCtx);

  const call = Object.hasOwn(registry, path) ? registry[path] : undefined;
  if (!call) {
    return json(
      envelope(404, translator(lang)("errors.UNKNOWN_CALL", { path }), { error: "UNKNOWN_CALL" }),
      404,
    );
  }
  if (request.method !== (call.method ?? "POST")) {
    return json(
      envelope(405, translator(lang)("errors.METHOD_NOT_ALLOWED"), { error: "METHOD_NOT_ALLOWED" }),
      405,
      [],
    );
  }

  try {
    const headerToken = bearer(request);
    // A browser form post from another site must not act with this site's cookie (CSRF).
    const origin = request.headers.get("origin");
    const fetchSite = request.headers.get("sec-fetch-site");
    if (!headerToken && request.method === "POST") {
      const crossSite =
        (origin && origin !== selfOrigin(request)) ||
        (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none");
      if (crossSite) throw new AppError("FORBIDDEN_ORIGIN");
    }

    // A product's key is checked before its body is read: a stranger learns nothing of the schema.
    const product = call.auth === "product" ? productOf(request, headerToken) : undefined;
    if (call.auth === "bank") checkBankKey(request);
    const body = await readBody(request, Boolean(call.multipart));
    if (typeof body.lang === "string" && (LOCALES as readonly string[]).includes(body.lang))
      lang = toLocale(body.lang);
    // A NUL character is never text a person typed, and PostgreSQL refuses it: a clear 400.
    if (hasNul(body)) throw new AppError("BAD_JSON");
    const parsed = call.input.safeParse(body);
    if (!parsed.success) return json(validationError(parsed.error, lang), 400);

    const db = await getDb();
    const clock = options.clock ?? (() => new Date());
    const sealed = await unsealSession(cookies[SESSION_COOKIE], config.SESSION_SECRET);
    const bodyToken = call.bodyToken && typeof body.token === "string" ? body.token : undefined;
    const token = headerToken ?? sealed?.token ?? bodyToken;
    const auth =
      token && call.auth !== "none" && call.auth !== "product"
        ? await resolveToken(db, token, clock())
        : null;
    if (call.auth === "session" && !auth) throw new AppError("UNAUTHORIZED");

    const t = translator(lang);
    const ctx: Ctx = {
      db,
      env: config,
      clock,
      lang,
      t,
      log,
      ip: clientIp(request),
      userAgent: request.headers.get("user-agent") ?? "",
      origin: selfOrigin(request),
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
    return json(envelope(200, t(result.message ?? "common.success"), result.data ?? null), 200, setCookies);
  } catch (error) {
    if (error instanceof AppError) {
      return json(
        errorEnvelope(error, lang),
        error.status,
        error.code === "UNAUTHORIZED" ? clearCookies() : [],
      );
    }
    log.error({ err: error, path }, "unhandled error in /2.0 call");
    return json(
      envelope(500, translator(lang)("errors.INTERNAL", { requestId }), { error: "INTERNAL", requestId }),
      500,
    );
  }
}
