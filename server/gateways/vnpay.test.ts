import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  buildVnpayPayUrl,
  buildVnpayQueryRequest,
  formatVnpayDate,
  sanitizeVnpayText,
  VNPAY_QUERY_RESPONSE_FIELDS,
  type VnpayPayUrlOptions,
  verifyVnpayParams,
  verifyVnpayQueryResponse,
  vnpayIpnAnswer,
  vnpaySecureHash,
  vnpaySignData,
} from "./vnpay";

// Computed here with node:crypto over strings written out by hand, not by the module's code.
const hmac512 = (key: string, data: string) => createHmac("sha512", key).update(data, "utf8").digest("hex");

/**
 * A return/IPN query and its hash from a third party: the `vnpay` npm package's test suite
 * (github.com/lehuygiang28/vnpay, test/verify-return-url.test.ts and test/verify-ipn-call.test.ts,
 * secret "test_secret"), where both hashes verify as VNPAY-signed.
 */
const PUBLISHED_RETURN = {
  vnp_Amount: "1000000",
  vnp_BankCode: "NCB",
  vnp_BankTranNo: "VNP14422574",
  vnp_CardType: "ATM",
  vnp_OrderInfo: "Thanh toan don hang 2024-05-21T02:17:31.249Z",
  vnp_PayDate: "20240521091806",
  vnp_ResponseCode: "00",
  vnp_TmnCode: "TEST_TMN_CODE",
  vnp_TransactionNo: "14422574",
  vnp_TransactionStatus: "00",
  vnp_TxnRef: "1716257871703",
  vnp_SecureHash:
    "649982421beb422556a1374713c74e58e716ecbd05007c0c0e1f7effdfaf361dbf146889ca446139afe11b9954c4d5c486e99e3b86fcfab6957f29eb0be72895",
};
const PUBLISHED_FAILED_HASH =
  "503194f6d93b57b357b2d1d09742565e67e86d771352c5dca4fc8d39df3d392c6b3809add9405f97cfb9631f445e36c80656cfbf47eac67d97fa165865c13e1b";

describe("published vectors", () => {
  it("reproduces the vnpay package's known hash for a return URL", () => {
    const { vnp_SecureHash, ...params } = PUBLISHED_RETURN;
    expect(vnpaySecureHash(params, "test_secret")).toBe(vnp_SecureHash);
    expect(verifyVnpayParams(PUBLISHED_RETURN, "test_secret")).toBe(true);
  });

  it("reproduces its second hash (response code 99)", () => {
    const failed = { ...PUBLISHED_RETURN, vnp_ResponseCode: "99", vnp_SecureHash: PUBLISHED_FAILED_HASH };
    expect(verifyVnpayParams(failed, "test_secret")).toBe(true);
  });

  it("builds the signed string of VNPAY's documented example URL byte for byte", () => {
    // sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html, "URL Thanh toán" example (DEMOV210).
    const documented =
      "vnp_Amount=1806000&vnp_Command=pay&vnp_CreateDate=20210801153333&vnp_CurrCode=VND&vnp_IpAddr=127.0.0.1" +
      "&vnp_Locale=vn&vnp_OrderInfo=Thanh+toan+don+hang+%3A5&vnp_OrderType=other" +
      "&vnp_ReturnUrl=https%3A%2F%2Fdomainmerchant.vn%2FReturnUrl&vnp_TmnCode=DEMOV210&vnp_TxnRef=5&vnp_Version=2.1.0";
    const params = {
      vnp_Version: "2.1.0",
      vnp_Command: "pay",
      vnp_TmnCode: "DEMOV210",
      vnp_Amount: "1806000",
      vnp_CreateDate: "20210801153333",
      vnp_CurrCode: "VND",
      vnp_IpAddr: "127.0.0.1",
      vnp_Locale: "vn",
      vnp_OrderInfo: "Thanh toan don hang :5",
      vnp_OrderType: "other",
      vnp_ReturnUrl: "https://domainmerchant.vn/ReturnUrl",
      vnp_TxnRef: "5",
    };
    expect(vnpaySignData(params)).toBe(documented);
  });
});

