import "server-only";
import { BlockList, isIP } from "node:net";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Env } from "@/lib/env";

/**
 * Prometheus metrics of one instance (GET /metrics): one registry per process, with the process's
 * own figures (CPU, resident memory, heap, event-loop lag, GC) beside the portal's.
 */
type Metrics = {
  registry: Registry;
  requests: Counter<"call" | "code">;
  latency: Histogram<"call">;
  signins: Counter<"result">;
  outboxFailures: Counter<"kind" | "channel" | "vendor">;
  payments: Counter<"gateway" | "outcome">;
  outboxDepth: Gauge;
  dependencyUp: Gauge<"dependency">;
};

const globalForMetrics = globalThis as unknown as { __portalMetrics?: Metrics };

/** The undelivered outbox rows, read when Prometheus scrapes (set by server.ts). */
let depthReader: (() => Promise<number>) | undefined;
export function readOutboxDepthWith(reader: () => Promise<number>): void {
  depthReader = reader;
}

export function metrics(): Metrics {
  if (!globalForMetrics.__portalMetrics) {
    const registry = new Registry();
    registry.setDefaultLabels({ service: "account-portal" });
    // Inside the globalThis guard: Next may load this module twice, and each load would start
    // its own collectors (event-loop monitor, GC observer) for a registry nobody reads.
    collectDefaultMetrics({ register: registry });
    globalForMetrics.__portalMetrics = {
      registry,
      requests: new Counter({
        name: "portal_calls_total",
        help: "/2.0 calls answered, by call and envelope code",
        labelNames: ["call", "code"],
        registers: [registry],
      }),
      latency: new Histogram({
        name: "portal_call_seconds",
        help: "Time to answer a /2.0 call",
        labelNames: ["call"],
        buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
        registers: [registry],
      }),
      signins: new Counter({
        name: "portal_signins_total",
        help: "Sign-in answers by result (ok, refused, second_factor, device_limit, …)",
        labelNames: ["result"],
        registers: [registry],
      }),
      outboxFailures: new Counter({
        name: "portal_outbox_failures_total",
        help: "Failed deliveries (a message's first try or an outbox retry), by kind (message, event, data_export), channel (EMAIL, SMS, ZNS, webhook) and vendor (esms, zalo, smtp, webhook, outbox, product)",
        labelNames: ["kind", "channel", "vendor"],
        registers: [registry],
      }),
      payments: new Counter({
        name: "portal_payment_outcomes_total",
        help: "Gateway and bank results applied, by gateway and outcome",
        labelNames: ["gateway", "outcome"],
        registers: [registry],
      }),
      outboxDepth: new Gauge({
        name: "portal_outbox_undelivered",
        help: "Outbox rows not delivered yet (waiting, retrying or given up)",
        registers: [registry],
        async collect() {
          if (depthReader) this.set(await depthReader().catch(() => -1));
        },
      }),
      dependencyUp: new Gauge({
        name: "portal_dependency_up",
        help: "1 when a dependency (database, redis) answered at its last observation, 0 when not",
        labelNames: ["dependency"],
        registers: [registry],
      }),
    };
  }
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
