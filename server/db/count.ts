import "server-only";
import { count, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

/** DESIGN §7: a list page never waits on an exact count past this; the screens show "10,000+". */
export const COUNT_CAP = 10_001;

/** Rows of `table` matching `where`, counted up to COUNT_CAP. */
export async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(table)
    .where(where)
    .limit(COUNT_CAP)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}
