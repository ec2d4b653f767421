import "server-only";
import { parseCookies } from "@/lib/cookies";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { type Envelope, envelope } from "@/lib/http/envelope";
import { translator } from "@/lib/i18n";
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, type Locale, resolveLocale } from "@/lib/locales";
import { currentRequestId, inRequest, logger, requestIdOf } from "@/lib/logger";
import { type CookieContext, clearedSessionCookies, SESSION_COOKIE } from "@/lib/session";
import type { Ctx } from "@/server/context";
import { getDb } from "@/server/db/client";
import { metrics } from "@/server/ops/metrics";
import { registry } from "@/server/registry";
import { type ApiRequest, type ApiResponse, fromWebRequest, splitUrl, toWebResponse } from "./api-request";
import { type Call, type CallResult, methodsOf } from "./call";
import {
  bearer,
  checkBankKey,
  clientIp,
  personOf,
  productOf,
  refuseCrossSite,
  savedLanguageOf,
  selfOrigin,
} from "./caller";
import { isPublicCall, PUBLIC_CORS_HEADERS, preflightAnswer } from "./cors";
import {
  type Answer,
  failure,
  invalidInput,
  json,
  methodNotAllowed,
  unknownCall,
  type Where,
  withRequestId,
} from "./refusals";
import { hasNotText, readBody } from "./request-body";
import { setCookiesOf } from "./set-cookies";

/**
 * The /2.0 boundary: a plain function from a web Request to a Response, used by the Next route
 * handler, in-process page calls and the tests (DESIGN §2). The custom server calls `handleApi`.
 */
export async function dispatch(request: Request, options: { clock?: () => Date } = {}): Promise<Response> {
  return toWebResponse(await handleApi(fromWebRequest(request), options));
}

export async function handleApi(
  request: ApiRequest,
  options: { clock?: () => Date } = {},
): Promise<ApiResponse> {
  const started = performance.now();
  // server.ts opened the request's scope already (its access line names the same id); the route
  // handler under `next dev`, page calls and tests did not.
  const requestId = currentRequestId() ?? requestIdOf(request.header("x-request-id"));
  const { path, query } = splitUrl(request.url);
  const target = Object.hasOwn(registry, path) ? registry[path] : undefined;
  const isPublic = isPublicCall(target);
  // A browser asks before a page of another origin sends JSON: only a public call says yes. The
  // others answer OPTIONS as any other method they do not take (405, no CORS header).
  if (target && isPublic && request.method === "OPTIONS") return preflightAnswer(target, requestId);
  const result = await inRequest(requestId, () => answer(request, path, query, options, requestId));
  // Every refusal names its request: a person's report finds the log lines.
  const body =
    result.status >= 400 && result.refused === undefined
      ? withRequestId(result.body as Envelope, requestId)
      : result.body;
  const call = callOf(path);
  startCallSeries();
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
      ...(isPublic ? PUBLIC_CORS_HEADERS : {}),
    },
    setCookies: result.setCookies,
    body: JSON.stringify(body),
  };
}

let areSeriesStarted = false;
/**
 * Creates every call's and sign-in result's series at 0 (server/ops/metrics.ts says why). server.ts
 * calls it at start; the first call does it under `next dev` and in tests.
 */
export function startCallSeries(): void {
  if (areSeriesStarted) return;
  areSeriesStarted = true;
  metrics().startCallSeries(Object.keys(registry), [...new Set(Object.values(SIGNIN_RESULTS)), "other"]);
}

