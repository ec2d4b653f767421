// Issue 39, point 10: the words a person reads — plural forms, "Pay now", no operator set-up
// vocabulary, the backup-code step saying what a backup code is.
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import id from "@/messages/id.json";
import my from "@/messages/my.json";
import th from "@/messages/th.json";
import vi from "@/messages/vi.json";
import { translator } from "./i18n";

const CATALOGS = { vi, en, th, my, id };

function strings(node: unknown, path: string[] = []): [string, string][] {
  if (typeof node === "string") return [[path.join("."), node]];
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => strings(value, [...path, key]));
}

describe("the catalogs' words (issue 39)", () => {
  it("says 1 unpaid commission, 3 unpaid commissions", () => {
    const t = translator("en");
    expect(t("account.deletion.dialog.lossCommissions", { count: 1, shown: "1", amount: "₫5,000" })).toBe(
      "1 unpaid commission (₫5,000)",
    );
    expect(t("account.deletion.dialog.lossCommissions", { count: 3, shown: "3", amount: "₫5,000" })).toBe(
      "3 unpaid commissions (₫5,000)",
    );
    expect(
      translator("vi")("account.deletion.dialog.lossCommissions", {
        count: 1,
        shown: "1",
        amount: "5.000 ₫",
      }),
    ).toBe("1 khoản hoa hồng chưa thanh toán (5.000 ₫)");
    expect(t("admin.packages.imported", { count: 1, shown: "1" })).toBe("Imported 1 package");
  });

  it("calls paying a pending order Pay now, in every language", () => {
    expect(en.account.orders.menu.repay).toBe("Pay now");
    expect(vi.account.orders.menu.repay).toBe("Thanh toán ngay");
    for (const catalog of Object.values(CATALOGS))
      expect(catalog.account.orders.menu.repay).not.toMatch(/repay|lại|ulang|อีกครั้ง|ပြန်/i);
  });

  it("tells the backup-code step about backup codes, not six digits", () => {
    for (const [lang, catalog] of Object.entries(CATALOGS)) {
      const text = catalog.auth.twoFactor.verify.fromBackup;
      expect(text, lang).not.toMatch(/6|six|sáu|หก|ခြောက်|enam/i);
    }
    expect(en.auth.twoFactor.verify.fromBackup).toMatch(/backup code/);
  });

  it("puts no setting's name or operator set-up talk before a person", () => {
    for (const [lang, catalog] of Object.entries(CATALOGS)) {
      for (const [key, text] of strings(catalog)) {
        // The operator console (admin.*) may name settings; a person's screens may not.
        if (key.startsWith("admin.") || key.startsWith("dev.")) continue;
        expect(text, `${lang} ${key}`).not.toMatch(/SELLER_|APPS_CONFIG|[A-Z]{3,}_[A-Z]{3,}/);
      }
    }
    for (const [key, text] of strings(en)) {
      if (key.startsWith("admin.")) continue;
      expect(text, key).not.toMatch(/of the family|in the family/i);
    }
  });
});
