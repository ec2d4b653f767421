// Exactly once (DESIGN §10): every road that can pay an order (VNPAY's IPN, the result page's
// query, the expiry sweeper's query, the operator's confirm-transfer) racing for one attempt, and
// two browser tabs each holding an attempt of the same order.
import { describe, expect, it } from "vitest";
import { ordersConfirmTransfer } from "@/server/admin/commerce";
import { sweepExpiredAttempts } from "@/server/checkout/apply";
import { getDb } from "@/server/db/client";
import { zalopayPaidData, zalopaySignedCallback } from "@/tests/peers/gateway-signing";
import { call } from "@/tests/setup/api";
import {
  buyer,
  checkout,
  deps,
  givePoints,
  KEYS,
  oneExtension,
  orderEventsOf,
  orderRow,
  outboxEventsOf,
  paymentRow,
  paymentsOf,
  pointLogsOf,
  pointsOf,
  sendIpn,
  setUpGatewayPeer,
  storesOf,
  vnpayIpn,
  vnpayIpnQuery,
  vnpayParams,
} from "@/tests/support/checkout";

const peer = setUpGatewayPeer();

describe("one VNPAY attempt, four roads at once", () => {
  for (const round of [1, 2, 3]) {
    it(`round ${round}: IPN, result-page refresh, expiry sweep and operator confirmation pay the order once`, async () => {
      const start = 30;
      const b = await buyer(start);
      const started = await checkout(b.cookie, {
        order_id: b.order.order_id,
        method: "VNPAY",
        use_point: true,
      });
      const attempt = started.body.data;
      const params = vnpayParams(attempt.url as string);
      const payment = await paymentRow(attempt.payment_id);
      peer.vnpayTxns.set(params.vnp_TxnRef as string, {
        status: "00",
        amountVnd: attempt.due,
        transactionNo: `1660000${round}`,
        createDate: params.vnp_CreateDate,
      });
      peer.delayMs = round * 5;
      const ipn = vnpayIpnQuery(attempt.url as string, "paid", { transactionNo: `1660000${round}` });

      const [ipnAnswer] = await Promise.all([
        sendIpn(ipn),
        call("/payment/status", { payment_id: attempt.payment_id, refresh: true }, { cookie: b.cookie }),
        sweepExpiredAttempts(await deps(new Date((payment.expiresAt as Date).getTime() + 1000))),
        ordersConfirmTransfer(await getDb(), {
          reference: b.order.reference_no,
          amount: b.order.total,
          by: "carol",
          id: `manual-race-${round}-${b.order.reference_no}`,
        }).catch((e: Error) => e.message),
      ]);
      peer.delayMs = 0;
      expect(["00", "02"]).toContain(ipnAnswer.RspCode);

      const order = await orderRow(b.order.order_id);
      expect(order.status).toBe("PAID");
      expect((await orderEventsOf(order.id)).filter((e) => e.toStatus === "PAID")).toHaveLength(1);
      expect((await outboxEventsOf(order.id)).map((e) => e.type)).toEqual(["order.paid"]);
      const [extended] = await storesOf(order.id);
      expect(extended?.store?.lastExpiresAt).toBeNull();
      expect(extended?.store?.expiresAt?.getTime()).toBe(oneExtension(order.paidAt as Date, 1).getTime());

      const paid = (await paymentsOf(order.id)).filter((p) => p.status === "PAID");
      expect(paid).toHaveLength(1);
      // Points: spent when the VNPAY attempt is the one that paid, given back when it was not.
      const spent = paid[0]?.id === attempt.payment_id ? attempt.points_used : 0;
      expect(await pointsOf(b.user.id)).toBe(start - spent);
      expect((await pointLogsOf(b.user.id)).reduce((sum, l) => sum + l.points, 0)).toBe(start - spent);
    });
  }
});

