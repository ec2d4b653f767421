// Load generation for the benchmark: autocannon in this process, against a server in another.
import autocannon from "autocannon";

export type LoadResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses that were not 2xx plus connection errors and timeouts. */
  failed: number;
  total: number;
  /** Responses per HTTP status, so a failed row says what it was answered. */
  statuses: Record<string, number>;
};

export type LoadOptions = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
  /** Called for each request: a fresh body (e.g. another account's sign-in). */
  nextBody?: () => string;
};

/** autocannon keeps p97.5 and p99 but no p95: the nearer of the two it reports is p97.5, so p95 comes from the raw histogram. */
function run(options: LoadOptions, seconds: number): Promise<autocannon.Result & { p95: number }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? "GET",
        headers: options.headers,
        body: options.body,
        connections: options.connections ?? 32,
        duration: seconds,
        timeout: 30,
        requests: options.nextBody
          ? [{ setupRequest: (req) => ({ ...req, body: options.nextBody?.() ?? "" }) }]
          : undefined,
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const p95 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0;
        resolve({ ...result, p95 });
      },
    );
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** A warm-up (discarded) then the measured run. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const warmup = options.warmupSeconds ?? 3;
  if (warmup > 0) await run(options, warmup);
  const r = await run(options, options.seconds ?? 10);
  const failed = r.non2xx + r.errors + r.timeouts;
  return {
    rps: (r.requests.total - r.non2xx) / (r.duration || 1),
    p50: r.latency.p50,
    p95: r.p95,
    p99: r.latency.p99,
    failed,
    total: r.requests.total,
    statuses: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([status, stats]) => [status, stats?.count ?? 0]),
    ),
  };
}
