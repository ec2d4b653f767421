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
  /**
   * One list of bodies per connection (e.g. each its own accounts' sign-ins), sent in turn; the
   * number of lists is the number of connections. Each list runs in an autocannon of its own with
   * its requests built once: a per-request `setupRequest` rebuilt every request and cost the load
   * generator 0.37–0.52 ms of CPU per sign-in (now 0.3 ms), taken from the two cores the portal is
   * measured on.
   */
  bodiesPerConnection?: string[][];
};

/** Responses per status of several runs, added up. */
export function statusesOf(runs: { statuses: Record<string, number> }[]): Record<string, number> {
  const statuses: Record<string, number> = {};
  for (const run of runs)
    for (const [status, count] of Object.entries(run.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  return statuses;
}

type Run = {
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  statuses: Record<string, number>;
};

function once(options: LoadOptions, seconds: number, latencies: number[], bodies?: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? "GET",
        headers: options.headers,
        body: options.body,
        connections: bodies ? 1 : (options.connections ?? 32),
        duration: seconds,
        timeout: 30,
        requests: bodies?.map((body) => ({ body })),
      },
      (error, r) => {
        if (error) return reject(error);
        resolve({
          total: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          duration: r.duration,
          statuses: Object.fromEntries(
            Object.entries(r.statusCodeStats ?? {}).map(([status, stats]) => [status, stats?.count ?? 0]),
          ),
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** autocannon keeps p97.5 and p99 but no p95, and several instances have no shared histogram: percentiles come from every response's latency. */
async function run(options: LoadOptions, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const runs = options.bodiesPerConnection
    ? await Promise.all(
        options.bodiesPerConnection.map((bodies) => once(options, seconds, latencies, bodies)),
      )
    : [await once(options, seconds, latencies)];
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  const sum = (key: "total" | "non2xx" | "errors" | "timeouts") => runs.reduce((a, r) => a + r[key], 0);
  const duration = Math.max(...runs.map((r) => r.duration)) || 1;
  return {
    rps: (sum("total") - sum("non2xx")) / duration,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    failed: sum("non2xx") + sum("errors") + sum("timeouts"),
    total: sum("total"),
    statuses: statusesOf(runs),
  };
}

/** A warm-up (discarded) then the measured run. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const warmup = options.warmupSeconds ?? 3;
  if (warmup > 0) await run(options, warmup);
  return run(options, options.seconds ?? 10);
}
