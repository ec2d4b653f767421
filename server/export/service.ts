import "server-only";
import { AppError } from "@/lib/errors";
import { translator } from "@/lib/i18n";
import type { Locale } from "@/lib/locales";
import { consume } from "@/lib/rate-limit";
import { type Ctx, requireAuth } from "@/server/context";
import { recordSecurityEvent } from "@/server/security/service";
import { findUserByEmail } from "@/server/user/service";
import { queueDataExport } from "./background";
import { buildExportZip, type DataExport } from "./build";
import { countGrowingRows } from "./repository";

export { type DataExport, EXPORT_FILES } from "./build";

/** A direct download, or a large export queued (or already queued) to be emailed as a link. */
export type DataExportOutcome =
  | ({ kind: "file" } & DataExport)
  | { kind: "queued"; isAlreadyQueued: boolean };

/**
 * Profile → Your data: everything the portal holds about the signed-in person as one zip (the JSON
 * and a readable HTML summary in the request's language), a `data_exported` security event written.
 * Above DATA_EXPORT_INLINE_MAX_ROWS growing rows the zip is built in the background and its link
 * emailed (./background.ts); one such export is open per person at a time.
 * Five requests an hour per person (RATE_LIMITED): each one reads every table.
 */
export async function exportMyData(ctx: Ctx): Promise<DataExportOutcome> {
  const { user } = requireAuth(ctx);
  await consume("dataExportUser", user.id);
  if ((await countGrowingRows(ctx.db, user.id)) > ctx.env.DATA_EXPORT_INLINE_MAX_ROWS) {
    return { kind: "queued", isAlreadyQueued: !(await queueDataExport(ctx)) };
  }
  const file = await buildExportZip(ctx);
  await recordSecurityEvent(ctx, user.id, "data_exported", { bytes: file.bytes.length });
  return { kind: "file", ...file };
}

/**
 * The operator tool's export (a support request: `npm run admin -- export-account`): the same zip
 * the person would download, built for the account the request names, with a `data_exported`
 * security event that says which operator made it.
 */
export async function exportAccountByOperator(
  ctx: Pick<Ctx, "db" | "env" | "clock" | "ip" | "userAgent" | "origin">,
  options: { email: string; operator: string; lang: Locale },
): Promise<DataExport> {
  const user = await findUserByEmail(ctx, options.email);
  if (!user) throw new AppError("USER_NOT_FOUND", { params: { email: options.email } });
  const file = await buildExportZip({
    ...ctx,
    lang: options.lang,
    t: translator(options.lang),
    auth: { user },
  });
  await recordSecurityEvent(ctx, user.id, "data_exported", {
    bytes: file.bytes.length,
    by: options.operator,
  });
  return file;
}
