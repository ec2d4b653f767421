import "server-only";
import { defineCall } from "@/server/http/call";
import { emptySchema } from "@/server/user/schema";
import {
  activeStoreSchema,
  listOrderDetailSchema,
  listPartnerPackageSchema,
  listStoreSchema,
  partnerCreditDto,
  partnerOrderLinePageDto,
  partnerPackagesDto,
  storeActivatedDto,
  storePageDto,
  storeUpgradedDto,
  upgradeStoreSchema,
} from "./schema";
import {
  activateStore,
  listOrderDetail,
  listPartnerPackages,
  listStores,
  myCredit,
  upgradeStore,
} from "./service";

export const partnerCalls = {
  "/partner/list-store": defineCall({
    auth: "session",
    summary: "The stores of the person's customers",
    input: listStoreSchema,
    output: storePageDto,
    run: async (ctx, input) => ({ data: await listStores(ctx, input) }),
  }),
  "/partner/list-package": defineCall({
    auth: "session",
    summary: "An app's packages with the partner credit each costs (for a store: those offered)",
    input: listPartnerPackageSchema,
    output: partnerPackagesDto,
    errors: ["NOT_PARTNER", "STORE_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await listPartnerPackages(ctx, input) }),
  }),
  "/partner/my-credit": defineCall({
    auth: "session",
    summary: "The person's partner credit, API credit and money",
    input: emptySchema,
    output: partnerCreditDto,
    run: async (ctx) => ({ data: await myCredit(ctx) }),
  }),
  "/partner/list-order-detail": defineCall({
    auth: "session",
    summary: "A customer's order lines (from the first day of last month by default)",
    input: listOrderDetailSchema,
    output: partnerOrderLinePageDto,
    errors: ["CUSTOMER_NOT_FOUND"],
    run: async (ctx, input) => ({ data: await listOrderDetail(ctx, input) }),
  }),
  "/partner/upgrade-store": defineCall({
    auth: "session",
    summary: "Upgrade a customer's store with partner credit (store.upgraded goes to the app)",
    input: upgradeStoreSchema,
    output: storeUpgradedDto,
    errors: [
      "NOT_PARTNER",
      "STORE_NOT_FOUND",
      "PACKAGE_NOT_OFFERED",
      "PACKAGE_UNKNOWN",
      "STORE_NOT_OWNED",
      "INSUFFICIENT_CREDIT",
    ],
    run: async (ctx, input) => ({ data: await upgradeStore(ctx, input), message: "commerce.storeUpgraded" }),
  }),
  "/partner/active-store": defineCall({
    auth: "session",
    summary: "Activate a STARTER store for a customer with partner credit (store.activated)",
    input: activeStoreSchema,
    output: storeActivatedDto,
    errors: ["NOT_PARTNER", "CUSTOMER_NOT_FOUND", "STORE_EXISTS", "PACKAGE_UNKNOWN", "INSUFFICIENT_CREDIT"],
    run: async (ctx, input) => ({
      data: await activateStore(ctx, input),
      message: "commerce.storeActivated",
    }),
  }),
};
