import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  buildZalopayCreateOrder,
  buildZalopayQuery,
  verifyZalopayCallback,
  verifyZalopayRedirect,
  zalopayAppTransId,
  zalopayCallbackAnswer,
  zalopayCallbackMac,
  zalopayRedirectChecksum,
} from "./zalopay";

// Computed here with node:crypto over strings written out by hand, not by the module's code.
const hmac256 = (key: string, data: string) => createHmac("sha256", key).update(data, "utf8").digest("hex");

// ZaloPay's public sandbox app 2553 (its docs and demos publish these keys).
const APP_ID = 2553;
const KEY1 = "PcY4iZIKFCIdgZvA6ueMcMHHUbRLYjPL";
const KEY2 = "kLtgPl8HHhfvMuDHPwKfgfsY4Ydm9eIz";

/**
 * The callback sample of ZaloPay's own documentation (docs.zalopay.vn/docs/specs/callback-api,
 * "Data sample"): `data` exactly as ZaloPay sent it and its mac under app 2553's key2.
 */
const DOCUMENTED_CALLBACK = {
  data: '{"app_id":2553,"app_trans_id":"200904_2553_1598435687208","app_time":1599189392817,"app_user":"demo","amount":10000,"embed_data":"{\\"merchantinfo\\":\\"embeddata123\\",\\"promotioninfo\\":\\"\\"}","item":"[{\\"itemid\\":\\"knb\\",\\"itemname\\":\\"kim nguyen bao\\",\\"itemprice\\":198400,\\"itemquantity\\":1}]","zp_trans_id":200904000000389,"server_time":1599189413498,"channel":38,"merchant_user_id":"7ZMSl3nEg5sOUJzOLSoUFT8xKNQVaLOLXHB--8Eytqc","user_fee_amount":0,"discount_amount":0}',
  mac: "d8d33baf449b31d7f9b94fa50d7c942c08cd4d83f28fa185557da21acb104f67",
  type: 1,
};

describe("verifyZalopayCallback", () => {
  it("accepts ZaloPay's documented callback and reads its data", () => {
    const result = verifyZalopayCallback(DOCUMENTED_CALLBACK, KEY2);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      app_id: 2553,
      app_trans_id: "200904_2553_1598435687208",
      amount: 10000,
      zp_trans_id: 200904000000389,
      server_time: 1599189413498,
      channel: 38,
    });
  });

  it("accepts the mac in upper case", () => {
    expect(
      verifyZalopayCallback({ ...DOCUMENTED_CALLBACK, mac: DOCUMENTED_CALLBACK.mac.toUpperCase() }, KEY2).ok,
    ).toBe(true);
  });

  it("refuses tampered data, the wrong key, or a missing mac", () => {
    const tampered = DOCUMENTED_CALLBACK.data.replace('"amount":10000', '"amount":1000000');
    expect(verifyZalopayCallback({ ...DOCUMENTED_CALLBACK, data: tampered }, KEY2)).toEqual({ ok: false });
    expect(verifyZalopayCallback(DOCUMENTED_CALLBACK, KEY1)).toEqual({ ok: false });
    expect(verifyZalopayCallback({ ...DOCUMENTED_CALLBACK, mac: "" }, KEY2)).toEqual({ ok: false });
  });

  it("checks the raw string: the same data re-serialised no longer matches", () => {
    const reserialised = JSON.stringify(JSON.parse(DOCUMENTED_CALLBACK.data), null, 1);
    expect(verifyZalopayCallback({ ...DOCUMENTED_CALLBACK, data: reserialised }, KEY2)).toEqual({
      ok: false,
    });
  });

  it("refuses signed data that is not a paid-order JSON object", () => {
    for (const data of ["not json", "[]", '{"app_trans_id":"x"}']) {
      expect(verifyZalopayCallback({ data, mac: hmac256(KEY2, data) }, KEY2), data).toEqual({ ok: false });
    }
  });
});

describe("zalopayAppTransId", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("prefixes the GMT+7 date", () => {
    expect(zalopayAppTransId("ORD1", new Date("2024-12-31T16:59:59Z"))).toBe("241231_ORD1");
    expect(zalopayAppTransId("ORD1", new Date("2024-12-31T17:00:00Z"))).toBe("250101_ORD1");
  });

  it("does not depend on the process time zone", () => {
    for (const tz of ["UTC", "America/New_York", "Asia/Ho_Chi_Minh"]) {
      process.env.TZ = tz;
      expect(zalopayAppTransId("R", new Date("2024-12-31T17:30:00Z")), tz).toBe("250101_R");
    }
  });

  it("refuses a reference ZaloPay cannot take", () => {
    const now = new Date("2024-01-01T00:00:00Z");
    expect(() => zalopayAppTransId("x".repeat(34), now)).toThrow();
    expect(zalopayAppTransId("x".repeat(33), now)).toHaveLength(40);
    expect(() => zalopayAppTransId("a b", now)).toThrow();
    expect(() => zalopayAppTransId("", now)).toThrow();
  });
});

