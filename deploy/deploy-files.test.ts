// Issue 36: the deployment files (Containerfile, compose.yaml, deploy/) checked against the code they
// deploy, so they cannot drift from it: every setting they name is one lib/env.ts reads, production's
// required secrets are there, the probes ask /healthz and /readyz on the port the portal listens on,
// every stop waits longer than the drain and the grace, and the node flags are npm start's.
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments, parse as parseYaml } from "yaml";
import { envSchema, parseEnv, SECRET_NAMES } from "@/lib/env";
import { startFlags } from "@/scripts/start-flags";

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/**
 * Settings the server reads straight from the process, outside lib/env.ts's schema (each checked
 * below to be read by the server's code, so the list cannot keep a name the code dropped).
 */
const PROCESS_SETTINGS = ["TRUST_PROXY", "UV_THREADPOOL_SIZE"];
/** Not the portal's: Next's own switch, set in the image. */
const NEXT_SETTINGS = ["NEXT_TELEMETRY_DISABLED"];
const SETTINGS = new Set([...Object.keys(envSchema.shape), ...PROCESS_SETTINGS]);

const DRAIN_DEFAULT = envSchema.shape.SHUTDOWN_DRAIN_SECONDS.parse(undefined);
const GRACE_DEFAULT = envSchema.shape.SHUTDOWN_GRACE_SECONDS.parse(undefined);
const PORT_DEFAULT = envSchema.shape.PORT.parse(undefined);

type Settings = Record<string, string>;

/** KEY=VALUE lines of an env file (compose env_file, systemd EnvironmentFile); comments skipped. */
function envFile(file: string): Settings {
  const out: Settings = {};
  for (const line of read(file).split("\n")) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) out[match[1]] = match[2] ?? "";
  }
  return out;
}

function unknownSettings(settings: Settings): string[] {
  return Object.keys(settings).filter((name) => !SETTINGS.has(name));
}

/** The seconds a stop gives the portal when `settings` (else the defaults) set the drain and grace. */
function drainPlusGrace(settings: Settings): number {
  return (
    Number(settings.SHUTDOWN_DRAIN_SECONDS ?? DRAIN_DEFAULT) +
    Number(settings.SHUTDOWN_GRACE_SECONDS ?? GRACE_DEFAULT)
  );
}

/** A production start on PostgreSQL refuses without these (lib/env.ts). */
function expectProductionComplete(settings: Settings, where: string): void {
  for (const name of SECRET_NAMES) expect(settings, `${where}: ${name}`).toHaveProperty(name);
  expect(settings, `${where}: DATABASE_URL`).toHaveProperty("DATABASE_URL");
  expect(
    "SMTP_URL" in settings || settings.OUTBOX_IN_PRODUCTION === "1",
    `${where}: SMTP_URL or OUTBOX_IN_PRODUCTION=1`,
  ).toBe(true);
}

/** `settings` with every CHANGE-ME filled in as an operator would: lib/env.ts must accept the result. */
function filledIn(settings: Settings): Settings {
  return Object.fromEntries(
    Object.entries(settings).map(([k, v]) => [k, v.replaceAll("CHANGE-ME", "x".repeat(40))]),
  );
}

describe("settings read outside lib/env.ts", () => {
  it("are read by the server's own code", () => {
    const sources = [
      "server.ts",
      "server/ops/access-log.ts",
      "server/oidc/provider.ts",
      "server/ops/threadpool.cjs",
    ]
      .map(read)
      .join("\n");
    for (const name of PROCESS_SETTINGS) expect(sources, name).toContain(`process.env.${name}`);
  });
});