describe("signed string encoding", () => {
  it("writes spaces as + and Vietnamese letters as percent-encoded UTF-8", () => {
    // What VNPAY's PHP demo (urlencode) and Node demo (encodeURIComponent, %20 → +) both sign.
    expect(vnpaySignData({ vnp_OrderInfo: "Thanh toán đơn hàng" })).toBe(
      "vnp_OrderInfo=Thanh+to%C3%A1n+%C4%91%C6%A1n+h%C3%A0ng",
    );
    const signed = { vnp_OrderInfo: "Thanh toán đơn hàng", vnp_Amount: "1000000" };
    expect(vnpaySecureHash(signed, "k")).toBe(
      hmac512("k", "vnp_Amount=1000000&vnp_OrderInfo=Thanh+to%C3%A1n+%C4%91%C6%A1n+h%C3%A0ng"),
    );
  });

  it("sorts keys by code unit, as Array.prototype.sort in VNPAY's demo does", () => {
    expect(vnpaySignData({ vnp_b: "2", vnp_B: "1", vnp_a: "3" })).toBe("vnp_B=1&vnp_a=3&vnp_b=2");
  });

  it("verifies a Vietnamese order info VNPAY echoes back", () => {
    const params = { vnp_OrderInfo: "Thanh toán đơn hàng", vnp_TxnRef: "A1", vnp_Amount: "500000" };
    const hash = hmac512(
      "s",
      "vnp_Amount=500000&vnp_OrderInfo=Thanh+to%C3%A1n+%C4%91%C6%A1n+h%C3%A0ng&vnp_TxnRef=A1",
    );
    expect(verifyVnpayParams({ ...params, vnp_SecureHash: hash }, "s")).toBe(true);
  });
});

describe("verifyVnpayParams", () => {
  const secret = "test_secret";

  it("refuses any tampered parameter", () => {
    for (const key of Object.keys(PUBLISHED_RETURN)) {
      if (key === "vnp_SecureHash") continue;
      const tampered = {
        ...PUBLISHED_RETURN,
        [key]: `${PUBLISHED_RETURN[key as keyof typeof PUBLISHED_RETURN]}0`,
      };
      expect(verifyVnpayParams(tampered, secret), key).toBe(false);
    }
    expect(verifyVnpayParams({ ...PUBLISHED_RETURN, vnp_Extra: "1" }, secret)).toBe(false);
  });

  it("refuses a wrong secret, a missing hash, a truncated or non-hex hash", () => {
    expect(verifyVnpayParams(PUBLISHED_RETURN, "other_secret")).toBe(false);
    const { vnp_SecureHash, ...unsigned } = PUBLISHED_RETURN;
    expect(verifyVnpayParams(unsigned, secret)).toBe(false);
    expect(verifyVnpayParams({ ...unsigned, vnp_SecureHash: "" }, secret)).toBe(false);
    expect(verifyVnpayParams({ ...unsigned, vnp_SecureHash: vnp_SecureHash.slice(2) }, secret)).toBe(false);
    expect(verifyVnpayParams({ ...unsigned, vnp_SecureHash: `zz${vnp_SecureHash.slice(2)}` }, secret)).toBe(
      false,
    );
  });

  it("accepts the hash in upper case, ignores vnp_SecureHashType and parameters not named vnp_", () => {
    const upper = { ...PUBLISHED_RETURN, vnp_SecureHash: PUBLISHED_RETURN.vnp_SecureHash.toUpperCase() };
    expect(verifyVnpayParams(upper, secret)).toBe(true);
    expect(verifyVnpayParams({ ...PUBLISHED_RETURN, vnp_SecureHashType: "HmacSHA512" }, secret)).toBe(true);
    expect(verifyVnpayParams({ ...PUBLISHED_RETURN, lang: "vi" }, secret)).toBe(true);
  });

  it("accepts an empty field signed either with or without it", () => {
    const base = { vnp_Amount: "100", vnp_BankTranNo: "", vnp_TxnRef: "A1" };
    const withEmpty = hmac512("s", "vnp_Amount=100&vnp_BankTranNo=&vnp_TxnRef=A1");
    const withoutEmpty = hmac512("s", "vnp_Amount=100&vnp_TxnRef=A1");
    expect(verifyVnpayParams({ ...base, vnp_SecureHash: withEmpty }, "s")).toBe(true);
    expect(verifyVnpayParams({ ...base, vnp_SecureHash: withoutEmpty }, "s")).toBe(true);
    expect(verifyVnpayParams({ ...base, vnp_TxnRef: "A2", vnp_SecureHash: withoutEmpty }, "s")).toBe(false);
  });
});

