// Issue 25 "a product is configuration, not code": an app code that only APPS_CONFIG names gets a
// catalog, orders, checkout and lists like SPEC's four; a code nobody configured is refused.
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { getDb } from "@/server/db/client";
import { importCatalog } from "@/server/package/service";
import { openTestSession } from "@/tests/factories/session";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

const FLOW_KEY = "lf-api-key-0123456789abcdef";

beforeAll(() => {
  process.env.APPS_CONFIG = JSON.stringify({
    lf: { name: "Flow app", home: "https://lf.family.example/home", api_key: FLOW_KEY },
  });
  resetEnvForTests();
});

const flowPackage = {
  app_code: "lf",
  code: "PRO",
  name: "Flow Pro",
  description: "Automations",
  months: 1,
  price: 99000,
  priority: 1,
  partner_discount: 10,
  bonus_months: 0,
  commission_type: "percent",
  commission_value: 20,
  active: true,
};

describe("an app added in APPS_CONFIG", () => {
  it("takes a catalog, lists it by app, and a product of that app orders from it", async () => {
    const db = await getDb();
    expect(await importCatalog(db, [flowPackage], new Date())).toEqual({ ok: true, count: 1 });

    const listed = await call<{ items: { app_code: string; name: string }[] }>("/package/list", {
      app_code: "lf",
    });
    expect(listed.body.data.items.map((p) => [p.app_code, p.name])).toEqual([["lf", "Flow Pro"]]);

    const user = await createUser();
    const token = await openTestSession(db, user, "lf");
    const order = await call<{ total: number; checkout_url: string }>(
      "/order/create",
      { token, lines: [{ store_id: "flow-1", store_name: "My flows", package_code: "PRO", months: 2 }] },
      { headers: { authorization: `Bearer ${FLOW_KEY}`, origin: "" } },
    );
    expect(order.body.code, order.body.message).toBe(200);
    expect(order.body.data.total).toBe(2 * 99000);
    expect(order.body.data.checkout_url).toContain("app_code=lf");
  });

  it("refuses a catalog for an app nobody configured, naming it", async () => {
    const refused = await importCatalog(await getDb(), [{ ...flowPackage, app_code: "zz" }], new Date());
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.errors).toEqual([expect.stringContaining('"zz" is not an app')]);
  });
});
