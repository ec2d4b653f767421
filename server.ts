// `npm start`: sends /2.0/* straight to dispatch (the call every sibling product makes must not
// pay for Next's router) and everything else to Next's request handler (DESIGN §2).
import "@/lib/load-env-file";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { NextConfig } from "next";
import next from "next";
import { env } from "@/lib/env";
import { inRequest, logger, requestIdOf } from "@/lib/logger";
import { redisClient } from "@/lib/rate-limit";
import { sweepDueDeletions } from "@/server/account-deletion/service";
import { reconcileDeps, sweepExpiredAttempts } from "@/server/checkout/apply";
import { closeDatabase, databasePool, getDb } from "@/server/db/client";
import { ensureDemoAccount, ensureDemoOperator } from "@/server/demo/demo";
import { sweepExpiredDataExports } from "@/server/export/background";
import { API_PREFIX, splitUrl } from "@/server/http/api-request";
import { callOf, startCallSeries } from "@/server/http/dispatch";
import { serveApi } from "@/server/http/fast-path";
import { createOidcHandler } from "@/server/oidc/http";
import { oidcIssuer } from "@/server/oidc/provider";
import { sweepExpiredOidcRows } from "@/server/oidc/service";
import { logWhenDone } from "@/server/ops/access-log";
import { watchRedis } from "@/server/ops/dependencies";
import { readiness } from "@/server/ops/health";
import {
  metrics,
  observePool,
  openMetricsWarning,
  readOutboxDepthWith,
  readOutboxOldestWith,
} from "@/server/ops/metrics";
import { knownRoutes, readRouteTable, routeOf } from "@/server/ops/routes";
import { createDrain } from "@/server/ops/shutdown";
import { countUndeliveredRows, oldestWaitingSeconds } from "@/server/outbox/service";
import { startOutboxWorker } from "@/server/outbox/worker";

/**
 * The app's folder: this file's, or its parent when `npm run build` bundled it into the build folder
 * (`.next/portal-server.mjs`, or the resilience suite's own `.next-resilience/`).
 */
const BUNDLED = path.basename(import.meta.filename) === "portal-server.mjs";
const APP_DIR = BUNDLED ? path.dirname(import.meta.dirname) : import.meta.dirname;
/** The Next build served: the bundle's own folder, else NEXT_DIST_DIR's (as next.config.ts names it). */
const BUILD_DIR = BUNDLED ? import.meta.dirname : path.join(APP_DIR, process.env.NEXT_DIST_DIR || ".next");

/** The server's own endpoints: probes and scrapes, neither pages nor calls. */
const OPS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
}

/** Node 20 is past its end of life; 22 and 24 are the supported lines (`npm ci` brings 24). */
function refuseOldNode(): void {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 22) return;
  console.error(
    `The portal needs Node.js 22 or 24; this is ${process.version}. Run it through npm (npm start), which uses the Node 24 that npm ci installs into node_modules/.bin.`,
  );
  process.exit(1);
}

/**
 * The Next config `next build` resolved and wrote beside the build (required-server-files.json), as
 * Next's own standalone server hands it over: otherwise every start compiles next.config.ts again,
 * which loads two native SWC compilers (next-swc and, through the next-intl plugin, @swc/core:
 * 36 MB resident that a running portal never uses, issue 21). Undefined before a build (Next then
 * reads next.config.ts itself).
 */
function builtConfig(): NextConfig | undefined {
  const file = path.join(BUILD_DIR, "required-server-files.json");
  if (!existsSync(file)) return undefined;
  const { config } = JSON.parse(readFileSync(file, "utf8")) as { config: NextConfig };
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  return config;
}

