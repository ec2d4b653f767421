// The package catalog (DESIGN §10): the list call's input, its rows, the catalog file the
// operator imports, and SPEC §3's display remap. No server imports: screens use them.
import { z } from "zod";
import { listQuerySchema, sortSchema } from "@/lib/list-query";

/** SPEC §9 package apps. */
export const PACKAGE_APPS = ["lp", "luid", "ls", "la"] as const;
export type PackageApp = (typeof PACKAGE_APPS)[number];

export const COMMISSION_TYPES = ["percent", "fixed"] as const;

const appCode = z.string().trim().toLowerCase().pipe(z.enum(PACKAGE_APPS));

/** /package/list (no auth, SPEC §7): limit, offset, app_code, name, status. */
export const packageListSchema = listQuerySchema.extend({
  app_code: appCode.optional(),
  name: z.string().trim().max(100).optional(),
  /** SPEC sends `status: true` (active only); false lists the inactive ones. */
  status: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).default(true),
  sort: sortSchema(["name", "description", "price", "created_at"]),
});
export type PackageListInput = z.input<typeof packageListSchema>;

export type PackageDto = {
  _id: string;
  app_code: PackageApp;
  code: string;
  /** SPEC §3 display name of the code (PREMIUM_5 → BUSSINESS_3, …). */
  display_code: string;
  name: string;
  description: string;
  months: number;
  price: number;
  priority: number;
  partner_discount: number;
  bonus_months: number;
  commission_type: (typeof COMMISSION_TYPES)[number];
  commission_value: number;
  status: boolean;
  created_at: string;
};

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
