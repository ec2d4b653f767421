import { QRPay } from "vietnam-qr-pay";
import { describe, expect, it } from "vitest";
import { buildVietQrPayload, crc16Ccitt, vietQrContent } from "./vietqr";

/** A plain EMVCo TLV walk, written here so the test does not trust the builder's own framing. */
function parseTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`bad TLV at ${at}`);
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`truncated TLV ${id}`);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

describe("crc16Ccitt", () => {
  it("is CRC-16/CCITT-FALSE: check value of 123456789 is 29B1", () => {
    expect(crc16Ccitt("123456789")).toBe("29B1");
    expect(crc16Ccitt("")).toBe("FFFF");
  });
});

describe("published VietQR strings", () => {
  // From the vietnam-qr-pay package (github.com/xuannghia/vietnam-qr-pay): README "VietQR Tĩnh",
  // "VietQR Động" and "ZaloPay" examples, and test/test-vietqr.spec.ts (amount 1000).
  it.each([
    [
      "static, ACB",
      { bankBin: "970416", accountNo: "257678859" },
      "00020101021138530010A0000007270123000697041601092576788590208QRIBFTTA53037045802VN6304AE9F",
    ],
    [
      "dynamic, ACB, 10000 VND, content",
      { bankBin: "970416", accountNo: "257678859", amountVnd: 10000, content: "Chuyen tien" },
      "00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA53037045405100005802VN62150811Chuyen tien630453E6",
    ],
    [
      "dynamic, ACB, 1000 VND, content",
      { bankBin: "970416", accountNo: "257678859", amountVnd: 1000, content: "Chuyen tien" },
      "00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA5303704540410005802VN62150811Chuyen tien6304BBB8",
    ],
    [
      "static, a wallet's BVBank account with letters",
      { bankBin: "970454", accountNo: "99ZP24009M07248267" },
      "00020101021138620010A00000072701320006970454011899ZP24009M072482670208QRIBFTTA53037045802VN6304073C",
    ],
  ])("%s", (_name, input, expected) => {
    expect(buildVietQrPayload(input)).toBe(expected);
  });
});

describe("buildVietQrPayload", () => {
  const input = {
    bankBin: "970436",
    accountNo: "0071000888999",
    amountVnd: 1_250_000,
    content: "Đơn hàng ORD-2024-07",
  };

  it("decodes with an independent library to the same bank, account, amount and content", () => {
    const payload = buildVietQrPayload(input);
    const decoded = new QRPay(payload);
    expect(decoded.isValid).toBe(true);
    expect(decoded.initMethod).toBe("12");
    expect(decoded.provider.guid).toBe("A000000727");
    expect(decoded.consumer.bankBin).toBe("970436");
    expect(decoded.consumer.bankNumber).toBe("0071000888999");
    expect(decoded.amount).toBe("1250000");
    expect(decoded.currency).toBe("704");
    expect(decoded.nation).toBe("VN");
    expect(decoded.additionalData.purpose).toBe("Don hang ORD202407");
    // Rebuilt by the library from what it decoded: the very same string, checksum included.
    expect(decoded.build()).toBe(payload);
  });

  it("frames every field in order and ends with a CRC over everything up to 6304", () => {
    const payload = buildVietQrPayload(input);
    const fields = parseTlv(payload);
    expect([...fields.keys()]).toEqual(["00", "01", "38", "53", "54", "58", "62", "63"]);
    const account = parseTlv(fields.get("38") ?? "");
    expect(account.get("00")).toBe("A000000727");
    expect(account.get("02")).toBe("QRIBFTTA");
    expect(Object.fromEntries(parseTlv(account.get("01") ?? ""))).toEqual({
      "00": "970436",
      "01": "0071000888999",
    });
    expect(parseTlv(fields.get("62") ?? "").get("08")).toBe("Don hang ORD202407");
    expect(fields.get("63")).toBe(crc16Ccitt(payload.slice(0, -4)));
    expect(payload.slice(-8, -4)).toBe("6304");
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
  });

  it("is static without an amount and leaves out ID 62 without content", () => {
    const fields = parseTlv(buildVietQrPayload({ bankBin: "970436", accountNo: "123", content: "" }));
    expect(fields.get("01")).toBe("11");
    expect(fields.has("54")).toBe(false);
    expect(fields.has("62")).toBe(false);
  });

  it.each([
    ["a 5-digit BIN", { bankBin: "97043", accountNo: "1" }],
    ["a BIN with a letter", { bankBin: "97043a", accountNo: "1" }],
    ["an empty account", { bankBin: "970436", accountNo: "" }],
    ["an account with a space", { bankBin: "970436", accountNo: "0071 000" }],
    ["a fractional amount", { bankBin: "970436", accountNo: "1", amountVnd: 1000.5 }],
    ["a negative amount", { bankBin: "970436", accountNo: "1", amountVnd: -1000 }],
    ["a zero amount", { bankBin: "970436", accountNo: "1", amountVnd: 0 }],
    ["content over 25 characters", { bankBin: "970436", accountNo: "1", content: "x".repeat(26) }],
  ])("refuses %s", (_name, bad) => {
    expect(() => buildVietQrPayload(bad)).toThrow(RangeError);
  });
});

describe("vietQrContent", () => {
  it.each([
    ["Thanh toán ĐH-01", "Thanh toan DH01"],
    ["  ORD 2024  0001 ", "ORD 2024 0001"],
    ["Mã: #42 (đặt cọc)", "Ma 42 dat coc"],
  ])("%s → %s", (text, expected) => {
    expect(vietQrContent(text)).toBe(expected);
  });

  it("counts the 25 characters after plain-ASCII reduction", () => {
    expect(vietQrContent(`${"đ".repeat(25)}!!`)).toBe("d".repeat(25));
  });
});