describe("Containerfile", () => {
  const file = read("Containerfile");
  const instructions = file
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => /^[A-Z]+\s/.test(line));
  const args = (name: string) =>
    instructions
      .filter((line) => line.startsWith(`${name} `))
      .map((line) => line.slice(name.length + 1).trim());
  const env: Settings = Object.fromEntries(
    args("ENV").flatMap((line) => [...line.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  );

  it("takes the base image as an argument, node:24-bookworm-slim by default, in both stages", () => {
    expect(args("ARG")).toContain("NODE_IMAGE=node:24-bookworm-slim");
    // The Containerfile's own `${NODE_IMAGE}`, not a placeholder of this test.
    const base = "$" + "{NODE_IMAGE}";
    expect(args("FROM")).toEqual([`${base} AS build`, base]);
  });

  it("builds the standalone folder and ships only it, as the non-root node user", () => {
    expect(args("RUN")).toContain("npm run build:standalone");
    expect(args("COPY").at(-1)).toBe("--from=build /app/.next/standalone ./");
    expect(args("USER")).toEqual(["node"]);
    expect(read("package.json")).toContain('"build:standalone": "NEXT_OUTPUT=standalone npm run build');
  });

  it("names only known settings, exposes its PORT and keeps its DATA_DIR on a volume", () => {
    expect(Object.keys(env).filter((k) => !SETTINGS.has(k) && !NEXT_SETTINGS.includes(k))).toEqual([]);
    expect(env.NODE_ENV).toBe("production");
    expect(args("EXPOSE")).toEqual([env.PORT]);
    expect(Number(env.PORT)).toBe(PORT_DEFAULT);
    expect(args("VOLUME")).toEqual([`["${env.DATA_DIR}"]`]);
  });

  it("checks /healthz and execs node with the flags written at build time (PID 1 gets SIGTERM)", () => {
    expect(args("HEALTHCHECK").join(" ")).toMatch(/CMD \["node", "-e", ".*\/healthz/);
    expect(args("CMD")).toEqual([
      '["/bin/sh", "-c", "exec node $(cat /app/.node-flags) .next/portal-server.mjs"]',
    ]);
    expect(read("scripts/pack-standalone.ts")).toContain('writeFileSync(path.join(OUT, ".node-flags")');
  });

  it("carries no machine's proxy CA (that is the container test's local base only)", () => {
    expect(file).not.toContain("NODE_EXTRA_CA_CERTS");
  });

  it("is built from sources only (.dockerignore)", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of [".git", "node_modules", ".next", ".data", ".env", "deploy/portal.env"]) {
      expect(ignored).toContain(entry);
    }
  });
});

describe("compose.yaml", () => {
  type Service = {
    image?: string;
    build?: unknown;
    command?: string[];
    profiles?: string[];
    env_file?: string[];
    environment?: Settings;
    depends_on?: Record<string, { condition: string }>;
    stop_grace_period?: string;
    volumes?: string[];
  };
  const compose = parseYaml(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const service = (name: string): Service => {
    const found = services[name];
    if (!found) throw new Error(`compose.yaml has no service ${name}`);
    return found;
  };
  const portalServices = Object.entries(services).filter(([, s]) => s.build !== undefined);
  /** What a service's container sees: its env files, then its `environment` over them. */
  const settingsOf = (service: Service): Settings => ({
    ...Object.assign({}, ...(service.env_file ?? []).map((f) => envFile(`${f}.example`))),
    ...service.environment,
  });
  const replicas = portalServices.filter(([, s]) => !s.profiles && !s.command);

  it("names only settings of lib/env.ts for every portal container", () => {
    expect(portalServices.map(([name]) => name).sort()).toEqual([
      "migrate",
      "portal-1",
      "portal-2",
      "portal-embedded",
    ]);
    for (const [name, service] of portalServices) {
      expect(unknownSettings(settingsOf(service)), name).toEqual([]);
    }
  });

  it("runs two replicas on PostgreSQL 15+ and Redis 7 with every production secret, accepted by lib/env.ts", () => {
    expect(replicas.map(([name]) => name)).toEqual(["portal-1", "portal-2"]);
    expect(Number(/^postgres:(\d+)/.exec(service("postgres").image ?? "")?.[1])).toBeGreaterThanOrEqual(15);
    expect(service("redis").image).toMatch(/^redis:7/);
    for (const [name, service] of replicas) {
      const settings = settingsOf(service);
      expectProductionComplete(settings, name);
      expect(() => parseEnv({ NODE_ENV: "production", ...filledIn(settings) })).not.toThrow();
    }
  });

  it("migrates once before the replicas start, which then do not migrate themselves", () => {
    expect(service("migrate").command).toEqual(["node", ".next/portal-migrate.mjs"]);
    expect(read("scripts/build-server.mjs")).toContain('"scripts/migrate.ts": "portal-migrate.mjs"');
    for (const [name, service] of replicas) {
      expect(service.depends_on?.migrate, name).toEqual({ condition: "service_completed_successfully" });
      expect(service.environment?.MIGRATE_ON_START, name).toBe("false");
    }
  });

  it("gives every portal a stop longer than drain + grace", () => {
    for (const [name, service] of portalServices) {
      const seconds = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? "")?.[1] ?? 10);
      expect(seconds, name).toBeGreaterThan(drainPlusGrace(settingsOf(service)));
    }
  });

  it("puts HAProxy in front, checking /readyz on the port the replicas listen on", () => {
    expect(service("proxy").volumes).toContain(
      "./deploy/proxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro",
    );
    const cfg = read("deploy/proxy/haproxy.cfg");
    expect(cfg).toMatch(/^\s*option httpchk GET \/readyz$/m);
    const servers = [...cfg.matchAll(/^\s*server (\S+) (\S+):(\d+) check/gm)];
    expect(servers.map((m) => m[2])).toEqual(replicas.map(([name]) => name));
    for (const [name, service] of replicas) {
      const port = settingsOf(service).PORT ?? String(PORT_DEFAULT);
      expect(servers.find((m) => m[2] === name)?.[3], name).toBe(port);
    }
  });

  it("has the embedded default as a profile: PGlite on a volume, no database URL", () => {
    const embedded = service("portal-embedded");
    expect(embedded.profiles).toEqual(["embedded"]);
    expect(settingsOf(embedded)).not.toHaveProperty("DATABASE_URL");
    expect(embedded.volumes).toEqual(["embedded-data:/data"]);
  });
});