async function main() {
  refuseOldNode();
  const config = env();
  // Redis down at start (or later) is one warning and a degraded /readyz, not a refusal to start.
  const redis = redisClient();
  if (redis) watchRedis(redis);
  const db = await getDb();
  const app = next({ dev: false, dir: APP_DIR, conf: builtConfig() });
  await app.prepare();
  const handle = app.getRequestHandler();

  readOutboxDepthWith(() => countUndeliveredRows(db));
  readOutboxOldestWith(() => oldestWaitingSeconds(db));
  const pool = await databasePool();
  if (pool) observePool(pool);
  const metricsWarning = openMetricsWarning(config);
  if (metricsWarning) logger.warn(metricsWarning);
  // Issue 14: the OpenID Connect provider at APP_URL/oidc, on when OIDC_CLIENTS names a client.
  const oidc =
    config.OIDC_CLIENTS.length > 0
      ? createOidcHandler({ db, env: config, issuer: oidcIssuer(config) })
      : null;
  const server = createServer();
  const drain = createDrain(server, {
    drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000,
    graceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
  });
  const stopping = drain.isStopping;
  const routes = readRouteTable(BUILD_DIR);
  metrics().startPageSeries(knownRoutes(routes));
  startCallSeries();
  const handleRequest = drain.track((req, res) => {
    const header = req.headers["x-request-id"];
    const requestId = requestIdOf(Array.isArray(header) ? header[0] : header);
    res.setHeader("x-request-id", requestId);
    // Every line logged while this request is handled carries its id (lib/logger's scope).
    inRequest(requestId, () => serve(req, res));
  });
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url?.split("?")[0] ?? "/";
    const isApi = path.startsWith(`${API_PREFIX}/`);
    const route = isApi ? `${API_PREFIX}${callOf(splitUrl(path).path)}` : routeOf(path, routes);
    // /2.0 calls have their own counters (dispatch); probes and scrapes are not pages.
    const isPage = !isApi && !OPS_PATHS.has(path);
    logWhenDone(
      req,
      res,
      route,
      isPage ? (status) => metrics().pages.inc({ route, status: String(status) }) : undefined,
    );
    if (path === "/healthz") return sendJson(res, 200, { status: "ok" });
    if (path === "/readyz") {
      if (stopping()) return sendJson(res, 503, { ready: false, checks: { shutdown: "in progress" } });
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
    if (oidc?.(req, res)) return;
    if (isApi) {
      serveApi(req, res, `localhost:${config.PORT}`);
      return;
    }
    handle(req, res);
  };
  server.on("request", handleRequest);
  server.listen(config.PORT, () => {
    logger.info(
      `portal listening on http://localhost:${config.PORT} (${config.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
    );
  });

  if (config.DEMO_SEED) {
    const demo = await ensureDemoAccount(db, config.DATA_DIR);
    const operator = await ensureDemoOperator(db, config.DATA_DIR, config.DATA_ENCRYPTION_KEY);
    console.log(
      `\n  Demo account: ${demo.email} / ${demo.password}\n  Demo operator (admin console /admin): ${operator.email} / ${operator.password}, authenticator (TOTP) secret ${operator.totpSecret}\n  Sign in at http://localhost:${config.PORT}/signin\n`,
    );
  }
  if (config.OUTBOX_UI || config.NODE_ENV === "development") {
    logger.info(`outbox (codes sent by email/SMS/ZNS): http://localhost:${config.PORT}/dev/outbox`);
  }
  // DESIGN §12: each instance delivers the outbox (product events, retried messages).
  const worker = startOutboxWorker(db);
  // Gateway attempts past their expiry: asked one last time, else ended with their points back.
  const sweeper = setInterval(() => {
    sweepExpiredAttempts(reconcileDeps(db, config, logger)).catch((error) =>
      logger.error({ err: error }, "payment sweep failed"),
    );
    sweepExpiredDataExports(db, new Date()).catch((err) => logger.error({ err }, "export sweep failed"));
    sweepDueDeletions(db, new Date()).catch((error) =>
      logger.error({ err: error }, "account deletion sweep failed"),
    );
    if (oidc) {
      sweepExpiredOidcRows(db, new Date()).catch((error) =>
        logger.error({ err: error }, "oidc sweep failed"),
      );
    }
  }, 60_000);
  // Graceful shutdown (server/ops/shutdown.ts): /readyz says 503 and the listener keeps serving for
  // SHUTDOWN_DRAIN_SECONDS, then stops accepting and lets every accepted request finish within
  // SHUTDOWN_GRACE_SECONDS; then the outbox worker and the pool close.
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    logger.info(
      `shutting down: draining for ${config.SHUTDOWN_DRAIN_SECONDS} s, then finishing in-flight requests`,
    );
    clearInterval(sweeper);
    drain
      .stop()
      .then(() => worker.stop())
      .catch(() => undefined)
      .then(() => closeDatabase())
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