describe("buildZalopayCreateOrder", () => {
  const opts = {
    appId: APP_ID,
    key1: KEY1,
    appUser: "user123",
    amountVnd: 50_000,
    appTransId: "250101_ORD1",
    appTime: 1_735_666_200_000,
    item: [{ reference_no: "ORD-1" }],
    embedData: { redirecturl: "https://portal.example.vn/checkout/return/zalopay" },
    description: "Thanh toán đơn hàng ORD-1",
  };

  it("serialises item and embed_data once and macs app_id|app_trans_id|app_user|amount|app_time|embed_data|item", () => {
    const body = buildZalopayCreateOrder({ ...opts, callbackUrl: "https://portal.example.vn/cb" });
    const embedData = '{"redirecturl":"https://portal.example.vn/checkout/return/zalopay"}';
    const item = '[{"reference_no":"ORD-1"}]';
    expect(body).toEqual({
      app_id: "2553",
      app_user: "user123",
      app_trans_id: "250101_ORD1",
      app_time: "1735666200000",
      amount: "50000",
      item,
      embed_data: embedData,
      description: "Thanh toán đơn hàng ORD-1",
      callback_url: "https://portal.example.vn/cb",
      mac: hmac256(KEY1, `2553|250101_ORD1|user123|50000|1735666200000|${embedData}|${item}`),
    });
  });

  it("accepts the app id as a string and adds bank_code only when given", () => {
    const body = buildZalopayCreateOrder({ ...opts, appId: "2553", bankCode: "zalopayapp" });
    expect(body.bank_code).toBe("zalopayapp");
    expect(body.callback_url).toBeUndefined();
    expect(body.mac).toBe(buildZalopayCreateOrder(opts).mac);
  });

  it("refuses what ZaloPay would reject", () => {
    expect(() => buildZalopayCreateOrder({ ...opts, amountVnd: 10.5 })).toThrow();
    expect(() => buildZalopayCreateOrder({ ...opts, amountVnd: -1 })).toThrow();
    expect(() => buildZalopayCreateOrder({ ...opts, appUser: "" })).toThrow();
    expect(() => buildZalopayCreateOrder({ ...opts, description: "x".repeat(257) })).toThrow();
    expect(() => buildZalopayCreateOrder({ ...opts, embedData: { x: "y".repeat(1100) } })).toThrow();
  });
});

describe("buildZalopayQuery", () => {
  it("macs app_id|app_trans_id|key1 with key1", () => {
    expect(buildZalopayQuery({ appId: APP_ID, key1: KEY1, appTransId: "250101_ORD1" })).toEqual({
      app_id: "2553",
      app_trans_id: "250101_ORD1",
      mac: hmac256(KEY1, `2553|250101_ORD1|${KEY1}`),
    });
  });
});

describe("zalopayCallbackMac", () => {
  it("reproduces the documented callback's mac", () => {
    expect(zalopayCallbackMac(DOCUMENTED_CALLBACK.data, KEY2)).toBe(DOCUMENTED_CALLBACK.mac);
  });
});

describe("redirect checksum", () => {
  const params = {
    appid: "2553",
    apptransid: "250101_ORD1",
    pmcid: "38",
    bankcode: "",
    amount: "50000",
    discountamount: "0",
    status: "1",
  };
  const checksum = hmac256(KEY2, "2553|250101_ORD1|38||50000|0|1");

  it("is key2 over appid|apptransid|pmcid|bankcode|amount|discountamount|status", () => {
    expect(zalopayRedirectChecksum(params, KEY2)).toBe(checksum);
    expect(verifyZalopayRedirect({ ...params, checksum }, KEY2)).toBe(true);
    expect(verifyZalopayRedirect({ ...params, checksum: checksum.toUpperCase() }, KEY2)).toBe(true);
  });

  it("refuses a changed status, the wrong key or no checksum", () => {
    expect(verifyZalopayRedirect({ ...params, status: "-49", checksum }, KEY2)).toBe(false);
    expect(verifyZalopayRedirect({ ...params, checksum }, KEY1)).toBe(false);
    expect(verifyZalopayRedirect(params, KEY2)).toBe(false);
  });
});

describe("zalopayCallbackAnswer", () => {
  it.each([
    ["ok", 1],
    ["duplicate", 2],
    ["bad_mac", -1],
    ["invalid", -1],
    ["error", 0],
  ] as const)("%s → return_code %i", (kind, code) => {
    const answer = zalopayCallbackAnswer(kind);
    expect(answer.return_code).toBe(code);
    expect(answer.return_message.length).toBeGreaterThan(0);
  });
});
