// The package catalog (DESIGN §10): the list call's input, its rows, the catalog file the
// operator imports, and SPEC §3's display remap. No server imports: screens use them.
import { z } from "zod";
import { listQuerySchema, pageDto, sortSchema } from "@/lib/list-query";

/**
 * SPEC §9's package apps: the defaults. Any app code configured in APPS_CONFIG is an app as well
 * (issue 25: a product is configuration, not code), so the wire type is a code's shape, and the
 * server checks that it names a configured app (server/package/apps.ts).
 */
export const PACKAGE_APPS = ["lp", "luid", "ls", "la"] as const;
export type PackageApp = string;
/** What an app code looks like: lower case, 2–20 letters, digits, `_` or `-`. */
export const APP_CODE_PATTERN = /^[a-z][a-z0-9_-]{1,19}$/;

export const COMMISSION_TYPES = ["percent", "fixed"] as const;

const appCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(APP_CODE_PATTERN, { error: "app_code: 2–20 lower-case letters, digits, _ or -" });

/** /package/list (no auth, SPEC §7): limit, offset, app_code, name, status. */
export const packageListSchema = listQuerySchema.extend({
  app_code: appCode.optional(),
  name: z.string().trim().max(100).optional(),
  /** SPEC sends `status: true` (active only); false lists the inactive ones. */
  status: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).default(true),
  sort: sortSchema(["name", "description", "price", "created_at"]),
});
export type PackageListInput = z.input<typeof packageListSchema>;

export const packageDto = z.object({
  _id: z.string(),
  app_code: z.string().describe("The app's code: SPEC's lp, luid, ls, la, or one APPS_CONFIG adds"),
  code: z.string().describe("What /order/create's lines name (package_code)"),
  /** SPEC §3 display name of the code (PREMIUM_5 → BUSSINESS_3, …). */
  display_code: z.string().describe("SPEC §3 display name of the code (PREMIUM_5 → BUSSINESS_3, …)"),
  name: z.string(),
  description: z.string(),
  months: z.number().int().describe("One term; an order line buys whole terms"),
  price: z.number().int().describe("VND per term"),
  priority: z.number().int(),
  partner_discount: z.number().describe("Percent"),
  bonus_months: z.number().int().describe("Per term"),
  commission_type: z.enum(COMMISSION_TYPES),
  commission_value: z.number(),
  status: z.boolean().describe("Active"),
  created_at: z.iso.datetime(),
});
export type PackageDto = z.infer<typeof packageDto>;

export const packagePageDto = pageDto(packageDto);

/** One package of the catalog file (`npm run admin -- packages export|import`). */
export const catalogPackageSchema = z
  .object({
    app_code: appCode,
    code: z
      .string()
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{1,39}$/, "code must be UPPER_SNAKE (e.g. PREMIUM_5)"),
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500).default(""),
    months: z.number().int().min(1).max(36),
    price: z.number().int().min(0).max(10_000_000_000),
    priority: z.number().int().min(0).max(1000),
    partner_discount: z.number().int().min(0).max(100).default(0),
    bonus_months: z.number().int().min(0).max(36).default(0),
    commission_type: z.enum(COMMISSION_TYPES).default("percent"),
    commission_value: z.number().min(0).max(10_000_000_000).default(0),
    active: z.boolean().default(true),
  })
  .strict()
  .refine((p) => p.commission_type !== "percent" || p.commission_value <= 100, {
    message: "a percent commission is at most 100",
    path: ["commission_value"],
  });
export type CatalogPackage = z.output<typeof catalogPackageSchema>;

export const catalogSchema = z.array(catalogPackageSchema).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((p, i) => {
    const key = `${p.app_code}/${p.code}`;
    if (seen.has(key)) ctx.addIssue({ code: "custom", message: `duplicate package ${key}`, path: [i] });
    seen.add(key);
  });
});

/** SPEC §3 display remap: PREMIUM_5 → BUSSINESS_3, PREMIUM_10 → BUSSINESS_10, PREMIUM_20 → BUSSINESS_20, other PREMIUM* → BUSSINESS. */
export function displayPackageCode(code: string): string {
  const remap: Record<string, string> = {
    PREMIUM_5: "BUSSINESS_3",
    PREMIUM_10: "BUSSINESS_10",
    PREMIUM_20: "BUSSINESS_20",
  };
  const upper = code.toUpperCase();
  if (remap[upper]) return remap[upper];
  if (upper.startsWith("PREMIUM")) return "BUSSINESS";
  return code;
}

/**
 * A package code as words for people ("Business 3", "Pro", "Enterprise"): SPEC §3's display
 * remap, then its words in title case; the remap's spelling BUSSINESS reads "Business". The
 * wire keeps the codes (`code`, `display_code`); only screens and exports use this.
 */
export function packageDisplayName(code: string): string {
  return displayPackageCode(code)
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => {
      const upper = word.toUpperCase();
      if (upper === "BUSSINESS") return "Business";
      return upper.charAt(0) + upper.slice(1).toLowerCase();
    })
    .join(" ");
}