describe("deploy/kubernetes", () => {
  type Probe = { httpGet: { path: string; port: string | number } };
  type Container = {
    command?: string[];
    ports?: { name: string; containerPort: number }[];
    env?: { name: string }[];
    envFrom?: ({ configMapRef: { name: string } } | { secretRef: { name: string } })[];
    startupProbe?: Probe;
    livenessProbe?: Probe;
    readinessProbe?: Probe;
    lifecycle?: { preStop?: { exec?: { command: string[] }; sleep?: { seconds: number } } };
  };
  type PodSpec = { terminationGracePeriodSeconds?: number; containers: Container[] };
  type Manifest = {
    kind: string;
    metadata: { name: string };
    data?: Settings;
    stringData?: Settings;
    spec?: {
      replicas?: number;
      selector?: { matchLabels: Record<string, string> } | Record<string, string>;
      template?: { metadata: { labels: Record<string, string> }; spec: PodSpec };
      ports?: { port: number; targetPort: string | number }[];
      minAvailable?: number;
    };
  };
  const dir = "deploy/kubernetes";
  const manifests = readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml")
    .flatMap((f) => parseAllDocuments(read(`${dir}/${f}`)).map((doc) => doc.toJS() as Manifest));
  const one = (kind: string): Manifest => {
    const found = manifests.filter((m) => m.kind === kind);
    const [first] = found;
    if (!first || found.length !== 1) throw new Error(`${dir}: ${found.length} of kind ${kind}, not one`);
    return first;
  };
  const firstContainer = (spec: PodSpec | undefined): Container & { image: string } => {
    const first = spec?.containers[0];
    if (!first) throw new Error(`${dir}: a pod without a container`);
    return first as Container & { image: string };
  };
  const config = one("ConfigMap");
  const secret = one("Secret");
  const deployment = one("Deployment");
  const pod = deployment.spec?.template?.spec as PodSpec;
  const container = firstContainer(pod);
  const settings: Settings = { ...config.data, ...secret.stringData };

  it("lists every manifest in kustomization.yaml but the per-release migration Job", () => {
    const listed = (parseYaml(read(`${dir}/kustomization.yaml`)) as { resources: string[] }).resources;
    const files = readdirSync(path.join(ROOT, dir)).filter(
      (f) => f.endsWith(".yaml") && !["kustomization.yaml", "job-migrate.yaml"].includes(f),
    );
    expect([...listed].sort()).toEqual(files.sort());
  });

  it("names only settings of lib/env.ts, with every one production needs, accepted by lib/env.ts", () => {
    expect(unknownSettings(settings)).toEqual([]);
    expectProductionComplete(settings, "ConfigMap + Secret");
    expect(Object.keys(secret.stringData ?? {})).toEqual(expect.arrayContaining([...SECRET_NAMES]));
    expect(() => parseEnv({ NODE_ENV: "production", ...filledIn(settings) })).not.toThrow();
    expect(container.envFrom).toEqual([
      { configMapRef: { name: config.metadata.name } },
      { secretRef: { name: secret.metadata.name } },
    ]);
  });

  it("runs two replicas whose probes ask /healthz and /readyz on the port the portal listens on", () => {
    expect(deployment.spec?.replicas).toBe(2);
    const port = container.ports?.find((p) => p.name === "http");
    expect(port?.containerPort).toBe(Number(settings.PORT ?? PORT_DEFAULT));
    expect(container.startupProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(container.livenessProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(container.readinessProbe?.httpGet).toEqual({ path: "/readyz", port: "http" });
    const service = one("Service");
    expect(service.spec?.ports?.[0]?.targetPort).toBe("http");
    expect(service.spec?.selector).toEqual(deployment.spec?.template?.metadata.labels);
  });

  it("waits for endpoints (preStop), then gives SIGTERM longer than drain + grace", () => {
    const preStop = container.lifecycle?.preStop;
    const sleep =
      preStop?.sleep?.seconds ?? Number(preStop?.exec?.command.join(" ").match(/^sleep (\d+)$/)?.[1]);
    expect(sleep).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(sleep + drainPlusGrace(settings));
  });

  it("migrates with a Job of the same image, and keeps one replica up through disruptions", () => {
    const job = one("Job");
    const migrate = firstContainer(job.spec?.template?.spec);
    expect(migrate.command).toEqual(["node", ".next/portal-migrate.mjs"]);
    expect(migrate.image).toBe(container.image);
    expect(unknownSettings(Object.fromEntries((migrate.env ?? []).map((e) => [e.name, ""])))).toEqual([]);
    expect(settings.MIGRATE_ON_START).toBe("false");
    const pdb = one("PodDisruptionBudget");
    expect(pdb.spec?.minAvailable).toBe(1);
    expect(pdb.spec?.selector).toEqual({ matchLabels: deployment.spec?.template?.metadata.labels });
  });
});

describe("deploy/systemd/portal.service", () => {
  const lines = read("deploy/systemd/portal.service")
    .split("\n")
    .filter((line) => /^[A-Za-z]+=/.test(line));
  const values = (key: string) =>
    lines.filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1));
  const environment: Settings = Object.fromEntries(
    values("Environment").map((pair) => pair.split("=", 2) as [string, string]),
  );

  it("runs node itself with npm start's flags (scripts/start-flags.ts)", () => {
    expect(values("ExecStart")).toEqual([`/usr/bin/node ${startFlags().join(" ")} .next/portal-server.mjs`]);
  });

  it("names only settings of lib/env.ts, in the unit and the env file it points to", () => {
    expect(unknownSettings(environment)).toEqual([]);
    expect(values("EnvironmentFile")).toEqual(["/etc/portal/portal.env"]);
    expect(unknownSettings(envFile("deploy/portal.env.example"))).toEqual([]);
    expectProductionComplete(envFile("deploy/portal.env.example"), "deploy/portal.env.example");
  });

  it("stops with SIGTERM and waits longer than drain + grace", () => {
    expect(values("KillSignal")).toEqual(["SIGTERM"]);
    const settings = { ...envFile("deploy/portal.env.example"), ...environment };
    expect(Number(values("TimeoutStopSec")[0])).toBeGreaterThan(drainPlusGrace(settings));
  });

  it("is hardened, with DATA_DIR its one writable place", () => {
    expect(values("NoNewPrivileges")).toEqual(["yes"]);
    expect(values("ProtectSystem")).toEqual(["strict"]);
    expect(environment.DATA_DIR).toBe("/var/lib/portal");
    expect((values("ReadWritePaths")[0] ?? "").split(" ")).toContain(environment.DATA_DIR);
  });
});

