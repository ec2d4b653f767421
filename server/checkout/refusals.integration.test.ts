// What /order/checkout refuses, and a gateway that cannot start the payment.
import { describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { deadUrl } from "@/tests/peers/gateway-peer";
import { call } from "@/tests/setup/api";
import {
  buyer,
  checkout,
  configureCheckout,
  orderRow,
  paymentsOf,
  pointLogsOf,
  pointsOf,
  setUpGatewayPeer,
} from "@/tests/support/checkout";
import { withEnv } from "@/tests/support/env";

const peer = setUpGatewayPeer();

describe("checkout refusals", () => {
  it("someone else's order is 404 'This order does not exist', and nothing is opened", async () => {
    const owner = await buyer();
    const stranger = await buyer(50);
    const answer = await checkout(stranger.cookie, {
      order_id: owner.order.order_id,
      method: "CASH",
      use_point: true,
      lang: "en",
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      code: 404,
      message: "This order does not exist",
      data: { error: "ORDER_NOT_FOUND" },
    });
    expect(await paymentsOf(owner.order.order_id)).toEqual([]);
    expect(await pointsOf(stranger.user.id)).toBe(50);
  });

  it("an unknown order is the same 404", async () => {
    const b = await buyer();
    const answer = await checkout(b.cookie, { order_id: "no-such-order", method: "CASH", lang: "en" });
    expect(answer.body).toMatchObject({ code: 404, message: "This order does not exist" });
  });

  it("an order already paid is ORDER_ALREADY_PAID and takes no points", async () => {
    const b = await buyer(500);
    const paid = await checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: true });
    expect(paid.body.data.status).toBe("PAID");
    const left = await pointsOf(b.user.id);
    const again = await checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, data: { error: "ORDER_ALREADY_PAID" } });
    expect(await pointsOf(b.user.id)).toBe(left);
    expect(await paymentsOf(b.order.order_id)).toHaveLength(1);
  });

  it("a cancelled order cannot be checked out", async () => {
    const b = await buyer();
    await call("/order/cancel", { id: b.order.order_id }, { cookie: b.cookie });
    const answer = await checkout(b.cookie, { order_id: b.order.order_id, method: "CASH" });
    expect(answer.body.code).toBe(404);
    expect(await paymentsOf(b.order.order_id)).toEqual([]);
  });

  it("a method that is not configured is CHECKOUT_METHOD_UNAVAILABLE", async () => {
    const b = await buyer(10);
    await withEnv({ ZALOPAY_APP_ID: undefined }, async () => {
      const answer = await checkout(b.cookie, {
        order_id: b.order.order_id,
        method: "ZALOPAY",
        use_point: true,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ data: { error: "CHECKOUT_METHOD_UNAVAILABLE" } });
    });
    expect(await paymentsOf(b.order.order_id)).toEqual([]);
    expect(await pointsOf(b.user.id)).toBe(10);
  });

  it("an unknown method is a validation error", async () => {
    const b = await buyer();
    const answer = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "MOMO" as unknown as "CASH",
    });
    expect(answer.body).toMatchObject({ code: 400, data: { error: "VALIDATION" } });
  });

  it("not signed in is 401", async () => {
    const b = await buyer();
    const answer = await checkout(undefined, { order_id: b.order.order_id, method: "CASH" });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 401, data: { error: "UNAUTHORIZED" } });
    expect(await paymentsOf(b.order.order_id)).toEqual([]);
  });

  for (const [label, setup] of [
    ["down (nothing listens)", async () => ({ ZALOPAY_CREATE_URL: await deadUrl() })],
    [
      "refusing the order (return_code 2)",
      async () => {
        peer.zalopayCreateMode = "refuse";
        return {};
      },
    ],
    [
      "failing (HTTP 500, no JSON)",
      async () => {
        peer.zalopayCreateMode = "broken";
        return {};
      },
    ],
  ] as const) {
    it(`ZaloPay ${label}: GATEWAY_UNAVAILABLE, the attempt ends and its points come back`, async () => {
      const b = await buyer(45);
      const extra = await setup();
      Object.assign(process.env, extra);
      resetEnvForTests();
      try {
        const answer = await checkout(b.cookie, {
          order_id: b.order.order_id,
          method: "ZALOPAY",
          use_point: true,
        });
        expect(answer.status).toBe(502);
        expect(answer.body).toMatchObject({ code: 502, data: { error: "GATEWAY_UNAVAILABLE" } });
      } finally {
        peer.zalopayCreateMode = "ok";
        configureCheckout(peer);
      }
      const attempts = await paymentsOf(b.order.order_id);
      expect(attempts.map((p) => [p.status, p.pointsUsed])).toEqual([["CANCEL", "45.00"]]);
      expect(await pointsOf(b.user.id)).toBe(45);
      expect((await pointLogsOf(b.user.id)).map((l) => l.points)).toEqual([45, -45, 45]);
      expect((await orderRow(b.order.order_id)).status).toBe("PENDING");
      // Once ZaloPay is back the order can be paid.
      const retry = await checkout(b.cookie, {
        order_id: b.order.order_id,
        method: "ZALOPAY",
        use_point: true,
      });
      expect(retry.body.code).toBe(200);
      expect(retry.body.data.points_used).toBe(45);
    });
  }
});
