// The portal's gateway code against the test peers' gateway side (tests/peers/gateway-signing.ts),
// two implementations written apart: each direction of each exchange must agree.
import { describe, expect, it } from "vitest";
import {
  vnpayCheckQueryRequest,
  vnpayDate,
  vnpayParsePayUrl,
  vnpayQueryAnswer,
  vnpayResultParams,
  vnpaySignedReturn,
  zalopayCheckCreateOrder,
  zalopayCheckQuery,
  zalopayPaidData,
  zalopayQueryAnswer,
  zalopaySignedCallback,
  zalopaySignedRedirect,
} from "@/tests/peers/gateway-signing";
import {
  buildVnpayPayUrl,
  buildVnpayQueryRequest,
  verifyVnpayParams,
  verifyVnpayQueryResponse,
} from "./vnpay";
import {
  buildZalopayCreateOrder,
  buildZalopayQuery,
  verifyZalopayCallback,
  verifyZalopayRedirect,
  zalopayAppTransId,
} from "./zalopay";

const SECRET = "PEERSECRETPEERSECRETPEERSECRET12";
const now = new Date("2024-12-31T17:30:00Z");

const payUrl = () =>
  buildVnpayPayUrl({
    payUrl: "http://127.0.0.1:4010/paymentv2/vpcpay.html",
    tmnCode: "PEERTMN1",
    hashSecret: SECRET,
    amountVnd: 99_000,
    txnRef: "ORD2024000171A3",
    orderInfo: "Thanh toán đơn hàng ORD-2024-0001",
    orderType: "other",
    locale: "vn",
    returnUrl: "http://127.0.0.1:3000/checkout/return/vnpay",
    ipAddr: "127.0.0.1",
    createDate: now,
    expireDate: new Date(now.getTime() + 15 * 60_000),
  });

describe("VNPAY, portal ↔ peer", () => {
  it("the peer accepts the portal's pay URL and refuses it with another secret or a changed amount", () => {
    const parsed = vnpayParsePayUrl(payUrl(), SECRET);
    expect(parsed).toMatchObject({ ok: true, missing: [] });
    expect(parsed.params.vnp_Amount).toBe("9900000");
    expect(vnpayParsePayUrl(payUrl(), "other").ok).toBe(false);
    expect(vnpayParsePayUrl(payUrl().replace("vnp_Amount=9900000", "vnp_Amount=100"), SECRET).ok).toBe(false);
  });

  it("the portal accepts the peer's signed return and IPN, and refuses them with another secret", () => {
    const pay = vnpayParsePayUrl(payUrl(), SECRET).params;
    for (const outcome of ["paid", "cancelled", "failed"] as const) {
      const query = vnpaySignedReturn(vnpayResultParams(pay, { outcome, payDate: now }), SECRET);
      const params = Object.fromEntries(new URLSearchParams(query));
      expect(verifyVnpayParams(params, SECRET), outcome).toBe(true);
      expect(verifyVnpayParams(params, "other"), outcome).toBe(false);
    }
  });

  it("agrees on Vietnam dates", () => {
    expect(vnpayDate(now)).toBe("20250101003000");
  });

  it("querydr: the peer accepts the portal's request, the portal the peer's answer", () => {
    const request = buildVnpayQueryRequest({
      tmnCode: "PEERTMN1",
      hashSecret: SECRET,
      txnRef: "ORD2024000171A3",
      transactionDate: now,
      createDate: now,
      ipAddr: "127.0.0.1",
      requestId: "REQ1",
      orderInfo: "Query ORD2024000171A3",
    });
    expect(vnpayCheckQueryRequest(request, SECRET)).toBe(true);
    expect(vnpayCheckQueryRequest({ ...request, vnp_TxnRef: "X" }, SECRET)).toBe(false);

    for (const transactionStatus of ["00", "01", "02"] as const) {
      const answer = vnpayQueryAnswer({
        hashSecret: SECRET,
        tmnCode: "PEERTMN1",
        txnRef: "ORD2024000171A3",
        amountVnd: 99_000,
        transactionStatus,
        orderInfo: "Thanh toan don hang ORD20240001",
        payDate: now,
      });
      expect(verifyVnpayQueryResponse(answer, SECRET), transactionStatus).toBe(true);
      expect(
        verifyVnpayQueryResponse({ ...answer, vnp_TransactionStatus: "00", vnp_Amount: "1" }, SECRET),
      ).toBe(false);
    }
    const notFound = vnpayQueryAnswer({
      hashSecret: SECRET,
      tmnCode: "PEERTMN1",
      txnRef: "NOPE",
      amountVnd: 0,
      transactionStatus: "01",
      responseCode: "91",
    });
    expect(verifyVnpayQueryResponse(notFound, SECRET)).toBe(true);
  });
});

