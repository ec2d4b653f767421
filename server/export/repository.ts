import "server-only";
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { creditLogs, pointLogs } from "@/server/db/tables/balances";
import { orders, payments } from "@/server/db/tables/commerce";
import { type DataExportRow, dataExports } from "@/server/db/tables/data-exports";
import { securityEvents } from "@/server/db/tables/security-events";
import { sessions } from "@/server/db/tables/sessions";

/**
 * The person's rows in the tables that grow without bound (orders, payments, point and credit
 * logs, security events, sessions): five index-only counts, enough to tell a large export.
 */
export async function countGrowingRows(db: Executor, userId: string): Promise<number> {
  const count = (table: typeof orders | typeof payments | typeof pointLogs | typeof creditLogs) =>
    sql`(select count(*) from ${table} where ${table.userId} = ${userId})`;
  const [row] = await db
    .select({
      n: sql<number>`(${count(orders)} + ${count(payments)} + ${count(pointLogs)} + ${count(creditLogs)}
        + (select count(*) from ${securityEvents} where ${securityEvents.userId} = ${userId})
        + (select count(*) from ${sessions} where ${sessions.userId} = ${userId}))::int`,
    })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

export async function insertDataExport(db: Executor, values: typeof dataExports.$inferInsert): Promise<void> {
  await db.insert(dataExports).values(values);
}

/** The person's newest export that is still preparing or whose link is still unused and alive. */
export async function findOpenExport(
  db: Executor,
  userId: string,
  now: Date,
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(eq(dataExports.userId, userId), isNull(dataExports.downloadedAt), gt(dataExports.expiresAt, now)),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row;
}

export async function findDataExport(db: Executor, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function markExportReady(
  db: Executor,
  id: string,
  values: { tokenHash: string; fileName: string; bytes: Uint8Array; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set(values)
    .where(and(eq(dataExports.id, id), isNull(dataExports.downloadedAt)))
    .returning({ id: dataExports.id });
  return rows.length === 1;
}

/**
 * Uses a link: one UPDATE that stamps `downloaded_at` only when the token is the person's, unused
 * and alive, and answers the file. Two clicks at once: one gets the file, the other nothing.
 */
export async function consumeExportLink(
  db: Executor,
  options: { tokenHash: string; userId: string; now: Date },
): Promise<{ id: string; fileName: string | null; bytes: Uint8Array | null } | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({ downloadedAt: options.now })
    .where(
      and(
        eq(dataExports.tokenHash, options.tokenHash),
        eq(dataExports.userId, options.userId),
        isNull(dataExports.downloadedAt),
        gt(dataExports.expiresAt, options.now),
      ),
    )
    .returning({ id: dataExports.id, fileName: dataExports.fileName, bytes: dataExports.bytes });
  return row;
}

/** A link's row whatever its state (to say why it was refused). */
export async function findExportByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<Pick<DataExportRow, "userId" | "expiresAt" | "downloadedAt"> | undefined> {
  const [row] = await db
    .select({
      userId: dataExports.userId,
      expiresAt: dataExports.expiresAt,
      downloadedAt: dataExports.downloadedAt,
    })
    .from(dataExports)
    .where(eq(dataExports.tokenHash, tokenHash));
  return row;
}

/** A used link keeps its row (to say "already used") but not the file. */
export async function dropExportBytes(db: Executor, id: string): Promise<void> {
  await db.update(dataExports).set({ bytes: null }).where(eq(dataExports.id, id));
}

/** Deletes the rows whose link (or unfinished preparation) has expired; answers how many. */
export async function deleteExpiredExports(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(dataExports)
    .where(lte(dataExports.expiresAt, now))
    .returning({ id: dataExports.id });
  return rows.length;
}
