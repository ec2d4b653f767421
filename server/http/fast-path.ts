import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "@/lib/logger";
import type { ApiRequest } from "./api-request";
import { handleApi } from "./dispatch";

/** The largest body read: the multipart profile update (5 MiB avatar + form); dispatch refuses more. */
const MAX_BODY = 6 * 1024 * 1024 + 64 * 1024;
const utf8 = new TextDecoder("utf-8");
/** Set when the process starts (a process.env read is a lookup in C++, not per request). */
const TRUST_PROXY = process.env.TRUST_PROXY === "1";

/** Reads at most `limit` bytes (one past a limit is enough for dispatch to refuse the body). */
function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", done);
      req.off("error", reject);
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      // The rest is discarded when the answer is sent.
      if (size > limit) done();
    };
    req.on("data", onData);
    req.on("end", done);
    req.on("error", reject);
  });
}

/**
 * DESIGN §2/§7: the custom server's /2.0 path. dispatch reads the node request as it is (headers
 * by name, the body's bytes) and the answer is written straight back: no web Request or
 * Response per call. `fallbackHost` names the server when a request has no Host.
 */
export function serveApi(req: IncomingMessage, res: ServerResponse, fallbackHost: string): void {
  const request: ApiRequest = {
    method: req.method ?? "GET",
    url: req.url ?? "/",
    origin: `http://${req.headers.host ?? fallbackHost}`,
    header(name) {
      // The client address comes from the socket unless a trusted proxy in front says otherwise.
      if (name === "x-forwarded-for" && !TRUST_PROXY) return req.socket.remoteAddress ?? "unknown";
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    // As a web Request's text(): UTF-8, a leading byte-order mark dropped.
    text: async (limit) => utf8.decode(await readBytes(req, Math.min(limit, MAX_BODY))),
    // Multipart (the profile's avatar) is rare: the web parser reads it.
    formData: async () =>
      new Response(Uint8Array.from(await readBytes(req, MAX_BODY)), {
        headers: { "content-type": req.headers["content-type"] ?? "" },
      }).formData(),
  };
  handleApi(request).then(
    (answer) => {
      // A known length: one write of head and body, not a chunked answer (several writes).
      // A 204 (a preflight's answer) has no body and says no length (RFC 9110 §8.6).
      const headers: Record<string, string | number | string[]> =
        answer.status === 204
          ? { ...answer.headers }
          : { ...answer.headers, "content-length": Buffer.byteLength(answer.body) };
      if (answer.setCookies.length) headers["set-cookie"] = answer.setCookies;
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    },
    (error: unknown) => {
      logger.error({ err: error }, "fast path failed");
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    },
  );
}
