// VNPAY end to end through /2.0: the pay URL the portal signs, and the IPN VNPAY calls back,
// signed by the gateway side of tests/peers/gateway-signing.ts.
import { beforeAll, describe, expect, it } from "vitest";
import {
  vnpayDate,
  vnpayParsePayUrl,
  vnpayResultParams,
  vnpaySignedReturn,
} from "@/tests/peers/gateway-signing";
import { call, ORIGIN } from "@/tests/setup/api";
import {
  buyer,
  checkout,
  configureCheckout,
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
  startedCheckout,
  storesOf,
  vnpayIpn,
  vnpayIpnQuery,
  vnpayParams,
} from "@/tests/support/checkout";

beforeAll(() => configureCheckout());

async function vnpayAttempt(points = 0, usePoint = points > 0) {
  const started = await startedCheckout("VNPAY", points, usePoint);
  expect(started.attempt.url).toBeTruthy();
  return { ...started, url: started.attempt.url as string };
}

/** Nothing moved: order and attempt pending, no audit row, no product event, the points still taken. */
async function expectUntouched(a: Awaited<ReturnType<typeof vnpayAttempt>>, pointsLeft: number) {
  expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
  const payment = await paymentRow(a.attempt.payment_id);
  expect(payment.status).toBe("PENDING");
  expect(payment.gatewayTxn).toBeNull();
  expect(payment.rawCallback).toBeNull();
  expect(await orderEventsOf(a.order.order_id)).toEqual([]);
  expect(await outboxEventsOf(a.order.order_id)).toEqual([]);
  expect(await pointsOf(a.user.id)).toBe(pointsLeft);
}

