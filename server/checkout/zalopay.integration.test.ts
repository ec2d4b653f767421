// ZaloPay end to end: the portal creates the order at a local ZaloPay peer (mac checked with key1),
// ZaloPay's callback (key2) pays it once, and a query answers for a callback that never came.
import { beforeEach, describe, expect, it } from "vitest";
import {
  vnpayDate,
  zalopayPaidData,
  zalopaySignedCallback,
  zalopaySignedRedirect,
} from "@/tests/peers/gateway-signing";
import { call, ORIGIN } from "@/tests/setup/api";
import {
  buyer,
  checkout,
  KEYS,
  oneExtension,
  orderEventsOf,
  orderRow,
  outboxEventsOf,
  paymentRow,
  pointLogsOf,
  pointsOf,
  setUpGatewayPeer,
  startedCheckout,
  storesOf,
} from "@/tests/support/checkout";

const peer = setUpGatewayPeer();
beforeEach(() => {
  peer.zalopayCreateMode = "ok";
  peer.now = () => Date.now();
});

async function zalopayAttempt(points = 0) {
  const started = await startedCheckout("ZALOPAY", points);
  const payment = await paymentRow(started.attempt.payment_id);
  const form = peer.zalopayCreates.get(payment.gatewayRef ?? "");
  if (!form) throw new Error("the peer received no valid create for this attempt");
  return { ...started, form, appTransId: payment.gatewayRef as string };
}

const callback = (body: { data: string; mac: string; type?: number }) =>
  call("/payment/zalopay-callback", body, { headers: { origin: "" } }).then(
    (r) => r.body as unknown as { return_code: number; return_message: string },
  );

const status = (cookie: string, paymentId: string, refresh = true) =>
  call<{ status: string; order_status: string; points_used: number }>(
    "/payment/status",
    { payment_id: paymentId, refresh },
    { cookie },
  );

describe("ZaloPay create", () => {
  it("the portal creates the order at ZaloPay with a key1 mac and sends the buyer to its order_url", async () => {
    const before = peer.rejected.length;
    const a = await zalopayAttempt(25);
    expect(peer.rejected.length).toBe(before);
    expect(a.attempt.url).toBe(
      `https://qcgateway.zalopay.test/openinapp?order=${encodeURIComponent(a.appTransId)}`,
    );
    expect(a.form).toMatchObject({
      app_id: KEYS.zalopay.appId,
      app_user: a.user.id,
      amount: String(a.order.total - 25_000),
      callback_url: `${ORIGIN}/2.0/payment/zalopay-callback`,
    });
    expect(a.attempt.due).toBe(a.order.total - 25_000);
    const embed = JSON.parse(a.form.embed_data as string);
    expect(embed).toMatchObject({
      redirecturl: `${ORIGIN}/checkout/return/zalopay`,
      payment_id: a.attempt.payment_id,
    });
    expect(JSON.parse(a.form.item as string)).toEqual([{ reference_no: a.order.reference_no }]);
    // yymmdd_ on Vietnam's clock, then letters and digits; 40 characters at most.
    expect(a.appTransId).toMatch(/^\d{6}_[A-Za-z0-9]+$/);
    expect(a.appTransId.length).toBeLessThanOrEqual(40);
    expect(a.appTransId.slice(0, 6)).toBe(vnpayDate(new Date(Number(a.form.app_time))).slice(2, 8));
  });

  it("app_trans_id's date is Vietnam's: 17:30 UTC is already the next day", async () => {
    const b = await buyer();
    const at = new Date();
    at.setUTCHours(17, 30, 0, 0);
    if (at.getTime() > Date.now()) at.setUTCDate(at.getUTCDate() - 1);
    peer.now = () => at.getTime();
    const started = await checkout(
      b.cookie,
      { order_id: b.order.order_id, method: "ZALOPAY", use_point: false },
      { clock: () => at },
    );
    expect(started.body.code).toBe(200);
    const ref = (await paymentRow(started.body.data.payment_id)).gatewayRef as string;
    const nextDay = new Date(at.getTime() + 86_400_000).toISOString().slice(2, 10).replace(/-/g, "");
    expect(ref.startsWith(`${nextDay}_`)).toBe(true);
    expect(peer.zalopayCreates.get(ref)?.app_time).toBe(String(at.getTime()));
  });
});

