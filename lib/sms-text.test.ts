import { describe, expect, it } from "vitest";
import { translator } from "./i18n";
import { LOCALES } from "./locales";
import { GSM_SEGMENT, gsm7Length, oneSegment, smsText, UCS2_SEGMENT } from "./sms-text";

describe("smsText", () => {
  it("sends Vietnamese without diacritics in the GSM alphabet (IsUnicode 0)", () => {
    const sms = smsText("Mã xác thực của bạn là 123456, hết hạn sau 5 phút.");
    expect(sms).toEqual({
      text: "Ma xac thuc cua ban la 123456, het han sau 5 phut.",
      isUnicode: false,
      length: 50,
      segment: GSM_SEGMENT,
    });
  });

  it("keeps Thai and Burmese as written, in UCS-2 (IsUnicode 1)", () => {
    const thai = "รหัสยืนยันของคุณคือ 123456";
    expect(smsText(thai)).toEqual({
      text: thai,
      isUnicode: true,
      length: thai.length,
      segment: UCS2_SEGMENT,
    });
  });

  it("turns typographic punctuation into plain characters instead of switching to UCS-2", () => {
    expect(smsText("“Mã” – đây…")).toMatchObject({ text: '"Ma" - day...', isUnicode: false });
  });

  it("counts the GSM extension table as two septets", () => {
    expect(gsm7Length("a[b]")).toBe(6);
    expect(gsm7Length("€")).toBe(2);
    expect(gsm7Length("😀")).toBeUndefined();
  });
});

describe("a code within one SMS segment", () => {
  it.each(LOCALES)("the %s code text fits one segment", (locale) => {
    const text = translator(locale)("notify.otp.sms", { code: "123456", minutes: 5 });
    const sms = oneSegment(text, "123456");
    expect(sms.text).toContain("123456");
    expect(sms.length).toBeLessThanOrEqual(sms.segment);
    // The whole template fits: nothing was cut.
    expect(sms.text).toBe(smsText(text).text);
    if (locale === "vi" || locale === "en" || locale === "id") expect(sms.isUnicode).toBe(false);
  });

  it("drops the sentences after the code when the text is too long", () => {
    const long = `Ma cua ban la 123456. ${"Day la mot cau rat dai. ".repeat(10)}`;
    const sms = oneSegment(long, "123456");
    expect(sms.text).toBe("Ma cua ban la 123456.");
  });

  it("cuts at the segment's end when even the code's sentence is too long", () => {
    const sms = oneSegment(`Code 123456 ${"x".repeat(300)}`, "123456");
    expect(sms.length).toBe(GSM_SEGMENT);
    expect(sms.text.startsWith("Code 123456")).toBe(true);
    const thai = oneSegment(`รหัส 123456 ${"ก".repeat(100)}`, "123456");
    expect(thai.length).toBe(UCS2_SEGMENT);
    expect(thai.isUnicode).toBe(true);
  });
});
