import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { clientAuthMethodsOf, type OidcClientConfig } from "@/lib/env-values";

// Issue 38: a client with a secret may present it either way (HTTP Basic or the form body), as
// oidc-provider does once both methods are enabled: it treats client_secret_basic and
// client_secret_post as one family. A client whose OIDC_CLIENTS entry pins one of them is held to
// it here, before the provider sees the request: the provider has no per-client hook for it.

/** The endpoints where a client authenticates (paths as the portal serves them). */
export const CLIENT_AUTH_PATHS: ReadonlySet<string> = new Set([
  "/oidc/token",
  "/oidc/token/revocation",
  "/oidc/token/introspection",
]);

/** oidc-provider's own limit on a form body. */
const BODY_LIMIT = 56 * 1024;

type SecretMethod = "client_secret_basic" | "client_secret_post";

/** The client named by an `Authorization: Basic` header (form-encoded, RFC 6749 §2.3.1), or undefined. */
export function basicClientId(authorization: string | undefined): string | undefined {
  const [scheme, value] = (authorization ?? "").split(" ");
  if (scheme?.toLowerCase() !== "basic" || !value) return undefined;
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return undefined;
  try {
    return decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, "%20"));
  } catch {
    return undefined;
  }
}

/** The clients pinned to one secret method, by client_id. */
export function pinnedSecretMethods(clients: readonly OidcClientConfig[]): Map<string, SecretMethod> {
  const pinned = new Map<string, SecretMethod>();
  for (const client of clients) {
    const methods = clientAuthMethodsOf(client);
    const [only] = methods;
    if (methods.length === 1 && (only === "client_secret_basic" || only === "client_secret_post")) {
      pinned.set(client.client_id, only);
    }
  }
  return pinned;
}

/**
 * Whether a request presents a pinned client's secret the other way: a secret in the body for a
 * client pinned to Basic, or Basic for a client pinned to the body.
 */
export function isOtherSecretMethod(
  pinned: ReadonlyMap<string, SecretMethod>,
  presented: { method: SecretMethod; clientId: string | undefined },
): boolean {
  const method = presented.clientId ? pinned.get(presented.clientId) : undefined;
  return method !== undefined && method !== presented.method;
}

/** An error answer as the provider words it (RFC 6749 §5.2). */
function answerError(res: ServerResponse, status: number, error: string, description: string): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify({ error, error_description: description }));
}

const refuse = (res: ServerResponse) =>
  answerError(res, 401, "invalid_client", "client authentication failed");

/** The body, or undefined past the limit (the rest is left unread, the connection kept). */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > BODY_LIMIT) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The request as the provider reads it, its body read here once: a stream of the same bytes
 * carrying the original's head (method, URL, headers, socket).
 */
function withBody(req: IncomingMessage, body: Buffer): IncomingMessage {
  const replay = Readable.from([body], { objectMode: false });
  return Object.assign(replay, {
    method: req.method,
    url: req.url,
    originalUrl: (req as IncomingMessage & { originalUrl?: string }).originalUrl,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket: req.socket,
    connection: req.socket,
    complete: true,
    trailers: {},
    rawTrailers: [],
  }) as unknown as IncomingMessage;
}

/**
 * Holds pinned clients to their method at the client-authenticating endpoints. Answers the
 * request to hand the provider (the same one, or one whose body was read here), or undefined
 * when it has answered 401 itself. A request naming no pinned client passes untouched, and the
 * body is read only when some client is pinned to Basic and no Authorization header came.
 */
export async function guardPinnedClientAuth(
  req: IncomingMessage,
  res: ServerResponse,
  pinned: ReadonlyMap<string, SecretMethod>,
): Promise<IncomingMessage | undefined> {
  if (pinned.size === 0 || req.method !== "POST") return req;
  const authorization = req.headers.authorization;
  if (authorization) {
    const clientId = basicClientId(authorization);
    if (isOtherSecretMethod(pinned, { method: "client_secret_basic", clientId })) return void refuse(res);
    return req;
  }
  const isForm = (req.headers["content-type"] ?? "")
    .toLowerCase()
    .startsWith("application/x-www-form-urlencoded");
  if (!isForm || ![...pinned.values()].includes("client_secret_basic")) return req;
  const body = await readBody(req);
  if (!body) return void answerError(res, 400, "invalid_request", "failed to parse the request body");
  const form = new URLSearchParams(body.toString("utf8"));
  const clientId = form.get("client_id") ?? undefined;
  if (form.has("client_secret") && isOtherSecretMethod(pinned, { method: "client_secret_post", clientId })) {
    return void refuse(res);
  }
  return withBody(req, body);
}
