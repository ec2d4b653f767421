import { sealData, unsealData } from "iron-session";
import { describe, expect, it } from "vitest";
import { sealJson, unsealJson } from "./iron-seal";

const password = "p".repeat(40);
const value = { token: "tok-ẞ-ắ", userId: "01HX", hasPhone: true };
const HOUR = 3_600_000;

describe("sealJson / unsealJson (iron-session's format, node:crypto in place)", () => {
  it("iron-session opens our seals, and we open iron-session's", async () => {
    const ours = sealJson(value, password, HOUR);
    expect(ours).toMatch(/^Fe26\.2\*1\*[0-9a-f]{64}\*[\w-]+\*[\w-]+\*\d+\*[0-9a-f]{64}\*[\w-]+~2$/);
    expect(await unsealData(ours, { password, ttl: 3600 })).toEqual(value);
    const theirs = await sealData(value, { password, ttl: 3600 });
    expect(unsealJson(theirs, password)).toEqual(value);
  });

  it("seals differently every time and never shows the value", () => {
    const a = sealJson(value, password, HOUR);
    expect(a).not.toBe(sealJson(value, password, HOUR));
    expect(a).not.toContain("tok");
    expect(Buffer.from(a.split("*")[4] ?? "", "base64url").toString("latin1")).not.toContain("tok");
  });

  it("refuses another password, an altered part, a missing part and another password id", async () => {
    const sealed = sealJson(value, password, HOUR);
    expect(unsealJson(sealed, "q".repeat(40))).toBeNull();
    const parts = sealed.split("*");
    for (const index of [1, 2, 3, 4, 5, 6, 7]) {
      const altered = [...parts];
      altered[index] = index === 5 ? String(Number(parts[5]) + 1) : `${parts[index]?.slice(0, -2)}AA`;
      expect(unsealJson(altered.join("*"), password), `part ${index}`).toBeNull();
    }
    expect(unsealJson(parts.slice(0, 7).join("*"), password)).toBeNull();
    // Another spelling of the same MAC (characters base64url decoding would skip) is refused too.
    expect(unsealJson(sealed.replace(/~2$/, "!!~2"), password)).toBeNull();
    const otherId = await sealData(value, { password: { 2: password }, ttl: 3600 });
    expect(unsealJson(otherId, password)).toBeNull();
  });

  it("refuses an expired seal after iron's minute of clock skew, as iron-session does", async () => {
    const now = Date.now();
    const sealed = sealJson(value, password, 1_000, now);
    expect(unsealJson(sealed, password, now + 30_000)).toEqual(value);
    expect(unsealJson(sealed, password, now + 62_000)).toBeNull();
    expect(await unsealData(sealJson(value, password, 1_000, now - 62_000), { password })).toEqual({});
  });

  it("refuses a password shorter than iron's 32 characters", () => {
    expect(() => sealJson(value, "short", HOUR)).toThrow(/32/);
  });
});
