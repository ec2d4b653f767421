import "server-only";
import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { redisClient } from "@/lib/rate-limit";
import { type Db, MIGRATIONS_DIR } from "@/server/db/client";
import { zaloTokenAlert } from "@/server/notify/zalo-token";

/**
 * `checks` decide `ready`; `warnings` name what an operator must fix but a load balancer must not
 * act on: a vendor that is down or refuses (eSMS, Zalo) never makes the portal unready, because the
 * outbox holds the messages and a ZNS goes by SMS.
 */
export type Readiness = {
  ready: boolean;
  checks: Record<string, "ok" | string>;
  warnings?: Record<string, string>;
};

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms)),
  ]);

/**
 * GET /readyz: the database answers and has every committed migration; Redis answers when
 * configured. A Zalo OA whose refresh token was refused is named under `warnings.zalo_oa`.
 */
export async function readiness(db: Db): Promise<Readiness> {
  const checks: Readiness["checks"] = {};
  try {
    const expected = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")).length;
    const result = await withTimeout(
      db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      2_000,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
      n: number;
    }[];
    const applied = Number(rows[0]?.n ?? 0);
    checks.database = "ok";
    checks.migrations = applied >= expected ? "ok" : `${applied} of ${expected} applied`;
  } catch (error) {
    checks.database = error instanceof Error ? error.message : "unreachable";
  }
  if (env().REDIS_URL) {
    try {
      const redis = redisClient();
      checks.redis =
        (await withTimeout(redis?.ping() ?? Promise.reject(new Error("no client")), 1_000)) === "PONG"
          ? "ok"
          : "no PONG";
    } catch (error) {
      checks.redis = error instanceof Error ? error.message : "unreachable";
    }
  }
  const warnings: Record<string, string> = {};
  if (env().ZNS_PROVIDER === "zalo") {
    const alert = await withTimeout(zaloTokenAlert(db, env()), 1_000).catch(() => undefined);
    if (alert) warnings.zalo_oa = alert;
  }
  return {
    ready: Object.values(checks).every((c) => c === "ok"),
    checks,
    ...(Object.keys(warnings).length > 0 ? { warnings } : {}),
  };
}