describe("deploy/proxy", () => {
  // server.ts keeps node's default keepAliveTimeout; a proxy must drop an idle connection first.
  const portalKeepAliveMs = createServer().keepAliveTimeout;

  it("the portal keeps node's default keep-alive", () => {
    expect(read("server.ts")).not.toContain("keepAliveTimeout");
    expect(portalKeepAliveMs).toBe(5000);
  });

  it("nginx: upstream keep-alive shorter than the portal's, never replays a non-idempotent request", () => {
    const conf = read("deploy/proxy/nginx.conf");
    const keepalive = /^\s*keepalive_timeout (\d+)s;/m.exec(conf)?.[1];
    expect(Number(keepalive) * 1000).toBeLessThan(portalKeepAliveMs);
    const nextUpstream = [...conf.matchAll(/^\s*proxy_next_upstream ([^;]+);/gm)].map((m) => m[1]);
    expect(nextUpstream.length).toBeGreaterThan(0);
    for (const rule of nextUpstream) expect(rule).not.toContain("non_idempotent");
    expect(conf).toContain("health_check uri=/readyz");
  });

  it("HAProxy: drops idle server connections before the portal does, retries only idempotent requests", () => {
    const cfg = read("deploy/proxy/haproxy.cfg");
    const purge = /^\s*default-server .*\bpool-purge-delay (\d+)s\b/m.exec(cfg)?.[1];
    expect(Number(purge) * 1000).toBeLessThan(portalKeepAliveMs);
    expect(cfg).toMatch(
      /^\s*http-request disable-l7-retry unless METH_GET \|\| METH_HEAD \|\| METH_OPTIONS$/m,
    );
    expect(cfg).toMatch(/^\s*http-reuse safe$/m);
  });
});
