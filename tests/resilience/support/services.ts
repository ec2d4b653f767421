// Stopping and starting the machine's Redis and restarting its PostgreSQL, with the commands the
// machine documents. Redis is always started again by the part that stopped it.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

function run(command: string): { ok: boolean; output: string } {
  const result = spawnSync("bash", ["-c", command], { encoding: "utf8", timeout: 60_000 });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

export function redisAnswers(): boolean {
  const result = run("redis-cli -h 127.0.0.1 -p 6379 ping");
  return result.ok && result.output.includes("PONG");
}

export function stopRedis(): void {
  run("redis-cli -h 127.0.0.1 -p 6379 shutdown nosave");
}

/** Starts Redis again (as the machine runs it) unless it answers; waits until it does. */
export async function startRedis(): Promise<void> {
  if (redisAnswers()) return;
  const result = run(
    'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
  );
  for (let i = 0; i < 50 && !redisAnswers(); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (!redisAnswers()) throw new Error(`Redis did not start again: ${result.output}`);
}

/** `pg_ctlcluster … restart` of the local PostgreSQL; resolves when it is back (the restart waits). */
export function restartPostgres(): { ok: boolean; output: string } {
  const version = readdirSync("/etc/postgresql")[0] ?? "15";
  return run(`pg_ctlcluster --skip-systemctl-redirect ${version} main restart`);
}
