import "server-only";
import dayjs from "dayjs";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { listRange, type Page } from "@/lib/list-query";
import { offeredPackages, partnerCredit } from "@/server/affiliate/rules";
import { findReferredCustomer } from "@/server/affiliate/service";
import { type Ctx, requireAuth } from "@/server/context";
import { buyWithCredit, type CreditPurchase } from "@/server/order/service/buy-with-credit";
import { enqueueEvent } from "@/server/outbox/service";
import { displayPackageCode, type PackageApp } from "@/server/package/schema";
import { forgetCachedSessions } from "@/server/session/service";
import { findUserById } from "@/server/user/service";
import {
  countStoresOf,
  findAppPackages,
  findCustomerOrderLines,
  findCustomerStores,
  findStoreOfCustomer,
  type StoreWithOwner,
} from "./repository";
import type {
  activeStoreSchema,
  listOrderDetailSchema,
  listPartnerPackageSchema,
  listStoreSchema,
  PartnerCreditDto,
  PartnerOrderLineDto,
  PartnerPackageDto,
  StoreActivatedDto,
  StoreDto,
  StoreUpgradedDto,
  upgradeStoreSchema,
} from "./schema";

function toStoreDto(row: StoreWithOwner, now: Date): StoreDto {
  const s = row.store;
  return {
    _id: s.id,
    store_id: s.storeId,
    name: s.name,
    app_code: s.appCode as PackageApp,
    package_code: s.packageCode,
    display_code: s.packageCode ? displayPackageCode(s.packageCode) : null,
    package_name: row.packageName,
    activated_at: s.activatedAt?.toISOString() ?? null,
    expires_at: s.expiresAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    is_expired: !s.expiresAt || s.expiresAt <= now,
    owner: { email: row.ownerEmail, fullname: row.ownerName },
  };
}

function requirePartner(ctx: Ctx) {
  const { user } = requireAuth(ctx);
  if (!user.isPartner) throw new AppError("NOT_PARTNER");
  return user;
}

/** /partner/list-store: the stores of the person's customers (affiliates and partners). */
export async function listStores(ctx: Ctx, input: z.output<typeof listStoreSchema>): Promise<Page<StoreDto>> {
  const { user } = requireAuth(ctx);
  const found = await findCustomerStores(ctx.db, user.id, {
    email: input.email || undefined,
    appCode: input.app_code,
    storeName: input.store_name || undefined,
    limit: input.limit,
    offset: input.offset,
  });
  const now = ctx.clock();
  return { items: found.items.map((r) => toStoreDto(r, now)), total: found.total };
}

function toPartnerPackage(p: Awaited<ReturnType<typeof findAppPackages>>[number]): PartnerPackageDto {
  return {
    code: p.code,
    display_code: displayPackageCode(p.code),
    name: p.name,
    months: p.months,
    bonus_months: p.bonusMonths,
    price: p.price,
    priority: p.priority,
    partner_discount: p.partnerDiscount,
    credit: partnerCredit(p.price, p.partnerDiscount),
  };
}

/** /partner/list-package: the app's packages with their credit; for a store, only those SPEC §4 offers. */
export async function listPartnerPackages(
  ctx: Ctx,
  input: z.output<typeof listPartnerPackageSchema>,
): Promise<{ items: PartnerPackageDto[] }> {
  const user = requirePartner(ctx);
  let packages = await findAppPackages(ctx.db, input.app_code);
  if (input.store) {
    const store = await findStoreOfCustomer(ctx.db, user.id, input.store);
    if (!store || store.store.appCode !== input.app_code) throw new AppError("STORE_NOT_FOUND");
    packages = offeredPackages(
      packages,
      { priority: store.priority, expiresAt: store.store.expiresAt },
      ctx.clock(),
    );
  }
  return { items: packages.map(toPartnerPackage) };
}

/** /partner/my-credit */
export async function myCredit(ctx: Ctx): Promise<PartnerCreditDto> {
  const fresh = await findUserById(ctx, requireAuth(ctx).user.id);
  if (!fresh) throw new AppError("UNAUTHORIZED");
  return { credit: Number(fresh.credit), credit_app: Number(fresh.creditApp), money: fresh.money };
}

/**
 * A package for a customer's store paid with the partner's credit, and the store's app told
 * (`store.upgraded`, `store.activated`), in one transaction; both people's cached sessions are
 * forgotten after. Answers the store's new expiry.
 */
async function sellToCustomer(
  ctx: Ctx,
  sale: Omit<CreditPurchase, "customerId"> & {
    event: "store.upgraded" | "store.activated";
    owner: { id: string; email: string; phone?: string | null };
  },
): Promise<string | null> {
  const { event, owner, ...purchase } = sale;
  const bought = await ctx.db.transaction(async (tx) => {
    const result = await buyWithCredit(tx, ctx.env, { ...purchase, customerId: owner.id });
    await enqueueEvent(tx, {
      appCode: sale.appCode,
      type: event,
      data: {
        store_id: sale.storeId,
        store_name: sale.storeName,
        owner,
        package_code: sale.packageCode,
        expires_at: result.expiresAt?.toISOString() ?? null,
        order_reference_no: result.order.referenceNo,
        partner_id: sale.partnerId,
      },
      now: sale.now,
    });
    return result;
  });
  await forgetCachedSessions({ userId: sale.partnerId });
  await forgetCachedSessions({ userId: sale.owner.id });
  return bought.expiresAt?.toISOString() ?? null;
}

