// The library's check against the portal's own signer (server/outbox/signature.ts): what the
// outbox sends, the library accepts; anything changed, it refuses with a code that says why.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signPayload } from "@/server/outbox/signature";
import { type PortalEvent, verifyWebhook, WebhookError, type WebhookErrorCode } from "../src/webhook";

const SECRET = "ls-webhook-secret-0123456789";
const NOW = new Date("2026-11-28T07:00:00.000Z");
const now = () => NOW.getTime();
const EVENT = {
  id: "evt_01JD00000000000000000000",
  type: "session.ended",
  created_at: "2026-11-28T06:59:59.000Z",
  data: { user_id: "u1", app_code: "ls", token_sha256: "ab".repeat(32), reason: "signout" },
};
const BODY = JSON.stringify(EVENT);

async function refusal(promise: Promise<unknown>): Promise<WebhookErrorCode> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookError);
  return (error as WebhookError).code;
}

const headers = (signature: string) => ({ "x-portal-signature": signature });

describe("verifyWebhook", () => {
  it("accepts what the portal's outbox signs, and answers the typed event", async () => {
    const event: PortalEvent = await verifyWebhook(BODY, headers(signPayload(SECRET, BODY, NOW)), SECRET, {
      now,
    });
    expect(event).toEqual(EVENT);
    if (event.type === "session.ended") expect(event.data.token_sha256).toHaveLength(64);
  });

  it("reads fetch's Headers and Node's header records, and raw bytes as well as text", async () => {
    const signature = signPayload(SECRET, BODY, NOW);
    const bytes = new TextEncoder().encode(BODY);
    await expect(
      verifyWebhook(BODY, new Headers({ "X-Portal-Signature": signature }), SECRET, { now }),
    ).resolves.toEqual(EVENT);
    await expect(
      verifyWebhook(bytes, { "X-Portal-Signature": [signature] }, SECRET, { now }),
    ).resolves.toEqual(EVENT);
    await expect(verifyWebhook(Buffer.from(BODY), headers(signature), SECRET, { now })).resolves.toEqual(
      EVENT,
    );
    await expect(verifyWebhook(bytes.buffer, headers(signature), SECRET, { now })).resolves.toEqual(EVENT);
  });

  it("signs the body's UTF-8 bytes, as the portal does (names in Vietnamese)", async () => {
    const body = JSON.stringify({ ...EVENT, data: { ...EVENT.data, note: "Cửa hàng của tôi" } });
    const signature = signPayload(SECRET, body, NOW);
    await expect(
      verifyWebhook(Buffer.from(body, "utf8"), headers(signature), SECRET, { now }),
    ).resolves.toMatchObject({
      id: EVENT.id,
    });
  });

  it("accepts any one matching v1 of several (a secret being rotated)", async () => {
    const t = Math.floor(NOW.getTime() / 1000);
    const good = createHmac("sha256", SECRET).update(`${t}.${BODY}`).digest("hex");
    const other = createHmac("sha256", "another-secret-0123456789").update(`${t}.${BODY}`).digest("hex");
    await expect(
      verifyWebhook(BODY, headers(`t=${t},v1=${other},v1=${good}`), SECRET, { now }),
    ).resolves.toEqual(EVENT);
    await expect(verifyWebhook(BODY, headers(` t = ${t} , v1 = ${good} `), SECRET, { now })).resolves.toEqual(
      EVENT,
    );
  });

  it("refuses another secret, a changed body, a changed time and a parsed body", async () => {
    const signature = signPayload(SECRET, BODY, NOW);
    expect(
      await refusal(verifyWebhook(BODY, headers(signature), "lp-webhook-secret-0123456789", { now })),
    ).toBe("signature_mismatch");
    expect(await refusal(verifyWebhook(`${BODY} `, headers(signature), SECRET, { now }))).toBe(
      "signature_mismatch",
    );
    const t = Math.floor(NOW.getTime() / 1000);
    const moved = signature.replace(`t=${t}`, `t=${t - 1}`);
    expect(await refusal(verifyWebhook(BODY, headers(moved), SECRET, { now }))).toBe("signature_mismatch");
    expect(
      await refusal(verifyWebhook(BODY, headers(`t=${t},v1=zz${"0".repeat(62)}`), SECRET, { now })),
    ).toBe("signature_mismatch");
    await expect(
      verifyWebhook(EVENT as unknown as string, headers(signature), SECRET, { now }),
    ).rejects.toThrow(/raw body/);
    await expect(verifyWebhook(BODY, headers(signature), "", { now })).rejects.toThrow(TypeError);
  });

  it("refuses a missing or malformed header", async () => {
    expect(await refusal(verifyWebhook(BODY, {}, SECRET, { now }))).toBe("signature_missing");
    expect(await refusal(verifyWebhook(BODY, new Headers(), SECRET, { now }))).toBe("signature_missing");
    for (const header of ["v1=abc", "t=abc,v1=00", "t=1700000000", "garbage", "t=1.5,v1=00"]) {
      expect(await refusal(verifyWebhook(BODY, headers(header), SECRET, { now })), header).toBe(
        "signature_malformed",
      );
    }
  });

  it("refuses a signature older or newer than the tolerance (5 minutes unless told)", async () => {
    const at = (seconds: number) => signPayload(SECRET, BODY, new Date(NOW.getTime() + seconds * 1000));
    await expect(verifyWebhook(BODY, headers(at(-300)), SECRET, { now })).resolves.toEqual(EVENT);
    await expect(verifyWebhook(BODY, headers(at(300)), SECRET, { now })).resolves.toEqual(EVENT);
    expect(await refusal(verifyWebhook(BODY, headers(at(-301)), SECRET, { now }))).toBe("timestamp_too_old");
    expect(await refusal(verifyWebhook(BODY, headers(at(301)), SECRET, { now }))).toBe("timestamp_too_new");
    expect(await refusal(verifyWebhook(BODY, headers(at(-61)), SECRET, { now, toleranceSeconds: 60 }))).toBe(
      "timestamp_too_old",
    );
    // A forged header is a mismatch, whatever its time says.
    expect(await refusal(verifyWebhook(BODY, headers(`t=1,v1=${"0".repeat(64)}`), SECRET, { now }))).toBe(
      "signature_mismatch",
    );
  });

  it("refuses a signed body that is not an event", async () => {
    for (const body of ["not json", "[]", '{"id":"evt_1","type":"order.paid"}', "\u00ff"]) {
      expect(
        await refusal(verifyWebhook(body, headers(signPayload(SECRET, body, NOW)), SECRET, { now })),
        body,
      ).toBe("body_malformed");
    }
  });
});
