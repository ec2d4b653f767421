import { describe, expect, it } from "vitest";
import { esmsPhone, internationalDigits } from "./phone";

describe("phone numbers for the vendors", () => {
  it("gives Zalo 84… for the portal's Vietnamese numbers, and other countries' international digits", () => {
    expect(internationalDigits("0912345678")).toBe("84912345678");
    expect(internationalDigits("0387654321")).toBe("84387654321");
    expect(internationalDigits("+84912345678")).toBe("84912345678");
    expect(internationalDigits("+66812345678")).toBe("66812345678");
  });

  it("gives eSMS its documented 0xxxxxxxxx for Vietnam", () => {
    expect(esmsPhone("0912345678")).toBe("0912345678");
    expect(esmsPhone("+84912345678")).toBe("0912345678");
    expect(esmsPhone("+66812345678")).toBe("66812345678");
  });
});