describe("ZaloPay callback", () => {
  it("a good callback answers return_code 1 and pays once; a duplicate answers 2", async () => {
    const a = await zalopayAttempt(10);
    const body = zalopaySignedCallback(
      zalopayPaidData(a.form, { zpTransId: 250_101_000_000_001 }),
      KEYS.zalopay.key2,
    );
    expect(await callback(body)).toMatchObject({ return_code: 1 });

    const order = await orderRow(a.order.order_id);
    expect(order.status).toBe("PAID");
    expect(await paymentRow(a.attempt.payment_id)).toMatchObject({
      status: "PAID",
      gatewayTxn: "250101000000001",
    });
    const [extended] = await storesOf(order.id);
    expect(extended?.store?.expiresAt?.getTime()).toBe(oneExtension(order.paidAt as Date, 1).getTime());
    expect((await outboxEventsOf(order.id)).map((e) => e.type)).toEqual(["order.paid"]);

    expect(await callback(body)).toMatchObject({ return_code: 2 });
    expect((await orderEventsOf(order.id)).map((e) => e.toStatus)).toEqual(["PAID"]);
    expect((await outboxEventsOf(order.id)).map((e) => e.type)).toEqual(["order.paid"]);
    expect(extended?.store?.lastExpiresAt).toBeNull();
    expect((await storesOf(order.id))[0]?.store?.expiresAt?.getTime()).toBe(
      extended?.store?.expiresAt?.getTime(),
    );
    expect((await pointLogsOf(a.user.id)).map((l) => l.points)).toEqual([10, -10]);
  });

  it("a callback with a bad mac is refused (not 1) and changes nothing", async () => {
    const a = await zalopayAttempt(10);
    const data = zalopayPaidData(a.form);
    const wrongKey = zalopaySignedCallback(data, "not-key2-0123456789abcdef");
    expect((await callback(wrongKey)).return_code).not.toBe(1);
    // key1 is not the callback key.
    expect((await callback(zalopaySignedCallback(data, KEYS.zalopay.key1))).return_code).not.toBe(1);
    // A good mac over other data.
    const good = zalopaySignedCallback(data, KEYS.zalopay.key2);
    const altered = { ...good, data: good.data.replace(/"amount":\d+/, '"amount":1000') };
    expect((await callback(altered)).return_code).not.toBe(1);

    expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
    expect((await paymentRow(a.attempt.payment_id)).status).toBe("PENDING");
    expect(await orderEventsOf(a.order.order_id)).toEqual([]);
    expect(await outboxEventsOf(a.order.order_id)).toEqual([]);
    expect(await pointsOf(a.user.id)).toBe(0);
  });

  it("a signed callback for another amount does not pay", async () => {
    const a = await zalopayAttempt();
    const body = zalopaySignedCallback(zalopayPaidData(a.form, { amountVnd: 1000 }), KEYS.zalopay.key2);
    expect((await callback(body)).return_code).not.toBe(1);
    expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
  });
});

describe("ZaloPay query (no callback)", () => {
  it("a cancellation has no callback: a refresh asks ZaloPay, which says failed → attempt CANCEL, points back", async () => {
    const a = await zalopayAttempt(35);
    expect(await pointsOf(a.user.id)).toBe(0);
    peer.zalopayStatus.set(a.appTransId, "failed");
    const queriesBefore = peer.zalopayQueries.length;
    const rejectedBefore = peer.rejected.length;

    const answer = await status(a.cookie, a.attempt.payment_id);
    expect(answer.body.data).toMatchObject({ status: "CANCEL", order_status: "PENDING" });
    const asked = peer.zalopayQueries.slice(queriesBefore);
    expect(asked.map((q) => q.app_trans_id)).toEqual([a.appTransId]);
    expect(peer.rejected.length).toBe(rejectedBefore);

    expect(await pointsOf(a.user.id)).toBe(35);
    expect((await pointLogsOf(a.user.id)).at(-1)).toMatchObject({
      points: 35,
      referenceNo: `${a.attempt.reference_no}-R`,
    });
    expect(await outboxEventsOf(a.order.order_id)).toEqual([]);
  });

  it("still processing: the attempt stays PENDING and nothing is given back", async () => {
    const a = await zalopayAttempt(5);
    peer.zalopayStatus.set(a.appTransId, "pending");
    const answer = await status(a.cookie, a.attempt.payment_id);
    expect(answer.body.data).toMatchObject({ status: "PENDING", order_status: "PENDING" });
    expect(await pointsOf(a.user.id)).toBe(0);
  });

  it("a late callback: ZaloPay's query says paid → the order is PAID without any callback; the callback then answers 2", async () => {
    const a = await zalopayAttempt();
    peer.zalopayStatus.set(a.appTransId, "paid");
    const answer = await status(a.cookie, a.attempt.payment_id);
    expect(answer.body.data).toMatchObject({ status: "PAID", order_status: "PAID" });
    const payment = await paymentRow(a.attempt.payment_id);
    expect(payment.gatewayTxn).toBe("240101000000389");
    expect((await orderEventsOf(a.order.order_id)).map((e) => [e.toStatus, e.actor])).toEqual([
      ["PAID", "query:ZALOPAY"],
    ]);
    expect((await outboxEventsOf(a.order.order_id)).map((e) => e.type)).toEqual(["order.paid"]);

    const late = zalopaySignedCallback(zalopayPaidData(a.form), KEYS.zalopay.key2);
    expect((await callback(late)).return_code).toBe(2);
    expect(await orderEventsOf(a.order.order_id)).toHaveLength(1);
  });

  it("without refresh the page only reads the database", async () => {
    const a = await zalopayAttempt();
    peer.zalopayStatus.set(a.appTransId, "paid");
    const before = peer.zalopayQueries.length;
    const answer = await status(a.cookie, a.attempt.payment_id, false);
    expect(answer.body.data.status).toBe("PENDING");
    expect(peer.zalopayQueries.length).toBe(before);
  });
});

describe("ZaloPay redirect", () => {
  it("the browser's return is checked with key2 but never pays", async () => {
    const a = await zalopayAttempt();
    const params = zalopaySignedRedirect(a.form, { paid: true, key2: KEYS.zalopay.key2 });
    const back = await call<{ payment_id: string; valid: boolean; transaction_id: string | null }>(
      "/payment/gateway-return",
      {
        gateway: "ZALOPAY",
        params,
      },
    );
    // A signed return carries the order's capability (the result page needs no session).
    expect(back.body.data).toEqual({
      payment_id: a.attempt.payment_id,
      valid: true,
      transaction_id: a.order.transaction_id,
    });
    const forged = zalopaySignedRedirect(a.form, { paid: true, key2: "not-key2-0123456789abcdef" });
    const refused = await call<{ valid: boolean; transaction_id: string | null }>("/payment/gateway-return", {
      gateway: "ZALOPAY",
      params: forged,
    });
    expect(refused.body.data.valid).toBe(false);
    // A forged return learns no capability.
    expect(refused.body.data.transaction_id).toBeNull();
    expect((await orderRow(a.order.order_id)).status).toBe("PENDING");
    expect((await paymentRow(a.attempt.payment_id)).status).toBe("PENDING");
  });
});
