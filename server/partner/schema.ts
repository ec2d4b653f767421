// Partners (SPEC §2–§7, §9): customers' stores, activation and upgrades paid with partner credit.
// No server imports: the customer detail modal and its dialogs use these.
import { z } from "zod";
import { listQuerySchema } from "@/lib/list-query";
import { PACKAGE_APPS, type PackageApp } from "@/server/package/schema";

const appCode = z.string().trim().toLowerCase().pipe(z.enum(PACKAGE_APPS));

/** /partner/list-store (SPEC §7): store_name, app_code, limit 20, offset, email (the customer). */
export const listStoreSchema = listQuerySchema.extend({
  store_name: z.string().trim().max(200).optional(),
  app_code: appCode.optional(),
  email: z.string().trim().max(254).optional(),
});

export type StoreDto = {
  _id: string;
  store_id: string;
  name: string;
  app_code: PackageApp;
  package_code: string | null;
  /** SPEC §3 display code (PREMIUM_5 → BUSSINESS_3). */
  display_code: string | null;
  package_name: string | null;
  activated_at: string | null;
  expires_at: string | null;
  created_at: string;
  is_expired: boolean;
  owner: { email: string; fullname: string };
};

/** /partner/list-package: the app's packages with the credit a partner pays; `store` narrows to the offered ones. */
export const listPartnerPackageSchema = z.object({
  app_code: appCode,
  store: z.string().trim().min(1).max(64).optional(),
});

export type PartnerPackageDto = {
  code: string;
  display_code: string;
  name: string;
  months: number;
  bonus_months: number;
  price: number;
  priority: number;
  partner_discount: number;
  /** SPEC §9: floor(price × discount% / 100 / 1000), or price / 1000 without a discount. */
  credit: number;
};

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

export type PartnerOrderLineDto = {
  _id: string;
  order_id: string;
  reference_no: string;
  created_at: string;
  store_name: string;
  app_code: string;
  package_code: string;
  display_code: string;
  package_name: string;
  months: number;
  bonus_months: number;
  total: number;
  /** Partner credit spent on the order, 0 when the customer paid. */
  credit: number;
  status: string;
};

export type PartnerCreditDto = { credit: number; credit_app: number; money: number };
