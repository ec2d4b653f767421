import { describe, expect, it } from "vitest";
import { isCodeComplete, pastedCode } from "./code-boxes";

describe("pastedCode (a paste into the six boxes)", () => {
  it.each([
    ["123456", "123456"],
    ["123 456", "123456"],
    [" 123-456\n", "123456"],
    ["G-123456", "123456"],
    ["Your code: 12 34 56", "123456"],
  ])("%j fills the boxes with %s", (text, code) => {
    expect(pastedCode(text)).toBe(code);
  });

  it.each(["12345", "1234567", "", "abcdef", "code 2024 123456"])("%j fills nothing", (text) => {
    expect(pastedCode(text)).toBeNull();
  });
});

describe("isCodeComplete", () => {
  it("needs six digits, no holes", () => {
    expect(isCodeComplete("123456")).toBe(true);
    expect(isCodeComplete("12 456")).toBe(false);
    expect(isCodeComplete("12345")).toBe(false);
    expect(isCodeComplete("1234567")).toBe(false);
  });
});
