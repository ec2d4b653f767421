import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Ctx, requireAuth } from "@/server/context";
import { defineCall } from "@/server/http/call";
import { isProvedOperator } from "@/server/http/caller";
import { requireRecentReauth } from "@/server/passkey/reauth";
import { type AffiliateInfoDto, emptySchema } from "@/server/user/schema";
import { listAffiliates, saveAffiliateRecord, setAffiliateLevelOf } from "./affiliates";
import { consoleOperator } from "./audit";
import { exportCatalogFile, importCatalogFile, listCatalog, previewCatalog } from "./packages";
import {
  adminPackageListSchema,
  adminPackagePageDto,
  affiliateChangedDto,
  affiliateListSchema,
  affiliatePageDto,
  type affiliateRecordSchema,
  catalogExportDto,
  catalogImportedDto,
  catalogPreviewDto,
  catalogUploadSchema,
  setAffiliateLevelSchema,
} from "./programme-schema";
import { ADMIN_REAUTH_MAX_AGE_SECONDS } from "./schema";

// DESIGN §13: the console's programme calls (auth mode "admin": the scope and a sign-in that
// proved the second factor). Money actions also want a re-authentication within 15 minutes:
// - set-level: it changes the rate every future commission of the affiliate is paid at;
// - import: it changes prices, partner discounts and commission terms of the whole catalog.
// Reading, exporting and previewing change nothing and want none.

const reauthenticated = (ctx: Ctx) => requireRecentReauth(ctx, ADMIN_REAUTH_MAX_AGE_SECONDS);

export const adminProgrammeCalls = {
  "/admin/affiliates/list": defineCall({
    auth: "admin",
    summary:
      "Operator: affiliates with level, code, customers and their commissions earned, unpaid, invoiced and paid",
    input: affiliateListSchema,
    output: affiliatePageDto,
    run: async (ctx, input) => ({ data: await listAffiliates(ctx, input) }),
  }),
  "/admin/affiliates/set-level": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: set the level (1–4) an affiliate's future commissions are paid at",
    input: setAffiliateLevelSchema,
    output: affiliateChangedDto,
    errors: ["PERSON_NOT_FOUND", "NOT_AFFILIATE", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await setAffiliateLevelOf(consoleOperator(ctx), input) };
    },
  }),
  "/admin/packages/list": defineCall({
    auth: "admin",
    summary: "Operator: every app's packages, active or not, with prices and commission terms",
    input: adminPackageListSchema,
    output: adminPackagePageDto,
    run: async (ctx, input) => ({ data: await listCatalog(ctx, input) }),
  }),
  "/admin/packages/export": defineCall({
    auth: "admin",
    summary: "Operator: the catalog file (as `npm run admin -- packages export` prints it)",
    input: emptySchema,
    output: catalogExportDto,
    run: async (ctx) => ({ data: await exportCatalogFile(ctx) }),
  }),
  "/admin/packages/preview": defineCall({
    auth: "admin",
    summary: "Operator: check a catalog file and tell what importing it would change; writes nothing",
    input: catalogUploadSchema,
    output: catalogPreviewDto,
    run: async (ctx, input) => ({ data: await previewCatalog(ctx.db, input) }),
  }),
  "/admin/packages/import": defineCall({
    auth: "admin",
    portalSessionOnly: true,
    summary: "Operator: write a catalog file whole, or nothing when any package of it is wrong",
    input: catalogUploadSchema,
    output: catalogImportedDto,
    errors: ["CATALOG_INVALID", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await reauthenticated(ctx);
      return { data: await importCatalogFile(consoleOperator(ctx), input) };
    },
  }),
};

/**
 * DESIGN §13's operator reading of /affilate/create and /affilate/update: a `user_id` (or a
 * `level`, which only operators set) makes the call an operator's, acting on the affiliate record
 * of that person (the caller's own without `user_id`), re-authenticated and audited. It is refused
 * to anyone else rather than read as their own: it would change the wrong record. Answers null for
 * the person's own call (neither field), which the self-service path answers.
 */
export async function operatorAffiliateRecord(
  ctx: Ctx,
  input: z.output<typeof affiliateRecordSchema>,
  mode: "create" | "update",
): Promise<AffiliateInfoDto | null> {
  if (input.user_id === undefined && input.level === undefined) return null;
  const { user } = requireAuth(ctx);
  if (!isProvedOperator(ctx.auth)) {
    throw new AppError(user.scope === "admin" ? "ADMIN_2FA_REQUIRED" : "ADMIN_REQUIRED");
  }
  await reauthenticated(ctx);
  const userId = input.user_id ?? user.id;
  return saveAffiliateRecord(ctx, consoleOperator(ctx), { ...input, user_id: userId }, mode);
}