/**
 * /partner/upgrade-store (SPEC §4, §9): an offered package for a customer's store, paid with
 * the partner's credit in one transaction; never below zero (INSUFFICIENT_CREDIT, nothing written).
 */
export async function upgradeStore(
  ctx: Ctx,
  input: z.output<typeof upgradeStoreSchema>,
): Promise<StoreUpgradedDto> {
  const partner = requirePartner(ctx);
  const now = ctx.clock();
  const store = await findStoreOfCustomer(ctx.db, partner.id, input.store);
  if (!store || store.store.appCode !== input.app_code) throw new AppError("STORE_NOT_FOUND");
  const offered = offeredPackages(
    await findAppPackages(ctx.db, input.app_code),
    { priority: store.priority, expiresAt: store.store.expiresAt },
    now,
  );
  const pkg = offered.find((p) => p.code === input.package.toUpperCase());
  if (!pkg) throw new AppError("PACKAGE_NOT_OFFERED");
  const credit = partnerCredit(pkg.price, pkg.partnerDiscount);
  const expiresAt = await sellToCustomer(ctx, {
    event: "store.upgraded",
    partnerId: partner.id,
    owner: { id: store.store.ownerId, email: store.ownerEmail },
    appCode: input.app_code,
    storeId: store.store.storeId,
    storeName: store.store.name,
    packageCode: pkg.code,
    credit,
    now,
  });
  return { store_id: store.store.storeId, package_code: pkg.code, expires_at: expiresAt, credit };
}

/**
 * /partner/active-store (SPEC §4): a STARTER store for a customer who has none in the app,
 * named as given or after the customer, paid with the partner's credit like an upgrade.
 */
export async function activateStore(
  ctx: Ctx,
  input: z.output<typeof activeStoreSchema>,
): Promise<StoreActivatedDto> {
  const partner = requirePartner(ctx);
  const now = ctx.clock();
  const customer = await findReferredCustomer(ctx.db, partner.id, input.email);
  if (!customer) throw new AppError("CUSTOMER_NOT_FOUND");
  if ((await countStoresOf(ctx.db, customer.id, input.app_code)) > 0) throw new AppError("STORE_EXISTS");
  const pkg = (await findAppPackages(ctx.db, input.app_code)).find((p) => p.code === input.pkg_name);
  if (!pkg) throw new AppError("PACKAGE_UNKNOWN", { params: { code: input.pkg_name, app: input.app_code } });
  const credit = partnerCredit(pkg.price, pkg.partnerDiscount);
  const storeId = `${input.app_code}-${newId().toLowerCase()}`;
  const storeName = input.store_name || customer.fullname || customer.email;
  const expiresAt = await sellToCustomer(ctx, {
    event: "store.activated",
    partnerId: partner.id,
    owner: { id: customer.id, email: customer.email, phone: input.phone || customer.phone },
    appCode: input.app_code,
    storeId,
    storeName,
    packageCode: pkg.code,
    credit,
    now,
  });
  return { store_id: storeId, name: storeName, expires_at: expiresAt, credit };
}

/** /partner/list-order-detail: a customer's order lines, by default from the first day of last month. */
export async function listOrderDetail(
  ctx: Ctx,
  input: z.output<typeof listOrderDetailSchema>,
): Promise<Page<PartnerOrderLineDto>> {
  const { user } = requireAuth(ctx);
  if (!input.email) return { items: [], total: 0 };
  const customer = await findReferredCustomer(ctx.db, user.id, input.email);
  if (!customer) throw new AppError("CUSTOMER_NOT_FOUND");
  const range = listRange(input, user.timezone);
  const now = ctx.clock();
  const found = await findCustomerOrderLines(ctx.db, customer.id, {
    appCode: input.app_code,
    from: range.from ?? dayjs(now).subtract(1, "month").startOf("month").toDate(),
    to: range.to ?? now,
    limit: input.limit,
    offset: input.offset,
  });
  return {
    items: found.items.map(({ line, order }) => ({
      _id: line.id,
      order_id: order.id,
      reference_no: order.referenceNo,
      created_at: order.createdAt.toISOString(),
      store_name: line.storeName,
      app_code: line.appCode,
      package_code: line.packageCode,
      display_code: displayPackageCode(line.packageCode),
      package_name: line.packageName,
      months: line.months,
      bonus_months: line.bonusMonths,
      total: line.subtotal,
      credit: Number(order.credit),
      status: order.status,
    })),
    total: found.total,
  };
}
