import "server-only";
import type { Redis } from "ioredis";
import { logger } from "@/lib/logger";
import { metrics } from "@/server/ops/metrics";

export type Dependency = "database" | "redis";

/** What an operator reads when a dependency goes away: what stops, or what stands in for it. */
const CONSEQUENCE: Record<Dependency, string> = {
  database: "this instance answers /readyz 503 until it is back",
  redis: "rate limits and captcha replay checks fall back to this process's memory; /readyz stays 200",
};

type State = { up: Map<Dependency, boolean>; watched: WeakSet<Redis> };
// Next may load this module twice (route and page bundles): one state per process, or each copy
// would log its own "went away".
const globalForDeps = globalThis as unknown as { __portalDeps?: State };
function state(): State {
  globalForDeps.__portalDeps ??= { up: new Map(), watched: new WeakSet() };
  return globalForDeps.__portalDeps;
}

/**
 * The one place a dependency's state changes. The gauge follows every observation; the log follows
 * only the changes, so a Redis that stays away for an hour is one warning, not one per probe or
 * per request, and its return is one info line.
 */
export function markDependency(dependency: Dependency, up: boolean, reason?: string): void {
  metrics().dependencyUp.set({ dependency }, up ? 1 : 0);
  const known = state().up;
  const before = known.get(dependency);
  if (before === up) return;
  known.set(dependency, up);
  if (!up) logger.warn({ dependency, reason }, `${dependency} unreachable: ${CONSEQUENCE[dependency]}`);
  // The first "up" of the process is no news; only a return after an outage is.
  else if (before === false) logger.info({ dependency }, `${dependency} is back`);
}

/**
 * Follows the client's own connection events, so the state changes when Redis goes away even when
 * no probe asks (ioredis emits `error` on every failed reconnect and `ready` once connected).
 */
export function watchRedis(redis: Redis): void {
  const { watched } = state();
  if (watched.has(redis)) return;
  watched.add(redis);
  redis.on("ready", () => markDependency("redis", true));
  redis.on("error", (error: Error) => markDependency("redis", false, error.message));
}

/** Tests start from "never seen", as a new process does. */
export function resetDependenciesForTests(): void {
  globalForDeps.__portalDeps = undefined;
}
