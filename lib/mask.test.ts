import { describe, expect, it } from "vitest";
import { maskEmail, maskPhone } from "./mask";

describe("maskEmail", () => {
  it.each([
    ["donalo@example.com", "d***o@example.com"],
    ["ab@example.com", "a***@example.com"],
    ["a@example.com", "a***@example.com"],
    ["first.last+tag@mail.example.vn", "f***g@mail.example.vn"],
    ["not-an-email", "***"],
  ])("%s → %s", (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe("maskPhone", () => {
  it.each([
    ["0912345678", "*******678"],
    ["+66812345678", "+********678"],
    ["123", "123"],
  ])("%s → %s", (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it("never shows more than the last three digits", () => {
    expect(maskPhone("0987654321").replace(/\*/g, "")).toBe("321");
  });
});
