import "server-only";
import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { redisClient } from "@/lib/rate-limit";
import { type Db, migrationsSchemaInUse } from "@/server/db/client";
import { rootCause } from "@/server/db/errors";
import { MIGRATIONS_DIR } from "@/server/db/migrate";
import { zaloTokenAlert } from "@/server/notify/zalo-token";
import { markDependency, watchRedis } from "@/server/ops/dependencies";
import { configWarnings } from "./config-warnings";

/**
 * `ready` says one thing: should this instance get traffic. `checks` name every dependency's state;
 * those in `degraded` failed without deciding `ready`. `warnings` name what an operator must fix but
 * a load balancer must not act on: a vendor that is down or refuses (eSMS, Zalo) never makes the
 * portal unready, because the outbox holds the messages and a ZNS goes by SMS.
 */
export type Readiness = {
  ready: boolean;
  checks: Record<string, "ok" | string>;
  degraded?: string[];
  warnings?: Record<string, string>;
};

/**
 * Checks whose failure degrades the instance but must not take it out of the load balancer: Redis
 * is shared by every replica, so marking them unready on a Redis blip would empty the pool at once,
 * while rate limits already fall back to process memory (lib/rate-limit.ts).
 */
const DEGRADABLE = new Set(["redis"]);

/** PostgreSQL's undefined_table, also what a schema not created yet answers. */
const UNDEFINED_TABLE = "42P01";

/** ioredis states in which a command would only queue: no use waiting for a PONG. */
const REDIS_OFFLINE = new Set(["close", "end", "reconnecting"]);

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms)),
  ]);

/**
 * GET /readyz: ready when the database answers and has every committed migration. Redis, when
 * configured, is checked and named under `degraded` when it does not answer, still ready. A Zalo OA
 * whose refresh token was refused is named under `warnings.zalo_oa`; settings the receipt and the
 * dashboard miss under `warnings.seller` and `warnings.apps_config` (never on a customer's screen).
 */
export async function readiness(db: Db): Promise<Readiness> {
  const checks: Readiness["checks"] = {};
  try {
    const expected = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")).length;
    const applied = await withTimeout(appliedMigrations(db), 2_000);
    checks.database = "ok";
    checks.migrations = applied >= expected ? "ok" : `${applied} of ${expected} applied`;
  } catch (error) {
    const cause = rootCause(error);
    checks.database = cause?.message ?? "unreachable";
  }
  markDependency("database", checks.database === "ok", checks.database);
  const redis = env().REDIS_URL ? redisClient() : undefined;
  if (redis) {
    watchRedis(redis);
    checks.redis = await pingRedis(redis);
    markDependency("redis", checks.redis === "ok", checks.redis);
  }
  const warnings: Record<string, string> = configWarnings(env());
  if (env().ZNS_PROVIDER === "zalo") {
    const alert = await withTimeout(zaloTokenAlert(db, env()), 1_000).catch(() => undefined);
    if (alert) warnings.zalo_oa = alert;
  }
  const failed = Object.keys(checks).filter((name) => checks[name] !== "ok");
  const degraded = failed.filter((name) => DEGRADABLE.has(name));
  return {
    ready: failed.every((name) => DEGRADABLE.has(name)),
    checks,
    ...(degraded.length > 0 ? { degraded } : {}),
    ...(Object.keys(warnings).length > 0 ? { warnings } : {}),
  };
}

/**
 * The migrations recorded as applied; 0 when drizzle's table is not there yet (MIGRATE_ON_START=false
 * before `npm run migrate`): a database that answers, with its migrations missing.
 */
async function appliedMigrations(db: Db): Promise<number> {
  try {
    // A test's private schema records them in its own table, not in `drizzle`.
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(migrationsSchemaInUse())}.__drizzle_migrations`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
      n: number;
    }[];
    return Number(rows[0]?.n ?? 0);
  } catch (error) {
    if (rootCause(error)?.code === UNDEFINED_TABLE) return 0;
    throw error;
  }
}

async function pingRedis(redis: NonNullable<ReturnType<typeof redisClient>>): Promise<string> {
  if (REDIS_OFFLINE.has(redis.status)) return `not connected (${redis.status})`;
  try {
    return (await withTimeout(redis.ping(), 1_000)) === "PONG" ? "ok" : "no PONG";
  } catch (error) {
    return error instanceof Error ? error.message : "unreachable";
  }
}
