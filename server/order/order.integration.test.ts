import { beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { getDb } from "@/server/db/client";
import { transitionOrder } from "@/server/order/state";
import { configureProducts, productCreatesOrder } from "@/tests/factories/commerce";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

beforeAll(() => configureProducts());

async function signIn(email: string) {
  const r = await call("/auth/signin", { email, password: PASSWORD });
  return r.cookie;
}

describe("orders (smoke)", () => {
  it("a product creates an order, the person lists, opens and cancels it", async () => {
    const user = await createUser();
    const created = await productCreatesOrder(user);
    expect(created.body.code).toBe(200);
    expect(created.body.data.total).toBe(239000);
    const cookie = await signIn(user.email);
    const list = await call<{ items: { _id: string; status: string }[]; total: number }>(
      "/order/my-order",
      {},
      { cookie },
    );
    expect(list.body.data.total).toBe(1);
    const id = list.body.data.items[0]?._id ?? "";
    const detail = await call<{ lines: unknown[] }>("/order/detail", { id }, { cookie });
    expect(detail.body.data.lines).toHaveLength(1);
    const cancel = await call("/order/cancel", { id, note: "changed my mind", status: "CANCEL" }, { cookie });
    expect(cancel.body.code).toBe(200);
    const again = await call("/order/cancel", { id, status: "CANCEL" }, { cookie });
    expect(again.body.code).toBe(409);
  });

  it("paying extends the store and records a payment", async () => {
    const user = await createUser();
    const created = await productCreatesOrder(user);
    const db = await getDb();
    const r = await transitionOrder(
      { db, env: env(), now: new Date() },
      { orderId: created.body.data.order_id, to: "PAID", actor: "operator:test" },
    );
    expect(r.changed).toBe(true);
    const cookie = await signIn(user.email);
    const payments = await call<{ items: { status: string; gateway: string }[] }>(
      "/payment/my-payment",
      { from_date: "2020-01-01" },
      { cookie },
    );
    expect(payments.body.data.items[0]?.status).toBe("PAID");
    const pkgs = await call<{ items: unknown[]; total: number }>("/package/list", {
      app_code: "ls",
      sort: "-price",
    });
    expect(pkgs.body.data.total).toBe(7);
  });

  it("a NUL character anywhere in a body is a clear 400, never a 500 from the database", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const res = await call("/order/detail", { id: "abc\u0000def" }, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    const nested = await call("/order/my-order", { reference_no: "OD\u0000" }, { cookie });
    expect(nested.status).toBe(400);
  });

  it("a lone surrogate (JSON \\udfff) is a clear 400, never a 500 from a jsonb column", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const lone = await call("/order/detail", { id: "abc\udfff" }, { cookie });
    expect(lone.status).toBe(400);
    const key = await call("/order/my-order", { "\ud800": 1 }, { cookie });
    expect(key.status).toBe(400);
    // A proper pair (an emoji) is text like any other.
    const emoji = await call("/order/my-order", { reference_no: "OD😀" }, { cookie });
    expect(emoji.status).toBe(200);
  });
});
