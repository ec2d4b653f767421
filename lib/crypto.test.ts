import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./crypto";

describe("encryptSecret", () => {
  it("round-trips, never stores the plain text and differs every time", () => {
    const a = encryptSecret("JBSWY3DPEHPK3PXPJBSWY3DP", "k".repeat(32));
    const b = encryptSecret("JBSWY3DPEHPK3PXPJBSWY3DP", "k".repeat(32));
    expect(a).not.toContain("JBSWY3DP");
    expect(a).not.toBe(b);
    expect(decryptSecret(a, "k".repeat(32))).toBe("JBSWY3DPEHPK3PXPJBSWY3DP");
  });

  it("refuses another key and a tampered text", () => {
    const sealed = encryptSecret("secret", "k".repeat(32));
    expect(() => decryptSecret(sealed, "x".repeat(32))).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("other").toString("base64url");
    expect(() => decryptSecret(parts.join("."), "k".repeat(32))).toThrow();
  });
});
