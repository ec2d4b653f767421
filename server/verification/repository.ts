import "server-only";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import type { FlowTokenRow, OneTimeCodeRow } from "@/server/db/tables/flow-tokens";
import { flowTokens, oneTimeCodes } from "@/server/db/tables/flow-tokens";

export async function insertFlowToken(
  db: Executor,
  values: typeof flowTokens.$inferInsert,
): Promise<FlowTokenRow> {
  const [row] = await db.insert(flowTokens).values(values).returning();
  if (!row) throw new Error("flow token insert returned nothing");
  return row;
}

/**
 * A step for `purpose` neither used nor expired: the one a token opens (by its hash), or a
 * person's newest (the profile's SMS two-factor set-up).
 */
export async function findLiveFlow(
  db: Executor,
  by: { tokenHash: string } | { userId: string },
  purpose: string,
  now: Date,
): Promise<FlowTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(flowTokens)
    .where(
      and(
        "tokenHash" in by ? eq(flowTokens.tokenHash, by.tokenHash) : eq(flowTokens.userId, by.userId),
        eq(flowTokens.purpose, purpose),
        isNull(flowTokens.usedAt),
        gt(flowTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(flowTokens.createdAt))
    .limit(1);
  return row;
}

/** Marks a step used, or replaces its data, while nobody used it; false when a request used it first. */
export async function updateUnusedFlow(
  db: Executor,
  id: string,
  values: Pick<typeof flowTokens.$inferInsert, "usedAt" | "data">,
): Promise<boolean> {
  const rows = await db
    .update(flowTokens)
    .set(values)
    .where(and(eq(flowTokens.id, id), isNull(flowTokens.usedAt)))
    .returning({ id: flowTokens.id });
  return rows.length === 1;
}

export async function insertCode(
  db: Executor,
  values: typeof oneTimeCodes.$inferInsert,
): Promise<OneTimeCodeRow> {
  const [row] = await db.insert(oneTimeCodes).values(values).returning();
  if (!row) throw new Error("code insert returned nothing");
  return row;
}

/** The channel a code really went by (a ZNS that Zalo refused went by SMS): the code page says so. */
export async function setCodeChannel(db: Executor, id: string, channel: string): Promise<void> {
  await db.update(oneTimeCodes).set({ channel }).where(eq(oneTimeCodes.id, id));
}

export async function findLatestCode(db: Executor, flowTokenId: string): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.flowTokenId, flowTokenId))
    .orderBy(desc(oneTimeCodes.sentAt), desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

/** Counts one wrong try and returns the new count (atomic, so parallel guesses all count). */
export async function addCodeAttempt(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

export async function consumeCode(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** Ends every live flow of a person for one purpose (a used reset link voids the others). */
export async function expireUserFlows(
  db: Executor,
  userId: string,
  purpose: string,
  now: Date,
): Promise<void> {
  await db
    .update(flowTokens)
    .set({ usedAt: now })
    .where(and(eq(flowTokens.userId, userId), eq(flowTokens.purpose, purpose), isNull(flowTokens.usedAt)));
}

export type { FlowTokenRow, OneTimeCodeRow };
