import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SIGNATURE_TOLERANCE_SECONDS, signPayload, verifySignature } from "./signature";
import { backoffMs } from "./worker";

const SECRET = "ls-webhook-secret-0123456789";
const BODY = JSON.stringify({
  id: "evt_1",
  type: "order.paid",
  created_at: "2026-03-01T00:00:00.000Z",
  data: {},
});
const NOW = new Date("2026-03-01T10:00:00.000Z");
const T = Math.floor(NOW.getTime() / 1000);
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const v1 = (secret: string, t: number, body: string) =>
  createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

describe("signPayload", () => {
  it("is t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>", () => {
    const header = signPayload(SECRET, BODY, new Date(NOW.getTime() + 999));
    expect(header).toBe(`t=${T},v1=${v1(SECRET, T, BODY)}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });
});

describe("verifySignature", () => {
  const header = signPayload(SECRET, BODY, NOW);

  it("accepts what signPayload signed", () => {
    expect(verifySignature(SECRET, header, BODY, NOW)).toBe(true);
  });

  it("refuses a tampered body", () => {
    expect(verifySignature(SECRET, header, BODY.replace("order.paid", "order.cancelled"), NOW)).toBe(false);
    expect(verifySignature(SECRET, header, `${BODY} `, NOW)).toBe(false);
  });

  it("refuses another secret", () => {
    expect(verifySignature("lp-webhook-secret-0123456789", header, BODY, NOW)).toBe(false);
  });

  it("refuses a timestamp that was changed after signing", () => {
    const moved = header.replace(`t=${T}`, `t=${T + 1}`);
    expect(verifySignature(SECRET, moved, BODY, NOW)).toBe(false);
  });

  it(`accepts up to ${SIGNATURE_TOLERANCE_SECONDS} s either way, refuses older or newer`, () => {
    expect(verifySignature(SECRET, header, BODY, at(300))).toBe(true);
    expect(verifySignature(SECRET, header, BODY, at(-300))).toBe(true);
    expect(verifySignature(SECRET, header, BODY, at(301))).toBe(false);
    expect(verifySignature(SECRET, header, BODY, at(3600))).toBe(false);
    // Signed in the future (a clock far ahead, or a forged t).
    expect(verifySignature(SECRET, header, BODY, at(-301))).toBe(false);
    const future = signPayload(SECRET, BODY, at(600));
    expect(verifySignature(SECRET, future, BODY, NOW)).toBe(false);
  });

  it("honours a custom tolerance", () => {
    expect(verifySignature(SECRET, header, BODY, at(20), 10)).toBe(false);
    expect(verifySignature(SECRET, header, BODY, at(10), 10)).toBe(true);
  });

  it("accepts a header with several v1 values when one matches (secret rotation)", () => {
    const old = v1("old-secret-0123456789abcdef", T, BODY);
    const good = v1(SECRET, T, BODY);
    expect(verifySignature(SECRET, `t=${T},v1=${old},v1=${good}`, BODY, NOW)).toBe(true);
    expect(verifySignature(SECRET, `t=${T},v1=${good},v1=${old}`, BODY, NOW)).toBe(true);
    expect(verifySignature(SECRET, `t=${T}, v1=${old}, v1=${good}`, BODY, NOW)).toBe(true);
    expect(verifySignature(SECRET, `t=${T},v1=${old},v1=${"0".repeat(64)}`, BODY, NOW)).toBe(false);
  });

  it("ignores other schemes than v1", () => {
    const good = v1(SECRET, T, BODY);
    expect(verifySignature(SECRET, `t=${T},v0=${good}`, BODY, NOW)).toBe(false);
    expect(verifySignature(SECRET, `t=${T},v0=${good},v1=${good}`, BODY, NOW)).toBe(true);
  });

  it.each([
    ["no header", undefined],
    ["a null header", null],
    ["an empty header", ""],
    ["garbage", "garbage"],
    ["no timestamp", `v1=${v1(SECRET, T, BODY)}`],
    ["no signature", `t=${T}`],
    ["an empty signature", `t=${T},v1=`],
    ["a non-numeric timestamp", `t=abc,v1=${v1(SECRET, T, BODY)}`],
    ["a fractional timestamp", `t=${T}.5,v1=${v1(SECRET, T, BODY)}`],
    ["a non-hex signature", `t=${T},v1=${"z".repeat(64)}`],
    ["a short signature", `t=${T},v1=${v1(SECRET, T, BODY).slice(0, 32)}`],
    ["a long signature", `t=${T},v1=${v1(SECRET, T, BODY)}00`],
    [
      "a base64 signature",
      `t=${T},v1=${createHmac("sha256", SECRET).update(`${T}.${BODY}`).digest("base64")}`,
    ],
    ["separators only", ",,,="],
  ])("refuses %s", (_label, value) => {
    expect(verifySignature(SECRET, value, BODY, NOW)).toBe(false);
  });
});

describe("backoffMs", () => {
  const mid = () => 0.5; // no jitter

  it("doubles from 5 s with each failed attempt", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, mid))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000,
    ]);
    expect(backoffMs(0, mid)).toBe(5_000);
  });

  it("grows strictly until it reaches the one-hour ceiling, then stays there", () => {
    const delays = Array.from({ length: 30 }, (_, i) => backoffMs(i + 1, mid));
    const capAt = delays.indexOf(3_600_000);
    expect(capAt).toBeGreaterThan(0);
    for (let i = 1; i <= capAt; i += 1) expect(delays[i]).toBeGreaterThan(delays[i - 1] as number);
    expect(delays.slice(capAt).every((d) => d === 3_600_000)).toBe(true);
    expect(backoffMs(10_000, mid)).toBe(3_600_000);
  });

  it("never waits longer than the one-hour ceiling, jitter included", () => {
    for (const attempts of [11, 12, 20, 100]) {
      expect(backoffMs(attempts, () => 0.999999)).toBeLessThanOrEqual(3_600_000);
    }
  });

  it("jitters within ±20 %", () => {
    expect(backoffMs(3, () => 0)).toBe(16_000);
    expect(backoffMs(3, () => 0.999999)).toBeLessThanOrEqual(24_000);
    expect(backoffMs(3, () => 0.999999)).toBeGreaterThan(23_999);
    expect(backoffMs(50, () => 0)).toBe(2_880_000);
    for (let i = 0; i < 200; i += 1) {
      const d = backoffMs(4);
      expect(d).toBeGreaterThanOrEqual(32_000);
      expect(d).toBeLessThanOrEqual(48_000);
    }
  });
});
