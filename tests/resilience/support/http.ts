// Calls to a running portal as a browser, a product, a gateway or a bank would make them.
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

export type HttpOptions = {
  cookie?: string;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  /** Query string for GET calls, without "?". */
  query?: string;
  /** Client address (counts only where the portal runs with TRUST_PROXY=1). */
  ip?: string;
  timeoutMs?: number;
};

export type HttpAnswer<T = Record<string, unknown>> = {
  status: number;
  /** The JSON body (an envelope, or a raw call's own JSON); undefined when it was not JSON. */
  body: { code: number; message: string; data: T } & Record<string, unknown>;
  text: string;
  /** The cookie header a browser would send next. */
  cookie: string;
  ms: number;
  /** Set when no answer came: refused connection, reset, timeout. */
  error?: string;
};

/** POST (or GET) `base/2.0<apiPath>`; never throws: a failure comes back as `error`. */
export async function api<T = Record<string, unknown>>(
  base: string,
  apiPath: string,
  body: unknown = {},
  options: HttpOptions = {},
): Promise<HttpAnswer<T>> {
  const method = options.method ?? "POST";
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: base,
    "user-agent": "resilience-suite",
    ...(options.ip ? { "x-forwarded-for": options.ip } : {}),
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  };
  const started = performance.now();
  try {
    const response = await fetch(`${base}/2.0${apiPath}${options.query ? `?${options.query}` : ""}`, {
      method,
      headers,
      body: method === "GET" ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let parsed: HttpAnswer<T>["body"];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined as unknown as HttpAnswer<T>["body"];
    }
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .filter((c) => !c.endsWith("="))
      .join("; ");
    return { status: response.status, body: parsed, text, cookie, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      status: 0,
      body: undefined as unknown as HttpAnswer<T>["body"],
      text: "",
      cookie: "",
      ms: performance.now() - started,
      error: cause ?? (error as Error).name ?? String(error),
    };
  }
}

/** Fetches a challenge from the portal and solves it as the ALTCHA widget would. */
export async function solveCaptcha(base: string): Promise<string> {
  const response = await fetch(`${base}/2.0/captcha/challenge`, { signal: AbortSignal.timeout(10_000) });
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the captcha");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A distinct client address per number (10.x.y.z). */
export function ipOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
