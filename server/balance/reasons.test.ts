import { describe, expect, it } from "vitest";
import { appNamesFor } from "@/lib/apps";
import { translator } from "@/lib/i18n";
import { LOCALES, type Locale } from "@/lib/locales";
import { describeLogRow, LOG_REASON_KEYS, legacyReason } from "./reasons";

const readerOf = (lang: Locale) => {
  const t = translator(lang);
  return { t, appNames: appNamesFor({}, (key) => t(`common.${key}`)) };
};
const row = (key: string | null, params: Record<string, string | number> | null, note: string | null) => ({
  key,
  params,
  note,
});

describe("legacyReason: English sentences written before the keys", () => {
  it.each([
    ["Welcome points", { key: "welcomePoints" }],
    ["Referral bonus", { key: "referralBonus" }],
    ["Points spent at checkout", { key: "checkoutPointsSpent" }],
    [" Campaign reward ", { key: "campaignReward" }],
    ["Checkout OD261124ABC123", { key: "checkoutPoints", params: { order: "OD261124ABC123" } }],
    [
      "Points returned: payment PM261124ABC123 (CANCEL)",
      { key: "pointsReturned", params: { payment: "PM261124ABC123", status: "CANCEL" } },
    ],
    [
      "PREMIUM_5 12m for Minh Shop",
      { key: "partnerOrder", params: { package: "PREMIUM_5", months: 12, store: "Minh Shop" } },
    ],
    [
      "PRO 6 months for a customer",
      { key: "packageMonthsForCustomer", params: { package: "PRO", months: 6 } },
    ],
    ["STARTER for a customer", { key: "packageForCustomer", params: { package: "STARTER" } }],
    ["Builder PRO renewal", { key: "packageRenewal", params: { app: "lp", package: "PRO" } }],
    ["Sales app API calls", { key: "apiCalls", params: { app: "ls" } }],
  ])("%j", (sentence, reason) => {
    expect(legacyReason(sentence)).toEqual(reason);
  });

  it.each(["from the operator", "welcome points!", "Checkout", "", null, undefined])(
    "leaves free text alone: %j",
    (text) => expect(legacyReason(text)).toBeNull(),
  );
});

describe("describeLogRow", () => {
  it("puts a key in the reader's words, with package words and app names", () => {
    const keyed = row("partnerOrder", { package: "PREMIUM_5", months: 12, store: "Minh Shop" }, null);
    expect(describeLogRow(keyed, readerOf("en"))).toBe("Business 3, 12 months, for the store Minh Shop");
    expect(describeLogRow(keyed, readerOf("vi"))).toBe("Business 3, 12 tháng, cho cửa hàng Minh Shop");
    const renewal = row("packageRenewal", { app: "lp", package: "PRO" }, null);
    expect(describeLogRow(renewal, readerOf("en"))).toBe("Pro renewal of Landing page builder");
    const returned = row("pointsReturned", { payment: "PM1", status: "INVALID" }, null);
    expect(describeLogRow(returned, readerOf("vi"))).toBe("Hoàn điểm: thanh toán PM1 không hợp lệ");
  });

  it("reads an old English sentence as its key, in the reader's language", () => {
    expect(describeLogRow(row(null, null, "Welcome points"), readerOf("vi"))).toBe("Điểm chào mừng");
    expect(describeLogRow(row(null, null, "Welcome points"), readerOf("en"))).toBe("Welcome points");
    expect(describeLogRow(row(null, null, "Checkout OD1"), readerOf("vi"))).toBe(
      "Dùng điểm khi thanh toán đơn hàng OD1",
    );
  });

  it("shows an operator's note as written, in every language, and after a key's words", () => {
    for (const lang of LOCALES) {
      expect(describeLogRow(row(null, null, "Ghi chú của admin"), readerOf(lang))).toBe("Ghi chú của admin");
    }
    expect(describeLogRow(row("bankTopUp", null, "ref 42"), readerOf("en"))).toBe(
      "Top-up by bank transfer — ref 42",
    );
    expect(describeLogRow(row(null, null, null), readerOf("en"))).toBeNull();
    // A key this build does not know falls back to the note.
    expect(describeLogRow(row("somethingNew", null, "kept"), readerOf("en"))).toBe("kept");
  });

  it.each(LOCALES)("%s: every key has words, with no key or placeholder left over", (lang) => {
    const params = {
      order: "OD1",
      payment: "PM1",
      status: "CANCEL",
      package: "PRO",
      months: 1,
      store: "S",
      app: "ls",
    };
    for (const key of LOG_REASON_KEYS) {
      const text = describeLogRow(row(key, params, null), readerOf(lang)) ?? "";
      expect(text, key).not.toMatch(/logReasons|[{}]/);
      expect(text.length, key).toBeGreaterThan(2);
    }
  });
});
