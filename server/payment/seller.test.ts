import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { receiptSeller } from "./seller";

const secrets = {
  SESSION_SECRET: "s".repeat(32),
  DATA_ENCRYPTION_KEY: "d".repeat(32),
  ALTCHA_HMAC_KEY: "a".repeat(32),
};
const SELLER = {
  SELLER_NAME: "CÔNG TY TNHH CỔNG TÀI KHOẢN",
  SELLER_ADDRESS: "12 Nguyễn Huệ, Phường Sài Gòn, TP. Hồ Chí Minh",
  SELLER_TAX_CODE: "0312345678",
};

describe("receiptSeller", () => {
  it("names the configured seller, in production too", () => {
    const config = parseEnv({ ...secrets, ...SELLER, NODE_ENV: "production" });
    expect(receiptSeller(config)).toEqual({
      name: SELLER.SELLER_NAME,
      address: SELLER.SELLER_ADDRESS,
      taxCode: "0312345678",
      isSample: false,
    });
  });

  it("accepts a branch's 10-3 tax code and a person's 12 digits", () => {
    for (const code of ["0312345678-001", "001099012345"]) {
      const config = parseEnv({ ...secrets, ...SELLER, SELLER_TAX_CODE: code });
      expect(receiptSeller(config)?.taxCode).toBe(code);
    }
  });

  it("unset: sample values marked as such in development and with OUTBOX_UI, nothing in production", () => {
    const development = receiptSeller(parseEnv({ ...secrets, NODE_ENV: "development" }));
    expect(development).toMatchObject({ isSample: true, taxCode: "0000000000" });
    expect(development?.name).toMatch(/SAMPLE/);
    expect(receiptSeller(parseEnv({ ...secrets, NODE_ENV: "production", OUTBOX_UI: "1" }))?.isSample).toBe(
      true,
    );
    expect(receiptSeller(parseEnv({ ...secrets, NODE_ENV: "production" }))).toBeNull();
  });

  it("refuses a seller without its address or tax code, and a malformed tax code", () => {
    expect(() => parseEnv({ ...secrets, SELLER_NAME: SELLER.SELLER_NAME })).toThrow(/SELLER_NAME/);
    const { SELLER_TAX_CODE: _, ...withoutTaxCode } = SELLER;
    expect(() => parseEnv({ ...secrets, ...withoutTaxCode })).toThrow(/together/);
    expect(() => parseEnv({ ...secrets, ...SELLER, SELLER_TAX_CODE: "03123" })).toThrow(/SELLER_TAX_CODE/);
  });
});
