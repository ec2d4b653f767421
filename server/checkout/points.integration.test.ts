// Points at checkout (1 point = 1,000 VND): taken with a log row when the person confirms, given
// back with another when the attempt is cancelled or expires; a due of 0 pays at once. Expiry asks
// a local VNPAY querydr peer one last time.
import { describe, expect, it } from "vitest";
import { sweepExpiredAttempts } from "@/server/checkout/apply";
import { call } from "@/tests/setup/api";
import {
  buyer,
  checkout,
  deps,
  oneExtension,
  orderEventsOf,
  orderRow,
  outboxEventsOf,
  paymentRow,
  pointLogsOf,
  pointsOf,
  setUpGatewayPeer,
  storesOf,
  vnpayParams,
} from "@/tests/support/checkout";

const peer = setUpGatewayPeer();

describe("points at checkout", () => {
  it("points covering everything pay at once: status PAID, gateway POINT, a negative point-log row", async () => {
    const b = await buyer(300.5);
    const started = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: true,
    });
    expect(started.body.code).toBe(200);
    expect(started.body.data).toMatchObject({ status: "PAID", points_used: 239, due: 0 });
    expect(started.body.data.new_point).toBeCloseTo(61.5);
    expect(started.body.data.url).toBeUndefined();
    expect(b.order.total).toBe(239_000);

    const payment = await paymentRow(started.body.data.payment_id);
    expect(payment).toMatchObject({
      status: "PAID",
      gateway: "POINT",
      amount: 0,
      pointsUsed: "239.00",
      gatewayRef: null,
    });
    const order = await orderRow(b.order.order_id);
    expect(order.status).toBe("PAID");
    expect(await pointsOf(b.user.id)).toBeCloseTo(61.5);
    expect((await pointLogsOf(b.user.id)).at(-1)).toMatchObject({
      points: -239,
      referenceNo: started.body.data.reference_no,
    });
    expect((await orderEventsOf(order.id)).map((e) => [e.toStatus, e.actor])).toEqual([
      ["PAID", `user:${b.user.id}`],
    ]);
    expect((await outboxEventsOf(order.id)).map((e) => e.type)).toEqual(["order.paid"]);
    const [extended] = await storesOf(order.id);
    expect(extended?.store?.expiresAt?.getTime()).toBe(oneExtension(order.paidAt as Date, 1).getTime());
    // Paid: a second checkout is refused and takes nothing.
    const again = await checkout(b.cookie, { order_id: b.order.order_id, method: "CASH", use_point: true });
    expect(again.body).toMatchObject({ code: 409, data: { error: "ORDER_ALREADY_PAID" } });
    expect(await pointsOf(b.user.id)).toBeCloseTo(61.5);
  });

  it("use_point false takes no points", async () => {
    const b = await buyer(80);
    const started = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "CASH",
      use_point: false,
    });
    expect(started.body.data).toMatchObject({
      points_used: 0,
      due: b.order.total,
      new_point: 80,
      status: "PENDING",
    });
    expect(started.body.data.transfer?.amount).toBe(b.order.total);
    expect((await paymentRow(started.body.data.payment_id)).pointsUsed).toBe("0.00");
    expect(await pointsOf(b.user.id)).toBe(80);
    expect((await pointLogsOf(b.user.id)).map((l) => l.points)).toEqual([80]);
  });

  it("only whole points are spent", async () => {
    const b = await buyer(40.99);
    const started = await checkout(b.cookie, { order_id: b.order.order_id, method: "CASH", use_point: true });
    expect(started.body.data).toMatchObject({ points_used: 40, due: b.order.total - 40_000 });
    expect(await pointsOf(b.user.id)).toBeCloseTo(0.99);
  });

  it("/payment/cancel returns the attempt's points with a log row, once", async () => {
    const b = await buyer(60);
    const started = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: true,
    });
    expect(await pointsOf(b.user.id)).toBe(0);
    const cancelled = await call(
      "/payment/cancel",
      { id: started.body.data.payment_id },
      { cookie: b.cookie },
    );
    expect(cancelled.body.code).toBe(200);
    expect((await paymentRow(started.body.data.payment_id)).status).toBe("CANCEL");
    expect(await pointsOf(b.user.id)).toBe(60);
    expect(await pointLogsOf(b.user.id)).toEqual([
      expect.objectContaining({ points: 60 }),
      expect.objectContaining({ points: -60, referenceNo: started.body.data.reference_no }),
      expect.objectContaining({ points: 60, referenceNo: `${started.body.data.reference_no}-R` }),
    ]);
    const twice = await call("/payment/cancel", { id: started.body.data.payment_id }, { cookie: b.cookie });
    expect(twice.body).toMatchObject({ code: 409, data: { error: "PAYMENT_NOT_PENDING" } });
    expect(await pointsOf(b.user.id)).toBe(60);
    expect((await orderRow(b.order.order_id)).status).toBe("PENDING");
    // Someone else cannot cancel it.
    const other = await buyer();
    const again = await checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: true });
    const foreign = await call(
      "/payment/cancel",
      { id: again.body.data.payment_id },
      { cookie: other.cookie },
    );
    expect(foreign.body.code).toBe(404);
    expect((await paymentRow(again.body.data.payment_id)).status).toBe("PENDING");
  });

  it("two checkouts at once never spend more points than the person has", async () => {
    const b = await buyer(100);
    const both = await Promise.all([
      checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: true }),
      checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: true }),
    ]);
    expect(both.map((r) => r.body.code)).toEqual([200, 200]);
    expect(both.map((r) => r.body.data.points_used).sort((x, y) => x - y)).toEqual([0, 100]);
    expect(await pointsOf(b.user.id)).toBe(0);
  });
});