describe("ZaloPay, portal ↔ peer", () => {
  const KEY1 = "peer-key1-peer-key1-peer-key1-12";
  const KEY2 = "peer-key2-peer-key2-peer-key2-12";
  const create = () =>
    buildZalopayCreateOrder({
      appId: "2554",
      key1: KEY1,
      appUser: "user-1",
      amountVnd: 99_000,
      appTransId: zalopayAppTransId("ORD2024000171A3", now),
      appTime: now.getTime(),
      item: [{ reference_no: "ORD-2024-0001" }],
      embedData: { redirecturl: "http://127.0.0.1:3000/checkout/return/zalopay", payment_id: "p1" },
      description: "Thanh toán đơn hàng ORD-2024-0001",
      callbackUrl: "http://127.0.0.1:3000/2.0/payment/zalopay-callback",
    });

  it("the peer accepts the portal's create form and query form", () => {
    const form = { ...create() };
    expect(zalopayCheckCreateOrder(form, KEY1)).toBe(true);
    expect(zalopayCheckCreateOrder({ ...form, amount: "1" }, KEY1)).toBe(false);
    expect(zalopayCheckCreateOrder(form, KEY2)).toBe(false);
    const query = buildZalopayQuery({ appId: 2554, key1: KEY1, appTransId: form.app_trans_id });
    expect(zalopayCheckQuery(query, KEY1)).toBe(true);
    expect(zalopayCheckQuery({ ...query, app_trans_id: "x" }, KEY1)).toBe(false);
  });

  it("the portal accepts the peer's callback for that order and refuses it under key1", () => {
    const form = { ...create() };
    const callback = zalopaySignedCallback(zalopayPaidData(form, { serverTime: now.getTime() }), KEY2);
    const verified = verifyZalopayCallback(callback, KEY2);
    expect(verified.ok).toBe(true);
    if (verified.ok) {
      expect(verified.data.app_trans_id).toBe("250101_ORD2024000171A3");
      expect(verified.data.amount).toBe(99_000);
    }
    expect(verifyZalopayCallback(callback, KEY1).ok).toBe(false);
  });

  it("the portal accepts the peer's signed redirect, paid or not", () => {
    const form = { ...create() };
    for (const paid of [true, false]) {
      const redirect = zalopaySignedRedirect(form, { paid, key2: KEY2 });
      expect(verifyZalopayRedirect(redirect, KEY2)).toBe(true);
      expect(verifyZalopayRedirect({ ...redirect, amount: "1" }, KEY2)).toBe(false);
    }
  });

  it("answers queries with ZaloPay's codes", () => {
    expect(zalopayQueryAnswer({ status: "paid", amountVnd: 99_000 })).toMatchObject({
      return_code: 1,
      is_processing: false,
      amount: 99_000,
    });
    expect(zalopayQueryAnswer({ status: "failed", amountVnd: 99_000 }).return_code).toBe(2);
    expect(zalopayQueryAnswer({ status: "pending", amountVnd: 99_000 })).toMatchObject({
      return_code: 3,
      is_processing: true,
    });
  });
});
