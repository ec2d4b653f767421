import "server-only";
import { BlockList, isIP } from "node:net";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Env } from "@/lib/env";

/**
 * Prometheus metrics of one instance (GET /metrics): one registry per process, with the process's
 * own figures (CPU, resident memory, heap, event-loop lag, GC) beside the portal's.
 *
 * Every counter's known label sets are created at 0 (`start…Series`, and the fixed sets below):
 * a series that appears only with its first increment reads as no increase, so `increase()` over
 * the first sign-in 500s would say 0 and an alert on it would stay quiet.
 */
type Metrics = {
  registry: Registry;
  requests: Counter<"call" | "code">;
  latency: Histogram<"call">;
  signins: Counter<"result">;
  outboxFailures: Counter<"kind" | "channel" | "vendor">;
  payments: Counter<"gateway" | "outcome">;
  pages: Counter<"route" | "status">;
  outboxDepth: Gauge;
  dependencyUp: Gauge<"dependency">;
  outboxOldest: Gauge;
  /** Every /2.0 call's success and error series, and every sign-in result, at 0. */
  startCallSeries: (calls: readonly string[], signinResults: readonly string[]) => void;
  /** Every page route's success and error series at 0 (the routes `next build` wrote). */
  startPageSeries: (routes: readonly string[]) => void;
};

/** The answers every call's and page's series start with: the alerts' numerator and denominator. */
export const STARTED_STATUSES = ["200", "500"] as const;

/** The deliveries that can fail (server/notify/deliver.ts, server/outbox/worker.ts), by kind, channel and vendor. */
const OUTBOX_FAILURE_LABELS = [
  ...["smtp", "outbox"].map((vendor) => ({ kind: "message", channel: "EMAIL", vendor })),
  ...["outbox", "webhook", "esms"].map((vendor) => ({ kind: "message", channel: "SMS", vendor })),
  ...["outbox", "webhook", "zalo"].map((vendor) => ({ kind: "message", channel: "ZNS", vendor })),
  ...["smtp", "outbox"].map((vendor) => ({ kind: "data_export", channel: "EMAIL", vendor })),
  { kind: "event", channel: "webhook", vendor: "product" },
];
/** The gateways whose answers are applied (server/checkout/apply.ts) and what applying can end in. */
const PAYMENT_LABELS = ["VNPAY", "ZALOPAY"].flatMap((gateway) =>
  ["paid", "failed", "duplicate", "late"].map((outcome) => ({ gateway, outcome })),
);

const globalForMetrics = globalThis as unknown as { __portalMetrics?: Metrics };

/** The undelivered outbox rows, read when Prometheus scrapes (set by server.ts). */
let depthReader: (() => Promise<number>) | undefined;
export function readOutboxDepthWith(reader: () => Promise<number>): void {
  depthReader = reader;
}

/** Seconds since the oldest row still to send was queued (0 when none), read when Prometheus scrapes. */
let oldestReader: (() => Promise<number>) | undefined;
export function readOutboxOldestWith(reader: () => Promise<number>): void {
  oldestReader = reader;
}

/** What a node-postgres pool tells of itself (pg.Pool's counts). */
export type PoolFigures = { totalCount: number; idleCount: number; waitingCount: number };

/**
 * The database pool's connections (total, idle) and the queries waiting for one, read when
 * Prometheus scrapes: a pool at its limit with waiters is the first sign of a slow database.
 * Only with DATABASE_URL (PGlite has no pool); registered once per process.
 */
