// The operator console's programmes (/admin/affiliates, /admin/packages, DESIGN §13): inputs the
// pages' forms share with the handlers, and the answers. No server imports: the screens read it.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";
import { MSG, optionalText, text } from "@/lib/validation";
import { APP_CODE_PATTERN, catalogPackageSchema, packageDto } from "@/server/package/schema";
import { updateAffiliateInfoSchema } from "@/server/user/schema";

const rowId = text({ min: 1, max: 64 });
const iso = z.iso.datetime();

// Affiliates

/**
 * An affiliate's level: the row of AFFILIATE_LEVEL_RATES (lib/env.ts, always 4 rows) their
 * commissions are paid at; everyone joins at 1.
 */
export const AFFILIATE_LEVELS = [1, 2, 3, 4] as const;
const TOP_LEVEL = 4;
/** The levels as a list filter's values (the address carries text). */
export const AFFILIATE_LEVEL_FILTERS = ["1", "2", "3", "4"] as const;

export const affiliateLevel = z.coerce
  .number({ error: () => MSG.invalidType })
  .int({ error: MSG.invalidType })
  .min(1, { error: MSG.invalidType })
  .max(TOP_LEVEL, { error: MSG.invalidType });

/** /admin/affiliates/list: `q` is part of an email or name, or a code; the days are when they joined. */
export const affiliateListSchema = listQuerySchema.extend({
  q: optionalText(254),
  level: z.enum(AFFILIATE_LEVEL_FILTERS).optional(),
});

export const affiliateRowDto = z.object({
  _id: z.string(),
  id: z.string().describe("The person's account id"),
  email: z.string(),
  fullname: z.string(),
  code: z.string().describe("The referral / affiliate code customers sign up with"),
  level: z.number().int(),
  joined_at: iso,
  customers: z.number().int().describe("People who signed up with the code"),
  paying_customers: z.number().int().describe("Of them, those with at least one paid order"),
  earned: z.number().describe("Every commission not voided, VND"),
  unpaid: z.number().describe("Earned, not yet on an invoice"),
  invoiced: z.number().describe("On an invoice not yet paid"),
  paid: z.number().describe("Paid out"),
});
export type AffiliateRowDto = z.infer<typeof affiliateRowDto>;
export const affiliatePageDto = pageDto(affiliateRowDto);

export const setAffiliateLevelSchema = z.object({
  id: rowId,
  level: affiliateLevel,
  note: optionalText(500),
});
export type SetAffiliateLevelInput = z.input<typeof setAffiliateLevelSchema>;

export const affiliateChangedDto = z.object({ affiliate: affiliateRowDto, audit_id: z.string() });

/**
 * /affilate/create and /affilate/update (DESIGN §13): the person's own payment information, or —
 * for an operator — the affiliate record of the person `user_id` names, with a level if given.
 */
export const affiliateRecordSchema = updateAffiliateInfoSchema.extend({
  user_id: rowId.optional(),
  level: affiliateLevel.optional(),
});

// The package catalog

export const PACKAGE_STATUS_FILTERS = ["active", "inactive"] as const;

/** /admin/packages/list: the whole catalog, active or not; `q` is part of a code or a name. */
export const adminPackageListSchema = listQuerySchema.extend({
  app_code: z.string().trim().toLowerCase().regex(APP_CODE_PATTERN).optional(),
  q: optionalText(100),
  status: z.enum(PACKAGE_STATUS_FILTERS).optional(),
});
export const adminPackagePageDto = pageDto(packageDto);

/** The catalog file: what `npm run admin -- packages export` prints and `packages import` reads. */
export const catalogFileDto = z.array(catalogPackageSchema);
export const catalogExportDto = z.object({
  catalog: catalogFileDto,
  file_name: z.string().describe("A name to save it under: packages-<date>.json"),
});

/**
 * /admin/packages/preview and /admin/packages/import: the file's JSON as it is; the import's own
 * rules check it (server/package/service.ts checkCatalog) so that every problem is named at once.
 */
export const catalogUploadSchema = z.object({
  catalog: z.unknown().refine((v) => v !== undefined, { message: MSG.required }),
  file_name: optionalText(200),
});
export type CatalogUploadInput = z.input<typeof catalogUploadSchema>;

const fieldValue = z.union([z.string(), z.number(), z.boolean()]);

/** What an import of the file would do (or did): by (app, code); packages absent from it stay. */
export const catalogChangesDto = z.object({
  added: z.array(catalogPackageSchema),
  changed: z.array(
    z.object({
      app_code: z.string(),
      code: z.string(),
      name: z.string(),
      fields: z.array(z.object({ field: z.string(), before: fieldValue, after: fieldValue })),
    }),
  ),
  unchanged: z.array(z.string()).describe("app/code of the file's packages already as it says"),
  kept: z
    .array(z.string())
    .describe("app/code of packages the file leaves out: the import keeps them as they are"),
});
export type CatalogChangesDto = z.infer<typeof catalogChangesDto>;

/** The preview: every problem of the file (nothing would be written), or what it would change. */
export const catalogPreviewDto = catalogChangesDto.extend({
  ok: z.boolean(),
  errors: z.array(z.string()),
});
export type CatalogPreviewDto = z.infer<typeof catalogPreviewDto>;

export const catalogImportedDto = catalogChangesDto.extend({
  count: z.number().int().describe("Packages in the file, written"),
  audit_id: z.string(),
});
export type CatalogImportedDto = z.infer<typeof catalogImportedDto>;