/** A /2.0 path (without the prefix) as its call, or "unknown": a bounded label for metrics and logs. */
export function callOf(path: string): string {
  return Object.hasOwn(registry, path) ? path : "unknown";
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

/**
 * Looks the call up, checks who calls (origin, key, session), reads and validates the input,
 * builds `ctx`, runs the call and wraps its result; any refusal on the way becomes its answer.
 */
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
  const config = env();
  const origin = selfOrigin(request, config);
  const cookieCtx: CookieContext = { secure: origin.startsWith("https:") };
  const clock = options.clock ?? (() => new Date());
  const call = Object.hasOwn(registry, path) ? registry[path] : undefined;
  const headerToken = bearer(request);

  // The body is read before anything is refused, so that its `lang` speaks every answer (a
  // product's missing key, a refused origin, an unknown call); a failure to read it (BAD_JSON,
  // PAYLOAD_TOO_LARGE) still waits for its turn below, after the checks of who calls: a stranger
  // learns nothing of the call's schema.
  const sent = await readSent(request, query, call);
  const body = "body" in sent ? sent.body : {};
  // One rule for pages and calls (lib/locales.ts pickLocale): the query's or body's `lang`, the
  // LANGUAGE cookie, the person's saved language, Accept-Language, Vietnamese.
  const languageSources = {
    explicit: typeof body.lang === "string" ? body.lang : query && new URLSearchParams(query).get("lang"),
    cookie: cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.header("accept-language"),
  };
  // The person behind the call once looked up (null: nobody); undefined before.
  let person: Ctx["auth"] | undefined;
  // A product's call, once its key is good.
  let product: Ctx["product"] | undefined;
  const savedLanguage = async () => {
    if (person !== undefined) return person?.user.language;
    const sentBy = {
      db: getDb,
      clock,
      secret: config.SESSION_SECRET,
      headerToken,
      sealedCookie: cookies[SESSION_COOKIE],
      body,
      product,
    };
    // The answer's language is no reason to fail the call.
    return savedLanguageOf(call, sentBy).catch((error: unknown) => {
      logger.warn({ err: error, path }, "saved language not looked up");
      return undefined;
    });
  };
  const languageNow = () => resolveLocale(languageSources, savedLanguage);
  const where: Where = { requestId, path, lang: DEFAULT_LOCALE };

  if (!call) {
    where.lang = await languageNow();
    return unknownCall(path, where.lang);
  }
  if (!(methodsOf(call) as string[]).includes(request.method)) {
    where.lang = await languageNow();
    return methodNotAllowed(call, where);
  }

  try {
    // Whatever it holds, a token in a header cannot confirm it's you: said before it is looked at.
    if (call.portalSessionOnly && request.header("authorization") !== undefined)
      throw new AppError("REAUTH_PORTAL_SESSION_REQUIRED");
    // An operator call takes only the cookie, so it is checked as a cookie call whatever it carries.
    // A public call (public data, no session read) answers any origin.
    if (!isPublicCall(call))
      refuseCrossSite(request, origin, call.auth === "admin" ? undefined : headerToken);
    // A product's key is checked before its body is looked at: a stranger learns nothing of the schema.
    if (call.auth === "product") product = productOf(request, headerToken, config);
    if (call.auth === "bank") checkBankKey(request, config);
    if ("error" in sent) throw sent.error;
    if (hasNotText(body)) throw new AppError("BAD_JSON");
    const parsed = call.input.safeParse(body);
    if (!parsed.success) {
      where.lang = await languageNow();
      return invalidInput(call, where, parsed.error);
    }

    const db = await getDb();
    const auth = await personOf(call, {
      db,
      clock,
      secret: config.SESSION_SECRET,
      headerToken,
      sealedCookie: cookies[SESSION_COOKIE],
      body,
    });
    // These modes look the person up (null: nobody live); a "none" call's person, or the person a
    // product's call names in its body, is looked up for the language only.
    if (call.auth === "session" || call.auth === "optional" || call.auth === "admin") person = auth;
    const lang = await languageNow();
    where.lang = lang;
    const ctx: Ctx = {
      db,
      env: config,
      clock,
      lang,
      t: translator(lang),
      // The request's scope adds its id to every line (lib/logger's mixin).
      log: logger,
      ip: clientIp(request),
      userAgent: request.header("user-agent") ?? "",
      origin,
      cookies,
      auth,
      product,
    };
    const result: CallResult = await call.run(ctx, parsed.data);
    if (call.raw) return json(result.data ?? {}, 200);
    return json(
      envelope(200, plainText(lang, result.message ?? "common.success"), result.data ?? null),
      200,
      await setCookiesOf(result, cookieCtx, config.SESSION_SECRET),
    );
  } catch (error) {
    // A session that is not live names nobody: no second look-up for the refusal's language.
    if (error instanceof AppError && error.code === "UNAUTHORIZED") person ??= null;
    where.lang = await languageNow();
    return failure(call, where, error, () => clearedSessionCookies(cookieCtx));
  }
}

/** The call's input as sent, or why it could not be read (thrown once the caller is checked). */
async function readSent(
  request: ApiRequest,
  query: string,
  call: Call | undefined,
): Promise<{ body: Record<string, unknown> } | { error: unknown }> {
  try {
    return {
      body: await readBody(request, query, Boolean(call?.multipart), call?.alsoMethod !== undefined),
    };
  } catch (error) {
    return { error };
  }
}