export function observePool(pool: PoolFigures): void {
  const { registry } = metrics();
  if (registry.getSingleMetric("portal_db_pool_connections")) return;
  new Gauge({
    name: "portal_db_pool_connections",
    help: "Database pool connections by state: total (open), idle",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
    },
  });
  new Gauge({
    name: "portal_db_pool_waiting",
    help: "Queries waiting for a database pool connection",
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
}

function createMetrics(): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "account-portal" });
  // Inside the globalThis guard: Next may load this module twice, and each load would start
  // its own collectors (event-loop monitor, GC observer) for a registry nobody reads.
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "portal_calls_total",
    help: "/2.0 calls answered, by call and envelope code",
    labelNames: ["call", "code"],
    registers: [registry],
  });
  const signins = new Counter({
    name: "portal_signins_total",
    help: "Sign-in answers by result (ok, refused, second_factor, device_limit, …)",
    labelNames: ["result"],
    registers: [registry],
  });
  const outboxFailures = new Counter({
    name: "portal_outbox_failures_total",
    help: "Failed deliveries (a message's first try or an outbox retry), by kind (message, event, data_export), channel (EMAIL, SMS, ZNS, webhook) and vendor (esms, zalo, smtp, webhook, outbox, product)",
    labelNames: ["kind", "channel", "vendor"],
    registers: [registry],
  });
  for (const labels of OUTBOX_FAILURE_LABELS) outboxFailures.inc(labels, 0);
  const payments = new Counter({
    name: "portal_payment_outcomes_total",
    help: "Gateway and bank results applied, by gateway and outcome",
    labelNames: ["gateway", "outcome"],
    registers: [registry],
  });
  for (const labels of PAYMENT_LABELS) payments.inc(labels, 0);
  const pages = new Counter({
    name: "portal_page_requests_total",
    help: "Requests served by Next (pages, their assets, route handlers), by route pattern and HTTP status",
    labelNames: ["route", "status"],
    registers: [registry],
  });
  return {
    registry,
    requests,
    latency: new Histogram({
      name: "portal_call_seconds",
      help: "Time to answer a /2.0 call",
      labelNames: ["call"],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    signins,
    outboxFailures,
    payments,
    pages,
    outboxDepth: new Gauge({
      name: "portal_outbox_undelivered",
      help: "Outbox rows not delivered yet (waiting, retrying or given up)",
      registers: [registry],
      async collect() {
        if (depthReader) this.set(await depthReader().catch(() => -1));
      },
    }),
    outboxOldest: new Gauge({
      name: "portal_outbox_oldest_undelivered_seconds",
      help: "Age of the oldest outbox row still to be sent (waiting or retrying; 0 when none)",
      registers: [registry],
      async collect() {
        if (oldestReader) this.set(await oldestReader().catch(() => -1));
      },
    }),
    dependencyUp: new Gauge({
      name: "portal_dependency_up",
      help: "1 when a dependency (database, redis) answered at its last observation, 0 when not",
      labelNames: ["dependency"],
      registers: [registry],
    }),
    startCallSeries(calls, signinResults) {
      for (const call of calls) for (const code of STARTED_STATUSES) requests.inc({ call, code }, 0);
      for (const result of signinResults) signins.inc({ result }, 0);
    },
    startPageSeries(routes) {
      for (const route of routes) for (const status of STARTED_STATUSES) pages.inc({ route, status }, 0);
    },
  };
}

export function metrics(): Metrics {
  globalForMetrics.__portalMetrics ??= createMetrics();
  return globalForMetrics.__portalMetrics;
}

/** Addresses the internet cannot reach: loopback, private, shared (CGNAT) and link-local ranges. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Whether a URL's host is one the internet may reach (any name but localhost, or a public address). */
export function isPublicHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  const family = isIP(host);
  if (family === 0) return true;
  return !NOT_PUBLIC.check(host, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The start-up warning when anyone may read /metrics: in production, with a public APP_URL and
 * no METRICS_TOKEN. Nothing otherwise (an unset APP_URL does not say where the portal is reached).
 */
export function openMetricsWarning(
  config: Pick<Env, "NODE_ENV" | "APP_URL" | "METRICS_TOKEN">,
): string | undefined {
  if (config.NODE_ENV !== "production" || config.METRICS_TOKEN || !config.APP_URL) return undefined;
  const url = new URL(config.APP_URL);
  if (!isPublicHost(url.hostname)) return undefined;
  return `GET /metrics is open to anyone who reaches ${url.origin}: set METRICS_TOKEN (Prometheus then sends authorization: Bearer <token>)`;
}
