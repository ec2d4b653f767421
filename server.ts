// `npm start`: sends /2.0/* straight to dispatch (the call every sibling product makes must not
// pay for Next's router) and everything else to Next's request handler (DESIGN §2).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { env } from "@/lib/env";
import { API_PREFIX, dispatch } from "@/lib/http/dispatch";
import { logger } from "@/lib/logger";
import { reconcileDeps, sweepExpiredAttempts } from "@/server/checkout/apply";
import { closeDatabase, getDb } from "@/server/db/client";
import { ensureDemoAccount } from "@/server/db/seed/demo";
import { readiness } from "@/server/ops/health";
import { metrics, readOutboxDepthWith } from "@/server/ops/metrics";
import { countUndelivered } from "@/server/outbox/repository";
import { startOutboxWorker } from "@/server/outbox/worker";

/** The largest body read: the multipart profile update (5 MiB avatar + form); dispatch refuses more. */
const MAX_BODY = 6 * 1024 * 1024 + 64 * 1024;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // The client address comes from the socket unless a trusted proxy in front says otherwise.
  if (process.env.TRUST_PROXY !== "1") headers.set("x-forwarded-for", req.socket.remoteAddress ?? "unknown");
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (req.method !== "GET" && req.method !== "HEAD") {
    const chunks: Buffer[] = [];
    let size = 0;
    // Bytes, not text: a multipart body carries an image.
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) break;
      chunks.push(chunk as Buffer);
    }
    const all = Buffer.concat(chunks);
    body = new Uint8Array(all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer);
  }
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  if (cookies.length) res.setHeader("set-cookie", cookies);
  res.statusCode = response.status;
  res.end(Buffer.from(await response.arrayBuffer()));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
}

async function main() {
  const config = env();
  const db = await getDb();
  const app = next({ dev: false, dir: import.meta.dirname });
  await app.prepare();
  const handle = app.getRequestHandler();

  readOutboxDepthWith(() => countUndelivered(db));
  let stopping = false;
  const server = createServer((req, res) => {
    const path = req.url?.split("?")[0];
    if (path === "/healthz") return sendJson(res, 200, { status: "ok" });
    if (path === "/readyz") {
      if (stopping) return sendJson(res, 503, { ready: false, checks: { shutdown: "in progress" } });
      readiness(db).then(
        (result) => sendJson(res, result.ready ? 200 : 503, result),
        () => sendJson(res, 503, { ready: false }),
      );
      return;
    }
    if (path === "/metrics") {
      const token = config.METRICS_TOKEN;
      if (token && req.headers.authorization !== `Bearer ${token}`)
        return sendJson(res, 401, { error: "METRICS_TOKEN" });
      const { registry } = metrics();
      registry.metrics().then((text) => {
        res.setHeader("content-type", registry.contentType);
        res.end(text);
      });
      return;
    }
    if (req.url?.startsWith(`${API_PREFIX}/`)) {
      const origin = `http://${req.headers.host ?? `localhost:${config.PORT}`}`;
      toRequest(req, origin)
        .then((request) => dispatch(request))
        .then((response) => send(res, response))
        .catch((error) => {
          logger.error({ err: error }, "fast path failed");
          if (!res.headersSent) res.statusCode = 500;
          res.end();
        });
      return;
    }
    handle(req, res);
  });
  server.listen(config.PORT, () => {
    logger.info(
      `portal listening on http://localhost:${config.PORT} (${config.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
    );
  });

  if (config.DEMO_SEED) {
    const demo = await ensureDemoAccount(db, config.DATA_DIR);
    console.log(
      `\n  Demo account: ${demo.email} / ${demo.password}\n  Sign in at http://localhost:${config.PORT}/signin\n`,
    );
  }
  if (config.OUTBOX_UI || config.NODE_ENV === "development") {
    console.log(`  Outbox (codes sent by email/SMS/ZNS): http://localhost:${config.PORT}/dev/outbox\n`);
  }
  // DESIGN §12: each instance delivers the outbox (product events, retried messages).
  const worker = startOutboxWorker(db);
  // Gateway attempts past their expiry: asked one last time, else ended with their points back.
  const sweeper = setInterval(() => {
    sweepExpiredAttempts(reconcileDeps(db, config, logger)).catch((error) =>
      logger.error({ err: error }, "payment sweep failed"),
    );
  }, 60_000);
  // Graceful shutdown: stop accepting, let in-flight requests and outbox sends finish within
  // SHUTDOWN_GRACE_SECONDS, then close the pool. /readyz says 503 meanwhile.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down: finishing in-flight requests");
    clearInterval(sweeper);
    const force = setTimeout(() => {
      server.closeAllConnections();
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      worker
        .stop()
        .catch(() => undefined)
        .then(() => closeDatabase())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