describe("VNPAY IPN", () => {
  it("a correct IPN answers 00 and pays: order and attempt PAID, store extended, one order.paid event", async () => {
    const a = await vnpayAttempt();
    const answer = await vnpayIpn(a.url, "paid", { transactionNo: "14990001" });
    expect(answer).toEqual({ RspCode: "00", Message: "Confirm Success" });

    const order = await orderRow(a.order.order_id);
    expect(order.status).toBe("PAID");
    expect(order.paidAt).toBeInstanceOf(Date);
    const payment = await paymentRow(a.attempt.payment_id);
    expect(payment).toMatchObject({
      status: "PAID",
      gateway: "VNPAY",
      gatewayTxn: "14990001",
      amount: order.total,
    });
    expect((payment.rawCallback as Record<string, string>).vnp_TxnRef).toBe(vnpayParams(a.url).vnp_TxnRef);

    const [extended] = await storesOf(order.id);
    expect(extended?.store).toMatchObject({ packageCode: "PRO", ownerId: a.user.id, lastExpiresAt: null });
    expect(extended?.store?.expiresAt?.getTime()).toBe(oneExtension(order.paidAt as Date, 1).getTime());

    const events = await orderEventsOf(order.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      ["PENDING", "PAID", "gateway:VNPAY"],
    ]);
    const queued = await outboxEventsOf(order.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      type: "order.paid",
      data: { status: "PAID", reference_no: a.order.reference_no, total: order.total },
    });
    expect(((queued[0]?.data.lines ?? []) as { store_expires_at: string }[])[0]?.store_expires_at).toBe(
      extended?.store?.expiresAt?.toISOString(),
    );
  });

  it("vnp_SecureHashType (older integrations send it) is not part of what is signed", async () => {
    const a = await vnpayAttempt();
    const query = `${vnpayIpnQuery(a.url, "paid")}&vnp_SecureHashType=HmacSHA512`;
    expect((await sendIpn(query)).RspCode).toBe("00");
    expect((await orderRow(a.order.order_id)).status).toBe("PAID");
  });

  it("a tampered signature answers 97 and changes nothing", async () => {
    const a = await vnpayAttempt(50);
    // Signed with another secret.
    expect((await vnpayIpn(a.url, "paid", { secret: "not-the-merchant-secret-012345" })).RspCode).toBe("97");
    // Signed right for a cancellation, then rewritten to look paid.
    const cancelled = vnpayIpnQuery(a.url, "cancelled");
    const forged = cancelled
      .replace("vnp_ResponseCode=24", "vnp_ResponseCode=00")
      .replace("vnp_TransactionStatus=02", "vnp_TransactionStatus=00");
    expect(forged).not.toBe(cancelled);
    expect((await sendIpn(forged)).RspCode).toBe("97");
    // No signature at all.
    expect((await sendIpn(cancelled.replace(/&vnp_SecureHash=[0-9a-f]+/, ""))).RspCode).toBe("97");
    await expectUntouched(a, 0);
    expect((await pointLogsOf(a.user.id)).map((l) => l.points)).toEqual([50, -50]);
  });

  it("a signed IPN with another amount answers 04; the order stays PENDING", async () => {
    const a = await vnpayAttempt();
    const due = a.attempt.due;
    expect((await vnpayIpn(a.url, "paid", { amount: String((due - 1000) * 100) })).RspCode).toBe("04");
    // VNPAY's amount is in hundredths: the due in plain dong is wrong too.
    expect((await vnpayIpn(a.url, "paid", { amount: String(due) })).RspCode).toBe("04");
    await expectUntouched(a, 0);
  });

  it("an unknown vnp_TxnRef answers 01", async () => {
    const a = await vnpayAttempt();
    expect(await vnpayIpn(a.url, "paid", { txnRef: "OD000000NOSUCH1" })).toEqual({
      RspCode: "01",
      Message: "Order not found",
    });
    await expectUntouched(a, 0);
  });

  it("a cancelled payment (24/02) answers 00: the attempt is CANCEL and its points come back with a log row", async () => {
    const a = await vnpayAttempt(30);
    expect(a.attempt.points_used).toBe(30);
    expect(await pointsOf(a.user.id)).toBe(0);
    expect(await vnpayIpn(a.url, "cancelled")).toEqual({ RspCode: "00", Message: "Confirm Success" });

    const payment = await paymentRow(a.attempt.payment_id);
    expect(payment.status).toBe("CANCEL");
    expect(payment.paidAt).toBeNull();
    expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
    expect(await pointsOf(a.user.id)).toBe(30);
    expect(await pointLogsOf(a.user.id)).toEqual([
      expect.objectContaining({ points: 30 }),
      expect.objectContaining({ points: -30, referenceNo: a.attempt.reference_no }),
      expect.objectContaining({ points: 30, referenceNo: `${a.attempt.reference_no}-R` }),
    ]);
    expect(await outboxEventsOf(a.order.order_id)).toEqual([]);
    // VNPAY retries anything but 00/02: the same cancellation again is "already confirmed", points once.
    expect((await vnpayIpn(a.url, "cancelled")).RspCode).toBe("02");
    expect(await pointsOf(a.user.id)).toBe(30);
    // The order is still payable with a new attempt.
    const again = await checkout(a.cookie, { order_id: a.order.order_id, method: "VNPAY", use_point: true });
    expect(again.body.data.points_used).toBe(30);
  });

  it("a failed payment (51/02) ends the attempt the same way", async () => {
    const a = await vnpayAttempt(12);
    expect((await vnpayIpn(a.url, "failed")).RspCode).toBe("00");
    expect((await paymentRow(a.attempt.payment_id)).status).toBe("CANCEL");
    expect(await pointsOf(a.user.id)).toBe(12);
  });

  it("the same paid IPN 10 times at once: one 00, nine 02, paid once, points taken once, one event", async () => {
    const a = await vnpayAttempt(40);
    const query = vnpayIpnQuery(a.url, "paid");
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendIpn(query)));
    const codes = answers.map((x) => x.RspCode).sort();
    expect(codes).toEqual(["00", "02", "02", "02", "02", "02", "02", "02", "02", "02"]);

    const order = await orderRow(a.order.order_id);
    expect(order.status).toBe("PAID");
    const attempts = await paymentsOf(order.id);
    expect(attempts.map((p) => p.status)).toEqual(["PAID"]);
    expect((await pointLogsOf(a.user.id)).map((l) => l.points)).toEqual([40, -40]);
    expect(await pointsOf(a.user.id)).toBe(0);
    expect((await orderEventsOf(order.id)).filter((e) => e.toStatus === "PAID")).toHaveLength(1);
    const queued = await outboxEventsOf(order.id);
    expect(queued.map((e) => e.type)).toEqual(["order.paid"]);
    const [extended] = await storesOf(order.id);
    expect(extended?.store?.lastExpiresAt).toBeNull();
    expect(extended?.store?.expiresAt?.getTime()).toBe(oneExtension(order.paidAt as Date, 1).getTime());
  });
});

