import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { type ZaloOaTokenRow, zaloOaTokens } from "@/server/db/tables/zalo-tokens";

export type { ZaloOaTokenRow };

export async function findZaloToken(db: Executor, appId: string): Promise<ZaloOaTokenRow | undefined> {
  const [row] = await db.select().from(zaloOaTokens).where(eq(zaloOaTokens.appId, appId));
  return row;
}

/**
 * The app's token row, locked until the caller's transaction ends (another instance waits here
 * rather than spending the same refresh token); the first ever is written from the seed.
 */
export async function lockZaloToken(
  tx: Executor,
  seed: { appId: string; seedHash: string; refreshToken: string; now: Date },
): Promise<ZaloOaTokenRow> {
  await tx
    .insert(zaloOaTokens)
    .values({
      appId: seed.appId,
      seedHash: seed.seedHash,
      refreshToken: seed.refreshToken,
      updatedAt: seed.now,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(zaloOaTokens).where(eq(zaloOaTokens.appId, seed.appId)).for("update");
  if (!row) throw new Error("zalo token row missing after insert");
  return row;
}

export async function updateZaloToken(
  tx: Executor,
  appId: string,
  values: Partial<Omit<typeof zaloOaTokens.$inferInsert, "appId">>,
): Promise<void> {
  await tx.update(zaloOaTokens).set(values).where(eq(zaloOaTokens.appId, appId));
}
