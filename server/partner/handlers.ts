import "server-only";
import { defineCall } from "@/lib/http/call";
import { emptySchema } from "@/server/user/schema";
import {
  activeStoreSchema,
  listOrderDetailSchema,
  listPartnerPackageSchema,
  listStoreSchema,
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
  "/partner/list-store": defineCall({ auth: "session", input: listStoreSchema, run: listStores }),
  "/partner/list-package": defineCall({
    auth: "session",
    input: listPartnerPackageSchema,
    run: listPartnerPackages,
  }),
  "/partner/my-credit": defineCall({ auth: "session", input: emptySchema, run: myCredit }),
  "/partner/list-order-detail": defineCall({
    auth: "session",
    input: listOrderDetailSchema,
    run: listOrderDetail,
  }),
  "/partner/upgrade-store": defineCall({ auth: "session", input: upgradeStoreSchema, run: upgradeStore }),
  "/partner/active-store": defineCall({ auth: "session", input: activeStoreSchema, run: activateStore }),
};