describe("VNPAY pay URL", () => {
  it("carries every required field, signed, with the due in hundredths and the buyer's details", async () => {
    const a = await vnpayAttempt(20);
    const parsed = vnpayParsePayUrl(a.url, KEYS.vnpay.hashSecret);
    expect(parsed).toMatchObject({ ok: true, isSignatureValid: true, missing: [] });
    expect(a.url.startsWith("https://sandbox.vnpayment.test/paymentv2/vpcpay.html?")).toBe(true);
    expect(parsed.params).toMatchObject({
      vnp_Version: "2.1.0",
      vnp_Command: "pay",
      vnp_TmnCode: KEYS.vnpay.tmnCode,
      vnp_CurrCode: "VND",
      vnp_Amount: String((a.order.total - 20_000) * 100),
      vnp_ReturnUrl: `${ORIGIN}/checkout/return/vnpay`,
      vnp_IpAddr: "10.0.0.1",
    });
    expect(a.attempt.due).toBe(a.order.total - 20_000);
    expect((await paymentRow(a.attempt.payment_id)).gatewayRef).toBe(parsed.params.vnp_TxnRef);
    // Another secret does not verify it.
    expect(vnpayParsePayUrl(a.url, "someone-else-secret-0123456789").isSignatureValid).toBe(false);
  });

  it("dates are Vietnam's yyyyMMddHHmmss, 15 minutes apart (a UTC evening is already tomorrow there)", async () => {
    const b = await buyer();
    const at = new Date();
    // 17:30:05 UTC of today (or yesterday when that is still ahead): 00:30:05 of the next day in Vietnam.
    at.setUTCHours(17, 30, 5, 0);
    if (at.getTime() > Date.now()) at.setUTCDate(at.getUTCDate() - 1);
    const started = await checkout(
      b.cookie,
      { order_id: b.order.order_id, method: "VNPAY", use_point: false },
      { clock: () => at },
    );
    expect(started.body.code).toBe(200);
    const params = vnpayParams(started.body.data.url as string);
    expect(params.vnp_CreateDate).toBe(vnpayDate(at));
    expect(params.vnp_ExpireDate).toBe(vnpayDate(new Date(at.getTime() + 15 * 60_000)));
    expect(params.vnp_CreateDate).toMatch(/^\d{8}003005$/);
    const nextDay = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");
    expect(params.vnp_CreateDate?.slice(0, 8)).toBe(nextDay);
    expect(params.vnp_ExpireDate).toBe(`${nextDay}004505`);
    expect((await paymentRow(started.body.data.payment_id)).expiresAt?.getTime()).toBe(
      at.getTime() + 15 * 60_000,
    );
  });

  it("a second attempt of the same order gets a new vnp_TxnRef; references are letters and digits only", async () => {
    const a = await vnpayAttempt();
    const second = await checkout(a.cookie, {
      order_id: a.order.order_id,
      method: "VNPAY",
      use_point: false,
    });
    expect(second.body.code).toBe(200);
    const first = vnpayParams(a.url);
    const next = vnpayParams(second.body.data.url as string);
    expect(next.vnp_TxnRef).not.toBe(first.vnp_TxnRef);
    for (const p of [first, next]) {
      expect(p.vnp_TxnRef).toMatch(/^[A-Za-z0-9]+$/);
      expect(p.vnp_OrderInfo).toMatch(/^[A-Za-z0-9 ]+$/);
      expect(p.vnp_OrderInfo).toContain(a.order.reference_no);
    }
    // Each attempt is answered on its own reference: paying the second leaves nothing for the first.
    expect((await vnpayIpn(second.body.data.url as string, "paid")).RspCode).toBe("00");
    expect((await paymentRow(second.body.data.payment_id)).status).toBe("PAID");
    expect((await paymentRow(a.attempt.payment_id)).status).toBe("CANCEL");
  });

  it("vnp_Locale is vn for a Vietnamese page and en for an English one", async () => {
    const b = await buyer();
    const vi = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: false,
      lang: "vi",
    });
    const en = await checkout(b.cookie, {
      order_id: b.order.order_id,
      method: "VNPAY",
      use_point: false,
      lang: "en",
    });
    expect(vnpayParams(vi.body.data.url as string).vnp_Locale).toBe("vn");
    expect(vnpayParams(en.body.data.url as string).vnp_Locale).toBe("en");
  });

  it("the return page's parameters are checked but never pay", async () => {
    const a = await vnpayAttempt();
    const pay = vnpayParsePayUrl(a.url, KEYS.vnpay.hashSecret).params;
    const signed = vnpaySignedReturn(vnpayResultParams(pay, { outcome: "paid" }), KEYS.vnpay.hashSecret);
    const back = await call<{ payment_id: string; valid: boolean; transaction_id: string | null }>(
      "/payment/gateway-return",
      {
        gateway: "VNPAY",
        params: Object.fromEntries(new URLSearchParams(signed)),
      },
    );
    // A signed return carries the order's capability (the result page needs no session).
    expect(back.body.data).toEqual({
      payment_id: a.attempt.payment_id,
      valid: true,
      transaction_id: a.order.transaction_id,
    });
    const forged = Object.fromEntries(
      new URLSearchParams(signed.replace(/vnp_Amount=\d+/, "vnp_Amount=100")),
    );
    const refused = await call<{ valid: boolean; transaction_id: string | null }>("/payment/gateway-return", {
      gateway: "VNPAY",
      params: forged,
    });
    expect(refused.body.data.valid).toBe(false);
    // A forged return learns no capability.
    expect(refused.body.data.transaction_id).toBeNull();
    await expectUntouched(a, 0);
  });
});
