import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { hashBackupCode, isSixDigitCode, matchTotp, newBackupCodes, newTotpSecret } from "./totp";

const at = (seconds: number) => new Date(seconds * 1000);

describe("matchTotp", () => {
  const secret = newTotpSecret();
  const now = 1_800_000_015; // mid-step

  it.each([
    ["the current step", 0, true],
    ["one step before", -30, true],
    ["one step after", 30, true],
    ["two steps before", -60, false],
    ["two steps after", 60, false],
  ])("accepts a code of %s: %s", async (_label, offset, ok) => {
    const code = await generate({ secret, epoch: now + offset });
    const step = await matchTotp(secret, code, at(now));
    if (ok) expect(step).toBe(Math.floor((now + offset) / 30));
    else expect(step).toBeNull();
  });

  it("refuses anything but six digits", async () => {
    expect(await matchTotp(secret, "12345", at(now))).toBeNull();
    expect(await matchTotp(secret, "abcdef", at(now))).toBeNull();
  });
});

describe("backup codes", () => {
  it("makes ten distinct codes shaped xxxx-xxxx", () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    }
  });

  it("hashes a code the same whatever the case or dash", () => {
    expect(hashBackupCode("ABCD-EFGH", "k")).toBe(hashBackupCode("abcdefgh", "k"));
    expect(hashBackupCode("abcd-efgh", "k")).not.toBe(hashBackupCode("abcd-efgh", "other"));
  });

  it("tells a 6-digit code from a backup code", () => {
    expect(isSixDigitCode("123456")).toBe(true);
    expect(isSixDigitCode("123 456")).toBe(true);
    expect(isSixDigitCode("ab3d-ef9h")).toBe(false);
    expect(isSixDigitCode("2345-6789")).toBe(false);
  });
});
