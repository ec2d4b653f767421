import "server-only";
import { env } from "@/lib/env";
import { translator } from "@/lib/i18n";
import { newId, newToken, sha256 } from "@/lib/ids";
import { toLocale } from "@/lib/locales";
import { logger } from "@/lib/logger";
import { type Ctx, requireAuth } from "@/server/context";
import type { Db } from "@/server/db/client";
import { sendMessage } from "@/server/notify/send";
import { type DataExportPayload, enqueueDataExport } from "@/server/outbox/service";
import { recordSecurityEvent } from "@/server/security/service";
import { getLiveSession } from "@/server/session/service";
import { findUserById } from "@/server/user/service";
import { buildExportZip, type DataExport } from "./build";
import {
  consumeExportLink,
  deleteExpiredExports,
  dropExportBytes,
  findDataExport,
  findExportByTokenHash,
  findOpenExport,
  insertDataExport,
  markExportReady,
} from "./repository";

// Profile → Your data for a large account: the request queues the work (a data_exports row and an
// outbox row, one transaction), the outbox worker builds the zip and emails a link, and the link
// gives the file once, within 24 hours, to the same person signed in.

/** How long an emailed link works; also how long an unfinished preparation is waited for. */
export const EXPORT_LINK_TTL_MS = 24 * 3_600_000;

/** The path of the emailed link (the direct download's route, with `?token=`). */
export const EXPORT_LINK_PATH = "/account/profile/export";

/** Queues a background export; false when one is already preparing or its link is still unused. */
export async function queueDataExport(ctx: Ctx): Promise<boolean> {
  const { user, session } = requireAuth(ctx);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    if (await findOpenExport(tx, user.id, now)) return false;
    const exportId = newId();
    await insertDataExport(tx, {
      id: exportId,
      userId: user.id,
      lang: ctx.lang,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_LINK_TTL_MS),
    });
    await enqueueDataExport(tx, { exportId, sessionId: session.id, origin: ctx.origin, now });
    return true;
  });
}

/**
 * The outbox worker's part: builds the zip (once; a retry reuses it), stores it with a fresh link
 * token's hash and emails the link. A failed email throws, so the worker retries with a new token
 * (the old one never reached anybody). "expired" when there is nothing left to do.
 */
export async function prepareDataExport(
  db: Db,
  payload: DataExportPayload,
  now: Date,
): Promise<"sent" | "expired"> {
  const row = await findDataExport(db, payload.exportId);
  if (!row || row.downloadedAt || row.expiresAt <= now) return "expired";
  const user = await findUserById({ db }, row.userId);
  if (user?.status !== "ACTIVE") return "expired";
  const lang = toLocale(row.lang);
  const t = translator(lang);
  let file: DataExport | undefined =
    row.bytes && row.fileName ? { fileName: row.fileName, bytes: row.bytes } : undefined;
  if (!file) {
    // Built only while the session that asked is alive: signing out everywhere or changing the
    // password (what someone does when an account is at risk) stops an export in preparation.
    const live = await getLiveSession(db, payload.sessionId, now);
    if (live?.session.userId !== row.userId) return "expired";
    const { session } = live;
    const ctx: Ctx = {
      db,
      env: env(),
      clock: () => now,
      lang,
      t,
      log: logger.child({ dataExport: row.id }),
      ip: "",
      userAgent: "",
      origin: payload.origin,
      cookies: {},
      auth: { session, user, token: "", via: "worker" },
    };
    file = await buildExportZip(ctx);
  }
  const token = newToken();
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_MS);
  const isStored = await markExportReady(db, row.id, {
    tokenHash: sha256(token),
    fileName: file.fileName,
    bytes: file.bytes,
    readyAt: now,
    expiresAt,
  });
  if (!isStored) return "expired";
  const params = { link: `${payload.origin}${EXPORT_LINK_PATH}?token=${token}`, hours: 24 };
  // The adapter, not deliver(): a failure retries this row (new token), never a copy of the link.
  await sendMessage({
    channel: "EMAIL",
    to: user.email,
    lang,
    subject: t("notify.dataExportReady.subject"),
    text: t("notify.dataExportReady.email", params),
    template: "data_export_ready",
    params,
  });
  return "sent";
}

/** Why an emailed link gives no file. */
export type LinkRefusal = "invalid" | "used" | "expired" | "otherAccount";

/**
 * GET /account/profile/export?token=…: the file, once, within 24 hours, to the person it was
 * mailed to and signed in as them (a forwarded or leaked link alone is not enough, and another
 * person's click does not use it up). Writes the `data_exported` security event.
 */
export async function downloadByLink(
  ctx: Ctx,
  token: string,
): Promise<({ kind: "file" } & DataExport) | { kind: "refused"; reason: LinkRefusal }> {
  const { user } = requireAuth(ctx);
  const now = ctx.clock();
  const tokenHash = sha256(token);
  const used = await consumeExportLink(ctx.db, { tokenHash, userId: user.id, now });
  if (used?.bytes && used.fileName) {
    await dropExportBytes(ctx.db, used.id);
    await recordSecurityEvent(ctx, user.id, "data_exported", { bytes: used.bytes.length, via: "link" });
    return { kind: "file", fileName: used.fileName, bytes: used.bytes };
  }
  const row = await findExportByTokenHash(ctx.db, tokenHash);
  if (!row) return { kind: "refused", reason: "invalid" };
  if (row.userId !== user.id) return { kind: "refused", reason: "otherAccount" };
  if (row.downloadedAt) return { kind: "refused", reason: "used" };
  return { kind: "refused", reason: "expired" };
}

/** The sweeper's part (server.ts, every minute): rows whose link or preparation expired. */
export function sweepExpiredDataExports(db: Db, now: Date): Promise<number> {
  return deleteExpiredExports(db, now);
}
