// The portal as a container of the project's image (scripts/container-test.sh builds it and sets
// ROLLING_IMAGE and CONTAINERS_CONF): podman with runc on the host's network, so it reaches the
// machine's PostgreSQL and Redis and listens on its own port on loopback.
import { spawnSync } from "node:child_process";
import { portalSettings } from "./config";
import { sleep } from "./http";

/** What a rolling restart needs of a replica, whether a process or a container. */
export type Replica = {
  url: string;
  isAlive: () => boolean;
  /** SIGTERM, the drain, and the exit. */
  stop: () => Promise<void>;
  kill9: () => Promise<void>;
};

const podman = (args: string[]) =>
  spawnSync("podman", ["--runtime", "runc", ...args], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });

export async function startContainerPortal(
  image: string,
  options: { port: number; databaseUrl: string; redisUrl: string; env: Record<string, string> },
): Promise<Replica> {
  const name = `portal-rolling-${options.port}-${Date.now().toString(36)}`;
  const env: Record<string, string> = {
    ...portalSettings({ port: options.port, webhook: "http://127.0.0.1:9/webhook" }),
    PORT: String(options.port),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    LOG_LEVEL: "warn",
    ...options.env,
  };
  const run = podman([
    "run",
    "-d",
    "--name",
    name,
    "--network=host",
    ...Object.entries(env).flatMap(([key, value]) => ["-e", `${key}=${value}`]),
    image,
  ]);
  if (run.status !== 0) throw new Error(`podman run failed: ${run.stderr}`);
  const isAlive = () => podman(["inspect", "--format", "{{.State.Running}}", name]).stdout.trim() === "true";
  const url = `http://127.0.0.1:${options.port}`;
  const replica: Replica = {
    url,
    isAlive,
    // podman stop sends the image's stop signal (SIGTERM) to node, PID 1, and waits for its drain.
    stop: async () => {
      const stopped = podman(["stop", "-t", "40", name]);
      if (stopped.status !== 0) throw new Error(`podman stop failed: ${stopped.stderr}`);
      const code = podman(["inspect", "--format", "{{.State.ExitCode}}", name]).stdout.trim();
      podman(["rm", "-f", name]);
      if (code !== "0") throw new Error(`${name} exited ${code} after SIGTERM`);
    },
    kill9: async () => {
      podman(["rm", "-f", name]);
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!isAlive()) {
      const logs = podman(["logs", name]);
      podman(["rm", "-f", name]);
      throw new Error(`the container exited while starting:\n${logs.stdout}${logs.stderr}`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return replica;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  podman(["rm", "-f", name]);
  throw new Error(`${name} was not ready within two minutes`);
}
