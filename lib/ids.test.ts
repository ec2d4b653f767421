import { createHash } from "node:crypto";
import { decodeTime, isValid } from "ulid";
import { describe, expect, it } from "vitest";
import { newId, sha256 } from "./ids";

describe("newId", () => {
  it("makes valid ULIDs of this moment, all different, across many pool refills", () => {
    const before = Date.now();
    const ids = Array.from({ length: 3000 }, () => newId());
    expect(ids.every((id) => isValid(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const time = decodeTime(ids[0] as string);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it("draws every character of the random part evenly", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++) for (const c of newId().slice(10)) counts.set(c, (counts.get(c) ?? 0) + 1);
    // 64,000 draws over Crockford's 32 characters: 2,000 each, far from 1,600 or 2,400 by chance.
    expect(counts.size).toBe(32);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(1600);
      expect(n).toBeLessThan(2400);
    }
  });
});

describe("sha256", () => {
  it("is the hex SHA-256 of the text's UTF-8", () => {
    expect(sha256("tok-ắ")).toBe(createHash("sha256").update("tok-ắ").digest("hex"));
  });
});
