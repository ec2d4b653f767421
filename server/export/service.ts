import "server-only";
import { strToU8, zipSync } from "fflate";
import { dayIn } from "@/lib/format";
import { consume } from "@/lib/rate-limit";
import { type Ctx, requireAuth } from "@/server/context";
import { recordSecurityEvent } from "@/server/security/service";
import { collectPersonalData } from "./collect";
import { renderSummary } from "./summary";

/** The download: its file name and the zip's bytes. */
export type DataExport = { fileName: string; bytes: Uint8Array };

/** The file names inside the zip (the e2e spec and the README name them too). */
export const EXPORT_FILES = { json: "personal-data.json", html: "summary.html" } as const;

/**
 * Profile → Your data: everything the portal holds about the signed-in person as one zip (the JSON
 * and a readable HTML summary in the request's language), a `data_exported` security event written.
 * Five downloads an hour per person (RATE_LIMITED): each one reads every table.
 */
export async function exportMyData(ctx: Ctx): Promise<DataExport> {
  const { user } = requireAuth(ctx);
  await consume("dataExportUser", user.id);
  const data = await collectPersonalData(ctx);
  const html = renderSummary(data, { lang: ctx.lang, timeZone: user.timezone });
  const now = ctx.clock();
  const mtime = now;
  const bytes = zipSync(
    {
      [EXPORT_FILES.json]: [strToU8(JSON.stringify(data, null, 2)), { mtime }],
      [EXPORT_FILES.html]: [strToU8(html), { mtime }],
    },
    { level: 6 },
  );
  await recordSecurityEvent(ctx, user.id, "data_exported", { bytes: bytes.length });
  return { fileName: `${fileStem(user.email)}-data-${dayIn(user.timezone, now)}.zip`, bytes };
}

/** A file-name-safe stem from the email's local part (`an.nguyen+x` → `an.nguyen-x`). */
function fileStem(email: string): string {
  const local = email.split("@")[0] ?? "";
  return local.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 40) || "account";
}
