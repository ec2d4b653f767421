import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hexDigestEquals, hmacHex, toPlainAscii, vietnamClock } from "./shared";

describe("hmacHex", () => {
  it("matches RFC 4231 test case 2", () => {
    expect(hmacHex("sha256", "Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    expect(hmacHex("sha512", "Jefe", "what do ya want for nothing?")).toBe(
      createHmac("sha512", "Jefe").update("what do ya want for nothing?").digest("hex"),
    );
  });
});

describe("hexDigestEquals", () => {
  const digest = hmacHex("sha256", "k", "d");
  it.each([
    [digest, true],
    [digest.toUpperCase(), true],
    [digest.slice(1), false],
    [`${digest}00`, false],
    [`${digest.slice(0, -1)}g`, false],
    [`${digest.slice(0, -1)}${digest.endsWith("0") ? "1" : "0"}`, false],
    ["", false],
  ])("%s → %s", (received, expected) => {
    expect(hexDigestEquals(digest, received)).toBe(expected);
  });
});

describe("toPlainAscii", () => {
  it.each([
    ["Đặng Thị Ngọc Ánh", "Dang Thi Ngoc Anh"],
    ["Hello,\u00a0world!", "Hello world"],
    ["x  –  y", "x y"],
    ["", ""],
  ])("%s → %s", (input, expected) => {
    expect(toPlainAscii(input)).toBe(expected);
  });
});

describe("vietnamClock", () => {
  it("reads the wall clock in GMT+7", () => {
    expect(vietnamClock(new Date("2024-02-28T17:00:00Z"))).toEqual({
      year: "2024",
      month: "02",
      day: "29",
      hour: "00",
      minute: "00",
      second: "00",
    });
  });
});
