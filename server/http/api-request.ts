import "server-only";

export const API_PREFIX = "/2.0";

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

/** dispatch's answer as a web Response (route handlers, tests), every cookie its own header. */
export function toWebResponse(answer: ApiResponse): Response {
  const headers = new Headers(answer.headers);
  for (const c of answer.setCookies) headers.append("set-cookie", c);
  // A 204 (a preflight's answer) may carry no body, not even an empty one.
  return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers });
}

/** Splits `/2.0/a/b?x=1` into the call's path (`/a/b`) and its query (`x=1`). */
export function splitUrl(url: string): { path: string; query: string } {
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  const path = pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length) : pathname;
  return { path, query: q < 0 ? "" : url.slice(q + 1) };
}
