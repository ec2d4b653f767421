// Issue 38, trap 5: the README's webhook check ("Checking an event's signature") is what a product
// team copies. Its Node block runs here as written, against what the outbox signs, so the README
// cannot drift from server/outbox/signature.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPayload } from "./signature";

type Verify = (rawBody: string | Buffer, header: string | undefined, secret: string) => unknown;

const README = path.resolve(import.meta.dirname, "../../README.md");
const MARKER = "// verify-portal-event.mjs";

/** The README's js block that starts with MARKER, its two-space list indent removed. */
function readmeBlock(): string {
  const text = readFileSync(README, "utf8");
  const start = text.indexOf(MARKER);
  if (start < 0) throw new Error(`README has no block starting ${MARKER}`);
  const end = text.indexOf("```", start);
  return text
    .slice(start, end)
    .split("\n")
    .map((line) => line.replace(/^ {2}/, ""))
    .join("\n");
}

const secret = "product-webhook-secret-0123456789";
const body = JSON.stringify({
  id: "evt_1",
  type: "order.paid",
  created_at: "2026-11-28T00:00:00Z",
  data: {},
});
let dir = "";
let verify: Verify;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "readme-signature-"));
  const file = path.join(dir, "verify-portal-event.mjs");
  writeFileSync(file, readmeBlock());
  ({ verifyPortalEvent: verify } = (await import(file)) as { verifyPortalEvent: Verify });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("README's webhook signature check (Node)", () => {
  it("accepts what the outbox signs, as a string and as the raw bytes", () => {
    const header = signPayload(secret, body, new Date());
    expect(verify(body, header, secret)).toEqual(JSON.parse(body));
    expect(verify(Buffer.from(body), header, secret)).toEqual(JSON.parse(body));
  });

  it("accepts a header with a second v1 (a rotated secret's) beside the right one", () => {
    const header = signPayload(secret, body, new Date());
    const withOld = header.replace(",v1=", `,v1=${"ab".repeat(32)},v1=`);
    expect(verify(body, withOld, secret)).toEqual(JSON.parse(body));
  });

  it("refuses a changed body, another secret, a missing or malformed header", () => {
    const header = signPayload(secret, body, new Date());
    expect(verify(body.replace("order.paid", "order.cancelled"), header, secret)).toBeNull();
    expect(verify(body, header, "another-secret-0123456789")).toBeNull();
    expect(verify(body, undefined, secret)).toBeNull();
    expect(verify(body, "t=abc,v1=00", secret)).toBeNull();
    expect(verify(body, header.replace(/v1=[0-9a-f]+/, "v1=zz"), secret)).toBeNull();
  });

  it("refuses a signature more than 300 seconds old or ahead", () => {
    const old = signPayload(secret, body, new Date(Date.now() - 301_000));
    const ahead = signPayload(secret, body, new Date(Date.now() + 301_000));
    const recent = signPayload(secret, body, new Date(Date.now() - 290_000));
    expect(verify(body, old, secret)).toBeNull();
    expect(verify(body, ahead, secret)).toBeNull();
    expect(verify(body, recent, secret)).toEqual(JSON.parse(body));
  });
});
