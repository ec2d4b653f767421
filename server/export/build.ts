import "server-only";
import { strToU8, zipSync } from "fflate";
import { dayIn } from "@/lib/format";
import type { PersonCtx } from "@/server/context";
import { getCurrentUser } from "@/server/user/service";
import { collectPersonalData } from "./collect";
import { renderSummary } from "./summary";

/** The download: its file name and the zip's bytes. */
export type DataExport = { fileName: string; bytes: Uint8Array };

/** The file names inside the zip (the e2e spec and the README name them too). */
export const EXPORT_FILES = { json: "personal-data.json", html: "summary.html" } as const;

/**
 * The zip of everything the portal holds about `ctx.auth`'s person: the JSON and a readable HTML
 * summary in `ctx.lang`. Used by the direct download and by the outbox worker alike.
 */
export async function buildExportZip(ctx: PersonCtx): Promise<DataExport> {
  const user = await getCurrentUser(ctx);
  const data = await collectPersonalData(ctx);
  const html = renderSummary(data, { lang: ctx.lang, timeZone: user.timezone });
  const mtime = ctx.clock();
  const bytes = zipSync(
    {
      [EXPORT_FILES.json]: [strToU8(JSON.stringify(data, null, 2)), { mtime }],
      [EXPORT_FILES.html]: [strToU8(html), { mtime }],
    },
    { level: 6 },
  );
  return { fileName: `${fileStem(user.email)}-data-${dayIn(user.timezone, mtime)}.zip`, bytes };
}

/** A file-name-safe stem from the email's local part (`an.nguyen+x` → `an.nguyen-x`). */
function fileStem(email: string): string {
  const local = email.split("@")[0] ?? "";
  return local.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 40) || "account";
}