describe("Vietnam dates", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("formats a UTC instant on the GMT+7 clock", () => {
    expect(formatVnpayDate(new Date("2024-05-21T02:17:31.249Z"))).toBe("20240521091731");
    // 17:30 UTC on New Year's Eve is already the next year in Hanoi.
    expect(formatVnpayDate(new Date("2024-12-31T17:30:00Z"))).toBe("20250101003000");
    expect(formatVnpayDate(new Date("2024-02-28T17:00:00Z"))).toBe("20240229000000");
  });

  it("does not depend on the process time zone", () => {
    const instant = new Date("2024-12-31T17:30:00Z");
    const offsets = new Set<number>();
    for (const tz of ["UTC", "America/Los_Angeles", "Asia/Tokyo", "Asia/Ho_Chi_Minh", "Pacific/Kiritimati"]) {
      process.env.TZ = tz;
      offsets.add(new Date("2024-12-31T17:30:00Z").getTimezoneOffset());
      expect(formatVnpayDate(instant), tz).toBe("20250101003000");
    }
    // The zones really changed under the formatter.
    expect(offsets.size).toBeGreaterThan(1);
  });

  it("refuses an invalid date", () => {
    expect(() => formatVnpayDate(new Date("nope"))).toThrow();
  });
});

describe("sanitizeVnpayText", () => {
  it.each([
    ["Thanh toán đơn hàng", "Thanh toan don hang"],
    ["ĐƠN HÀNG #ĐH-001 (x2)!", "DON HANG DH001 x2"],
    ["  a\t b ~ c * d 'e' ", "a b c d e"],
    ["Nguyễn Thị Ánh Tuyết", "Nguyen Thi Anh Tuyet"],
    ["漢字 only", "only"],
  ])("%s → %s", (input, expected) => {
    expect(sanitizeVnpayText(input)).toBe(expected);
  });
});

describe("buildVnpayPayUrl", () => {
  const opts: VnpayPayUrlOptions = {
    payUrl: "https://sandbox.vnpayment.vn/paymentv2/vpcpay.html",
    tmnCode: "TESTTMN1",
    hashSecret: "SECRETSECRETSECRETSECRETSECRET12",
    amountVnd: 150_000,
    txnRef: "ORD2024000171A3",
    orderInfo: "Thanh toán đơn hàng ORD-2024-0001!",
    orderType: "other",
    locale: "vn",
    returnUrl: "https://portal.example.vn/checkout/return/vnpay",
    ipAddr: "203.0.113.9",
    createDate: new Date("2024-12-31T17:30:00Z"),
    expireDate: new Date("2024-12-31T17:45:00Z"),
  };
  const expectedSignData =
    "vnp_Amount=15000000&vnp_Command=pay&vnp_CreateDate=20250101003000&vnp_CurrCode=VND" +
    "&vnp_ExpireDate=20250101004500&vnp_IpAddr=203.0.113.9&vnp_Locale=vn" +
    "&vnp_OrderInfo=Thanh+toan+don+hang+ORD20240001&vnp_OrderType=other" +
    "&vnp_ReturnUrl=https%3A%2F%2Fportal.example.vn%2Fcheckout%2Freturn%2Fvnpay" +
    "&vnp_TmnCode=TESTTMN1&vnp_TxnRef=ORD2024000171A3&vnp_Version=2.1.0";

  it("is the documented URL: every required field, sorted, signed last", () => {
    const url = buildVnpayPayUrl(opts);
    expect(url).toBe(
      `${opts.payUrl}?${expectedSignData}&vnp_SecureHash=${hmac512(opts.hashSecret, expectedSignData)}`,
    );
  });

  it("decodes to the values VNPAY must read, and verifies as a return would", () => {
    const parsed = new URL(buildVnpayPayUrl({ ...opts, bankCode: "NCB", locale: "en" }));
    const params = Object.fromEntries(parsed.searchParams);
    expect(params).toMatchObject({
      vnp_Version: "2.1.0",
      vnp_Command: "pay",
      vnp_TmnCode: "TESTTMN1",
      vnp_Amount: "15000000",
      vnp_CurrCode: "VND",
      vnp_BankCode: "NCB",
      vnp_Locale: "en",
      vnp_OrderInfo: "Thanh toan don hang ORD20240001",
      vnp_ReturnUrl: opts.returnUrl,
      vnp_CreateDate: "20250101003000",
      vnp_ExpireDate: "20250101004500",
    });
    expect(verifyVnpayParams(params, opts.hashSecret)).toBe(true);
  });

  it("refuses what VNPAY would reject or sign differently", () => {
    expect(() => buildVnpayPayUrl({ ...opts, amountVnd: 1000.5 })).toThrow();
    expect(() => buildVnpayPayUrl({ ...opts, amountVnd: 0 })).toThrow();
    expect(() => buildVnpayPayUrl({ ...opts, txnRef: "ORD-1" })).toThrow();
    expect(() => buildVnpayPayUrl({ ...opts, txnRef: "" })).toThrow();
    expect(() => buildVnpayPayUrl({ ...opts, orderInfo: "!!!" })).toThrow();
    expect(() => buildVnpayPayUrl({ ...opts, expireDate: opts.createDate })).toThrow();
  });
});

