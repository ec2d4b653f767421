// Partners (SPEC §2–§7, §9): customers' stores, activation and upgrades paid with partner credit.
// No server imports: the customer detail modal and its dialogs use these.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";
import { APP_CODE_PATTERN } from "@/server/package/schema";

/** Any configured app (SPEC's four by default, and what APPS_CONFIG adds; checked by the service). */
const appCode = z.string().trim().toLowerCase().regex(APP_CODE_PATTERN);

/** /partner/list-store (SPEC §7): store_name, app_code, limit 20, offset, email (the customer). */
export const listStoreSchema = listQuerySchema.extend({
  store_name: z.string().trim().max(200).optional(),
  app_code: appCode.optional(),
  email: z.string().trim().max(254).optional(),
});

export const storeDto = z.object({
  _id: z.string(),
  store_id: z.string(),
  name: z.string(),
  app_code: z.string(),
  package_code: z.string().nullable(),
  /** SPEC §3 display code (PREMIUM_5 → BUSSINESS_3). */
  display_code: z.string().nullable().describe("SPEC §3 display code (PREMIUM_5 → BUSSINESS_3)"),
  package_name: z.string().nullable(),
  activated_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  is_expired: z.boolean(),
  owner: z.object({ email: z.string(), fullname: z.string() }),
});
export type StoreDto = z.infer<typeof storeDto>;

export const storePageDto = pageDto(storeDto);

/** /partner/list-package: the app's packages with the credit a partner pays; `store` narrows to the offered ones. */
export const listPartnerPackageSchema = z.object({
  app_code: appCode,
  store: z.string().trim().min(1).max(64).optional(),
});

export const partnerPackageDto = z.object({
  code: z.string(),
  display_code: z.string(),
  name: z.string(),
  months: z.number().int(),
  bonus_months: z.number().int(),
  price: z.number().int().describe("VND"),
  priority: z.number().int(),
  partner_discount: z.number().describe("Percent"),
  /** SPEC §9: floor(price × discount% / 100 / 1000), or price / 1000 without a discount. */
  credit: z
    .number()
    .describe("Partner credit it costs: floor(price × discount% / 100 / 1000), or price / 1000"),
});
export type PartnerPackageDto = z.infer<typeof partnerPackageDto>;

export const partnerPackagesDto = z.object({ items: z.array(partnerPackageDto) });

/** /partner/upgrade-store's answer. */
export const storeUpgradedDto = z.object({
  store_id: z.string(),
  package_code: z.string(),
  expires_at: z.iso.datetime().nullable(),
  credit: z.number().describe("Partner credit spent"),
});
export type StoreUpgradedDto = z.infer<typeof storeUpgradedDto>;

/** /partner/active-store's answer. */
export const storeActivatedDto = z.object({
  store_id: z.string(),
  name: z.string(),
  expires_at: z.iso.datetime().nullable(),
  credit: z.number().describe("Partner credit spent"),
});
export type StoreActivatedDto = z.infer<typeof storeActivatedDto>;

/** /partner/upgrade-store (SPEC §7): store (the store's _id), package (code), app_code. */
export const upgradeStoreSchema = z.object({
  store: z.string().trim().min(1).max(64),
  package: z.string().trim().min(1).max(40),
  app_code: appCode,
});

/** /partner/active-store (SPEC §7): pkg_name STARTER, app_code, phone, email, store_name (blank = the customer's name). */
export const activeStoreSchema = z.object({
  pkg_name: z.literal("STARTER").default("STARTER"),
  app_code: appCode,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "validation.email" })),
  phone: z.string().trim().max(20).optional(),
  store_name: z.string().trim().max(200).optional(),
  credit_app: z.unknown().optional(),
});

/** /partner/list-order-detail: a customer's order lines (from the first day of last month to now by default). */
export const listOrderDetailSchema = listQuerySchema.extend({
  email: z.string().trim().max(254).optional(),
  app_code: appCode.optional(),
});

export const partnerOrderLineDto = z.object({
  _id: z.string(),
  order_id: z.string(),
  reference_no: z.string(),
  created_at: z.iso.datetime(),
  store_name: z.string(),
  app_code: z.string(),
  package_code: z.string(),
  display_code: z.string(),
  package_name: z.string(),
  months: z.number().int(),
  bonus_months: z.number().int(),
  total: z.number().int(),
  /** Partner credit spent on the order, 0 when the customer paid. */
  credit: z.number().describe("Partner credit spent on the order, 0 when the customer paid"),
  status: z.string(),
});
export type PartnerOrderLineDto = z.infer<typeof partnerOrderLineDto>;

export const partnerOrderLinePageDto = pageDto(partnerOrderLineDto);

export const partnerCreditDto = z.object({
  credit: z.number().describe("Partner credit"),
  credit_app: z.number().describe("API credit"),
  money: z.number().int().describe("VND"),
});
export type PartnerCreditDto = z.infer<typeof partnerCreditDto>;