describe("expiry (the sweeper asks VNPAY one last time)", () => {
  async function expiringAttempt(points: number) {
    const b = await buyer(points);
    const started = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: true,
    });
    const params = vnpayParams(started.body.data.url as string);
    const payment = await paymentRow(started.body.data.payment_id);
    return { ...b, attempt: started.body.data, payment, txnRef: params.vnp_TxnRef as string, params };
  }

  const afterExpiry = (p: { expiresAt: Date | null }) => new Date((p.expiresAt as Date).getTime() + 1000);

  it("before its expiry an attempt is left alone and VNPAY is not asked", async () => {
    const a = await expiringAttempt(10);
    const asked = peer.vnpayQueries.length;
    await sweepExpiredAttempts(await deps(new Date((a.payment.expiresAt as Date).getTime() - 60_000)));
    expect(peer.vnpayQueries.slice(asked).map((q) => q.vnp_TxnRef)).not.toContain(a.txnRef);
    expect((await paymentRow(a.attempt.payment_id)).status).toBe("PENDING");
    expect(await pointsOf(a.user.id)).toBe(0);
  });

  for (const [label, status] of [
    ["VNPAY does not know it (91)", "missing"],
    ["VNPAY says it is not finished (01)", "01"],
    ["VNPAY says it failed (02)", "02"],
  ] as const) {
    it(`past its expiry, ${label}: the attempt is CANCEL and its points come back`, async () => {
      const a = await expiringAttempt(25);
      peer.vnpayTxns.set(a.txnRef, { status, amountVnd: a.attempt.due, createDate: a.params.vnp_CreateDate });
      const rejected = peer.rejected.length;
      const asked = peer.vnpayQueries.length;
      await sweepExpiredAttempts(await deps(afterExpiry(a.payment)));
      const query = peer.vnpayQueries.slice(asked).find((q) => q.vnp_TxnRef === a.txnRef);
      expect(query).toMatchObject({ vnp_Command: "querydr", vnp_TransactionDate: a.params.vnp_CreateDate });
      expect(peer.rejected.length).toBe(rejected);

      expect((await paymentRow(a.attempt.payment_id)).status).toBe("CANCEL");
      expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
      expect(await pointsOf(a.user.id)).toBe(25);
      expect((await pointLogsOf(a.user.id)).at(-1)).toMatchObject({
        points: 25,
        referenceNo: `${a.attempt.reference_no}-R`,
      });
      // Swept again: nothing more comes back.
      await sweepExpiredAttempts(await deps(afterExpiry(a.payment)));
      expect(await pointsOf(a.user.id)).toBe(25);
    });
  }

  it("past its expiry but VNPAY has the money: PAID instead, the points stay spent", async () => {
    const a = await expiringAttempt(25);
    peer.vnpayTxns.set(a.txnRef, {
      status: "00",
      amountVnd: a.attempt.due,
      transactionNo: "15550001",
      createDate: a.params.vnp_CreateDate,
    });
    const result = await sweepExpiredAttempts(await deps(afterExpiry(a.payment)));
    expect(result.paid).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(a.attempt.payment_id)).toMatchObject({ status: "PAID", gatewayTxn: "15550001" });
    const order = await orderRow(a.order.order_id);
    expect(order.status).toBe("PAID");
    expect((await orderEventsOf(order.id)).map((e) => [e.toStatus, e.actor])).toEqual([
      ["PAID", "query:VNPAY"],
    ]);
    expect((await outboxEventsOf(order.id)).map((e) => e.type)).toEqual(["order.paid"]);
    expect(await pointsOf(a.user.id)).toBe(0);
    expect((await pointLogsOf(a.user.id)).map((l) => l.points)).toEqual([25, -25]);
  });
});