describe("vnpayIpnAnswer", () => {
  it.each([
    ["00", "Confirm Success"],
    ["01", "Order not found"],
    ["02", "Order already confirmed"],
    ["04", "Invalid amount"],
    ["97", "Invalid signature"],
    ["99", "Unknow error"],
  ] as const)("%s → %s", (code, message) => {
    expect(vnpayIpnAnswer(code)).toEqual({ RspCode: code, Message: message });
  });
});

describe("querydr", () => {
  const secret = "QUERYSECRET";

  it("signs the request over the documented pipe-joined fields", () => {
    const body = buildVnpayQueryRequest({
      tmnCode: "TESTTMN1",
      hashSecret: secret,
      txnRef: "ORD2024000171A3",
      transactionDate: new Date("2024-12-31T17:30:00Z"),
      createDate: new Date("2025-01-01T01:02:03Z"),
      ipAddr: "127.0.0.1",
      requestId: "REQ123",
      orderInfo: "Query ORD2024000171A3",
    });
    const data =
      "REQ123|2.1.0|querydr|TESTTMN1|ORD2024000171A3|20250101003000|20250101080203|127.0.0.1|Query ORD2024000171A3";
    expect(body).toEqual({
      vnp_RequestId: "REQ123",
      vnp_Version: "2.1.0",
      vnp_Command: "querydr",
      vnp_TmnCode: "TESTTMN1",
      vnp_TxnRef: "ORD2024000171A3",
      vnp_OrderInfo: "Query ORD2024000171A3",
      vnp_TransactionDate: "20250101003000",
      vnp_CreateDate: "20250101080203",
      vnp_IpAddr: "127.0.0.1",
      vnp_SecureHash: hmac512(secret, data),
    });
  });

  const answer = {
    vnp_ResponseId: "RES1",
    vnp_Command: "querydr",
    vnp_ResponseCode: "00",
    vnp_Message: "QueryDR Success",
    vnp_TmnCode: "TESTTMN1",
    vnp_TxnRef: "ORD2024000171A3",
    vnp_Amount: "15000000",
    vnp_BankCode: "NCB",
    vnp_PayDate: "20250101003512",
    vnp_TransactionNo: "14422574",
    vnp_TransactionType: "01",
    vnp_TransactionStatus: "00",
    vnp_OrderInfo: "Thanh toan don hang ORD20240001",
  };
  // No promotion: the last two fields are empty but still take their place.
  const answerData =
    "RES1|querydr|00|QueryDR Success|TESTTMN1|ORD2024000171A3|15000000|NCB|20250101003512|14422574|01|00|Thanh toan don hang ORD20240001||";

  it("verifies a response over the documented field order", () => {
    expect(VNPAY_QUERY_RESPONSE_FIELDS).toHaveLength(15);
    const signed = { ...answer, vnp_SecureHash: hmac512(secret, answerData) };
    expect(verifyVnpayQueryResponse(signed, secret)).toBe(true);
    // VNPAY may send the amount as a JSON number.
    expect(verifyVnpayQueryResponse({ ...signed, vnp_Amount: 15000000 }, secret)).toBe(true);
  });

  it("refuses a tampered or unsigned response", () => {
    const signed = { ...answer, vnp_SecureHash: hmac512(secret, answerData) };
    expect(verifyVnpayQueryResponse({ ...signed, vnp_TransactionStatus: "02" }, secret)).toBe(false);
    expect(verifyVnpayQueryResponse({ ...signed, vnp_Amount: "15000001" }, secret)).toBe(false);
    expect(verifyVnpayQueryResponse({ ...signed, vnp_PromotionCode: "X" }, secret)).toBe(false);
    expect(verifyVnpayQueryResponse({ ...signed, vnp_Amount: { n: 1 } }, secret)).toBe(false);
    expect(verifyVnpayQueryResponse(answer, secret)).toBe(false);
    expect(verifyVnpayQueryResponse(signed, "other")).toBe(false);
  });
});
