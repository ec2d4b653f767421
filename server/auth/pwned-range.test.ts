import { describe, expect, it } from "vitest";
import { countInRange, passwordSha1 } from "./pwned-range";

// The range API's answer format: https://haveibeenpwned.com/API/v3#PwnedPasswords

describe("Pwned Passwords range answers", () => {
  it("hashes as the API spells it: upper-case hex SHA-1", () => {
    expect(passwordSha1("password")).toBe("5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8");
  });

  const body = [
    "003D68EB55068C33ACE09247EE4C639306B:3",
    "1E4C9B93F3F0682250B6CF8331B7EE68FD8:10434004",
    "1E4C9B93F3F0682250B6CF8331B7EE68FD9:0",
    "01330C689E5D64F660D6947A93AD634EF8F:1",
  ].join("\r\n");

  it("finds the suffix's count in CRLF lines", () => {
    expect(countInRange(body, "1E4C9B93F3F0682250B6CF8331B7EE68FD8")).toBe(10_434_004);
    expect(countInRange(body, "01330C689E5D64F660D6947A93AD634EF8F")).toBe(1);
  });

  it("treats a padding line (count 0) and a missing suffix as not breached", () => {
    expect(countInRange(body, "1E4C9B93F3F0682250B6CF8331B7EE68FD9")).toBe(0);
    expect(countInRange(body, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF")).toBe(0);
    expect(countInRange("", "1E4C9B93F3F0682250B6CF8331B7EE68FD8")).toBe(0);
  });

  it("reads a lower-case suffix in the answer as the same suffix", () => {
    expect(
      countInRange("1e4c9b93f3f0682250b6cf8331b7ee68fd8:7\n", "1E4C9B93F3F0682250B6CF8331B7EE68FD8"),
    ).toBe(7);
  });
});
