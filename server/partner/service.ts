import "server-only";
import dayjs from "dayjs";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { newId } from "@/lib/ids";
import { listRange, type Page } from "@/lib/list-query";
import { findCustomerByEmail } from "@/server/affiliate/repository";
import { offeredPackages, partnerCredit } from "@/server/affiliate/rules";
import { type Ctx, requireAuth } from "@/server/context";
import { buyWithCredit } from "@/server/order/service";
import { enqueueEvent } from "@/server/outbox/service";
import { displayPackageCode, type PackageApp } from "@/server/package/schema";
import { forgetCachedSessions } from "@/server/session/service";
import { findUserById } from "@/server/user/repository";
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
  StoreDto,
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
export async function listStores(ctx: Ctx, input: z.output<typeof listStoreSchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const found = await findCustomerStores(ctx.db, user.id, {
    email: input.email || undefined,
    appCode: input.app_code,
    storeName: input.store_name || undefined,
    limit: input.limit,
    offset: input.offset,
  });
  const now = ctx.clock();
  const page: Page<StoreDto> = { items: found.items.map((r) => toStoreDto(r, now)), total: found.total };
  return { data: page };
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
): Promise<CallResult> {
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
  return { data: { items: packages.map(toPartnerPackage) } };
}

/** /partner/my-credit */
export async function myCredit(ctx: Ctx): Promise<CallResult> {
  const fresh = await findUserById(ctx.db, requireAuth(ctx).user.id);
  if (!fresh) throw new AppError("UNAUTHORIZED");
  const dto: PartnerCreditDto = {
    credit: Number(fresh.credit),
    credit_app: Number(fresh.creditApp),
    money: fresh.money,
  };
  return { data: dto };
}

/**
 * /partner/upgrade-store (SPEC §4, §9): an offered package for a customer's store, paid with
 * the partner's credit in one transaction; never below zero (INSUFFICIENT_CREDIT, nothing written).
 */
export async function upgradeStore(
  ctx: Ctx,
  input: z.output<typeof upgradeStoreSchema>,
): Promise<CallResult> {
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
  const bought = await ctx.db.transaction(async (tx) => {
    const result = await buyWithCredit(tx, ctx.env, {
      partnerId: partner.id,
      customerId: store.store.ownerId,
      appCode: input.app_code,
      storeId: store.store.storeId,
      storeName: store.store.name,
      packageCode: pkg.code,
      credit,
      now,
    });
    await enqueueEvent(tx, {
      appCode: input.app_code,
      type: "store.upgraded",
      data: {
        store_id: store.store.storeId,
        store_name: store.store.name,
        owner: { id: store.store.ownerId, email: store.ownerEmail },
        package_code: pkg.code,
        expires_at: result.expiresAt?.toISOString() ?? null,
        order_reference_no: result.order.referenceNo,
        partner_id: partner.id,
      },
      now,
    });
    return result;
  });
  await forgetCachedSessions({ userId: partner.id });
  await forgetCachedSessions({ userId: store.store.ownerId });
  return {
    message: "commerce.storeUpgraded",
    data: {
      store_id: store.store.storeId,
      package_code: pkg.code,
      expires_at: bought.expiresAt?.toISOString() ?? null,
      credit,
    },
  };
}

/**
 * /partner/active-store (SPEC §4): a STARTER store for a customer who has none in the app,
 * named as given or after the customer, paid with the partner's credit like an upgrade.
 */
export async function activateStore(
  ctx: Ctx,
  input: z.output<typeof activeStoreSchema>,
): Promise<CallResult> {
  const partner = requirePartner(ctx);
  const now = ctx.clock();
  const customer = await findCustomerByEmail(ctx.db, partner.id, input.email);
  if (!customer) throw new AppError("CUSTOMER_NOT_FOUND");
  if ((await countStoresOf(ctx.db, customer.id, input.app_code)) > 0) throw new AppError("STORE_EXISTS");
  const pkg = (await findAppPackages(ctx.db, input.app_code)).find((p) => p.code === input.pkg_name);
  if (!pkg) throw new AppError("PACKAGE_UNKNOWN", { params: { code: input.pkg_name, app: input.app_code } });
  const credit = partnerCredit(pkg.price, pkg.partnerDiscount);
  const storeId = `${input.app_code}-${newId().toLowerCase()}`;
  const storeName = input.store_name || customer.fullname || customer.email;
  const bought = await ctx.db.transaction(async (tx) => {
    const result = await buyWithCredit(tx, ctx.env, {
      partnerId: partner.id,
      customerId: customer.id,
      appCode: input.app_code,
      storeId,
      storeName,
      packageCode: pkg.code,
      credit,
      now,
    });
    await enqueueEvent(tx, {
      appCode: input.app_code,
      type: "store.activated",
      data: {
        store_id: storeId,
        store_name: storeName,
        owner: { id: customer.id, email: customer.email, phone: input.phone || customer.phone },
        package_code: pkg.code,
        expires_at: result.expiresAt?.toISOString() ?? null,
        order_reference_no: result.order.referenceNo,
        partner_id: partner.id,
      },
      now,
    });
    return result;
  });
  await forgetCachedSessions({ userId: partner.id });
  await forgetCachedSessions({ userId: customer.id });
  return {
    message: "commerce.storeActivated",
    data: { store_id: storeId, name: storeName, expires_at: bought.expiresAt?.toISOString() ?? null, credit },
  };
}

/** /partner/list-order-detail: a customer's order lines, by default from the first day of last month. */
export async function listOrderDetail(
  ctx: Ctx,
  input: z.output<typeof listOrderDetailSchema>,
): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  if (!input.email) return { data: { items: [], total: 0 } };
  const customer = await findCustomerByEmail(ctx.db, user.id, input.email);
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
  const page: Page<PartnerOrderLineDto> = {
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
  return { data: page };
}