describe("two tabs, one order", () => {
  it("each attempt takes the points there are; paying one cancels the other and gives its points back", async () => {
    const b = await buyer(100);
    const tabA = (await checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: true }))
      .body.data;
    expect(tabA.points_used).toBe(100);
    // The person earns 50 more before the second tab confirms.
    await givePoints(b.user.id, 50);
    const tabB = (await checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: true }))
      .body.data;
    expect(tabB.points_used).toBe(50);
    expect(await pointsOf(b.user.id)).toBe(0);
    expect(vnpayParams(tabA.url as string).vnp_TxnRef).not.toBe(vnpayParams(tabB.url as string).vnp_TxnRef);

    expect((await vnpayIpn(tabB.url as string, "paid")).RspCode).toBe("00");
    expect((await paymentRow(tabB.payment_id)).status).toBe("PAID");
    expect((await paymentRow(tabA.payment_id)).status).toBe("CANCEL");
    expect((await orderRow(b.order.order_id)).status).toBe("PAID");
    // start (100 + 50) − the paid attempt's 50.
    expect(await pointsOf(b.user.id)).toBe(100);
    expect((await pointLogsOf(b.user.id)).map((l) => [l.points, l.referenceNo])).toEqual([
      [100, expect.any(String)],
      [-100, tabA.reference_no],
      [50, expect.any(String)],
      [-50, tabB.reference_no],
      [100, `${tabA.reference_no}-R`],
    ]);
    // The other tab's payment page is now stale: its IPN changes nothing twice.
    expect((await vnpayIpn(tabA.url as string, "cancelled")).RspCode).toBe("02");
    expect(await pointsOf(b.user.id)).toBe(100);
    expect((await outboxEventsOf(b.order.order_id)).map((e) => e.type)).toEqual(["order.paid"]);
  });

  it("the first tab paid: the second's points come back; final = start − the paid attempt's points", async () => {
    const b = await buyer(70);
    const tabA = (await checkout(b.cookie, { order_id: b.order.order_id, method: "VNPAY", use_point: true }))
      .body.data;
    await givePoints(b.user.id, 20);
    const tabB = (await checkout(b.cookie, { order_id: b.order.order_id, method: "CASH", use_point: true }))
      .body.data;
    expect([tabA.points_used, tabB.points_used]).toEqual([70, 20]);
    expect((await vnpayIpn(tabA.url as string, "paid")).RspCode).toBe("00");
    expect((await paymentRow(tabB.payment_id)).status).toBe("CANCEL");
    expect(await pointsOf(b.user.id)).toBe(90 - 70);
  });
});

describe("gateway money for an attempt that already ended is kept for a refund", () => {
  it("VNPAY pays an attempt after the order was paid by bank transfer: recorded for a refund", async () => {
    const b = await buyer(20);
    const started = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: true,
    });
    await ordersConfirmTransfer(await getDb(), {
      reference: b.order.reference_no,
      amount: b.order.total,
      by: "op",
    });
    expect((await paymentRow(started.body.data.payment_id)).status).toBe("CANCEL");
    expect(await pointsOf(b.user.id)).toBe(20);

    await vnpayIpn(started.body.data.url as string, "paid", { transactionNo: "17770001" });
    const payment = await paymentRow(started.body.data.payment_id);
    // The buyer was charged twice: the second charge must be findable for the refund.
    expect(payment.gatewayTxn).toBe("17770001");
    expect(payment.status).toBe("INVALID");
    expect(payment.note ?? "").toMatch(/refund/);
    // Its points came back once, when it was cancelled.
    expect(await pointsOf(b.user.id)).toBe(20);
  });

  it("two tabs: the buyer also pays the other tab's (cancelled) attempt at ZaloPay: recorded for a refund", async () => {
    const b = await buyer();
    const tabA = (
      await checkout(b.cookie, { order_id: b.order.order_id, method: "ZALOPAY", use_point: false })
    ).body.data;
    const tabB = (
      await checkout(b.cookie, { order_id: b.order.order_id, method: "ZALOPAY", use_point: false })
    ).body.data;
    const form = (id: string) =>
      paymentRow(id).then((p) => peer.zalopayCreates.get(p.gatewayRef ?? "") ?? {});
    const pay = async (id: string, zp: number) =>
      (
        await call(
          "/payment/zalopay-callback",
          zalopaySignedCallback(zalopayPaidData(await form(id), { zpTransId: zp }), KEYS.zalopay.key2),
          { headers: { origin: "" } },
        )
      ).body as unknown as { return_code: number };
    expect((await pay(tabA.payment_id, 250_101_000_000_771)).return_code).toBe(1);
    await pay(tabB.payment_id, 250_101_000_000_772);
    const other = await paymentRow(tabB.payment_id);
    expect(other.gatewayTxn).toBe("250101000000772");
    expect(other.status).toBe("INVALID");
  });

  it("VNPAY confirms a payment after the sweeper cancelled the attempt (its query said 'in progress'): not lost", async () => {
    const b = await buyer(10);
    const started = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: true,
    });
    const params = vnpayParams(started.body.data.url as string);
    peer.vnpayTxns.set(params.vnp_TxnRef as string, {
      status: "01",
      amountVnd: started.body.data.due,
      createDate: params.vnp_CreateDate,
    });
    const payment = await paymentRow(started.body.data.payment_id);
    await sweepExpiredAttempts(await deps(new Date((payment.expiresAt as Date).getTime() + 1000)));
    expect((await paymentRow(payment.id)).status).toBe("CANCEL");

    // The buyer had already paid; VNPAY's IPN arrives a minute later.
    const answer = await vnpayIpn(started.body.data.url as string, "paid", { transactionNo: "17770002" });
    const after = await paymentRow(payment.id);
    const order = await orderRow(b.order.order_id);
    // Either the order is paid by this money or the money is recorded for the operator — not neither.
    expect(after.gatewayTxn).toBe("17770002");
    expect(order.status === "PAID" || after.status === "INVALID").toBe(true);
    expect(answer.RspCode).not.toBe("99");
  });
});
