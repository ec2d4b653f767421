import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/password-rule";
import { COMMON_PASSWORDS_FILE, commonPasswords, isCommonPassword } from "./breached-passwords";

describe("the local list of common breached passwords", () => {
  it("holds 100,000 distinct passwords a person could choose under the rule, lower-cased", async () => {
    const list = await commonPasswords();
    expect(list.size).toBe(100_000);
    const outside = [...list].filter(
      (p) => p.length < PASSWORD_MIN || p.length > PASSWORD_MAX || p !== p.toLowerCase(),
    );
    expect(outside).toEqual([]);
  });

  it("keeps the source's order: the most common first", () => {
    const lines = readFileSync(COMMON_PASSWORDS_FILE, "utf8").split("\n");
    expect(lines.slice(0, 3)).toEqual(["password", "12345678", "123456789"]);
  });

  it.each(["password", "Password1", "QWERTY123", "iloveyou", "P@ssw0rd", "anhyeuem", "Sunshine"])(
    "refuses %j in any case",
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each(["correct horse battery staple", "Secret#123", "Fresh@2024", "mây-trắng-bay-qua-đồi"])(
    "accepts %j",
    async (password) => {
      expect(await isCommonPassword(password)).toBe(false);
    },
  );

  it("is read once: every call shares one Set", async () => {
    const [a, b] = await Promise.all([commonPasswords(), commonPasswords()]);
    expect(a).toBe(b);
    expect(await commonPasswords()).toBe(a);
  });
});
