import "server-only";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

/** Prometheus metrics of one instance (GET /metrics): one registry per process. */
type Metrics = {
  registry: Registry;
  requests: Counter<"call" | "code">;
  latency: Histogram<"call">;
  signins: Counter<"result">;
  outboxFailures: Counter<"kind">;
  payments: Counter<"gateway" | "outcome">;
  outboxDepth: Gauge;
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
        help: "Outbox deliveries that failed (and will be retried)",
        labelNames: ["kind"],
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
    };
  }
  return globalForMetrics.__portalMetrics;
}
