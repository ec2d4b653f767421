import { describe, expect, it } from "vitest";
import { stripVietnameseDiacritics } from "./vietnamese";

describe("stripVietnameseDiacritics", () => {
  it("takes every tone and vowel mark off, and đ becomes d", () => {
    expect(stripVietnameseDiacritics("Mã xác thực của bạn là 123456")).toBe("Ma xac thuc cua ban la 123456");
    expect(stripVietnameseDiacritics("Đăng ký tài khoản đầu tiên")).toBe("Dang ky tai khoan dau tien");
    expect(stripVietnameseDiacritics("Người dùng ở Hà Nội, Huế và Đà Nẵng")).toBe(
      "Nguoi dung o Ha Noi, Hue va Da Nang",
    );
  });

  it("handles all five tones on every vowel, upper and lower case", () => {
    const vowels = "aăâeêioôơuưy";
    for (const base of vowels) {
      for (const tone of ["\u0300", "\u0301", "\u0303", "\u0309", "\u0323"]) {
        const lower = `${base}${tone}`.normalize("NFC");
        const plain =
          base === "ă" || base === "â"
            ? "a"
            : base === "ê"
              ? "e"
              : "ôơ".includes(base)
                ? "o"
                : base === "ư"
                  ? "u"
                  : base;
        expect(stripVietnameseDiacritics(lower)).toBe(plain);
        expect(stripVietnameseDiacritics(lower.toUpperCase())).toBe(plain.toUpperCase());
      }
    }
  });

  it("reads text typed with combining marks (decomposed) the same as precomposed", () => {
    const decomposed = "Vie\u0302\u0323t Nam";
    expect(decomposed).not.toBe("Việt Nam");
    expect(stripVietnameseDiacritics(decomposed)).toBe("Viet Nam");
  });

  it("leaves Thai and Burmese as they are (their signs are not Latin marks)", () => {
    const thai = "รหัสยืนยันของคุณคือ 123456";
    const burmese = "သင်၏ အတည်ပြုကုဒ်မှာ 123456 ဖြစ်ပါသည်။";
    expect(stripVietnameseDiacritics(thai)).toBe(thai);
    expect(stripVietnameseDiacritics(burmese)).toBe(burmese.normalize("NFC"));
  });

  it("leaves plain ASCII alone", () => {
    const ascii = "Your verification code is 123456. It expires in 5 minutes.";
    expect(stripVietnameseDiacritics(ascii)).toBe(ascii);
  });
});
