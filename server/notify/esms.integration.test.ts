import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getDb } from "@/server/db/client";
import { outbox } from "@/server/db/tables/outbox";
import { deliver } from "@/server/notify/deliver";
import { esmsReportAnswerDto } from "@/server/notify/schema";
import type { OutgoingMessage } from "@/server/notify/send";
import { metrics } from "@/server/ops/metrics";
import { describeOutboxRows } from "@/server/outbox/service";
import { runOutboxOnce } from "@/server/outbox/worker";
import { type EsmsPeer, startEsmsPeer } from "@/tests/peers/esms";
import { call, ORIGIN } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

// SMS_PROVIDER=esms against a local peer that speaks eSMS's customer-care send and checks its fields.

const REPORT_KEY = "esms-report-key-0123456789";
let peer: EsmsPeer;
let replaced: Record<string, string | undefined> = {};

beforeAll(async () => {
  peer = await startEsmsPeer();
  const values: Record<string, string> = {
    ...peer.env,
    // The origin the test calls come from (an APP_URL elsewhere would refuse them as cross-site).
    APP_URL: ORIGIN,
    ESMS_REPORT_KEY: REPORT_KEY,
  };
  replaced = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  Object.assign(process.env, values);
  resetEnvForTests();
});

afterEach(async () => {
  peer.script = () => undefined;
  await (await getDb()).delete(outbox);
});

afterAll(async () => {
  await peer.close();
  for (const [key, value] of Object.entries(replaced)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
});

const randomPhone = () => `09${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function row(id: string) {
  const [found] = await (await getDb()).select().from(outbox).where(eq(outbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

function message(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    channel: "SMS",
    to: randomPhone(),
    lang: "vi",
    subject: "",
    text: "Mã xác thực của bạn là 123456. Đừng chia sẻ mã này.",
    template: "otp",
    params: { code: "123456", minutes: 5 },
    ...overrides,
  };
}

async function failures(labels: string): Promise<number> {
  const text = await metrics().registry.metrics();
  const line = text
    .split("\n")
    .find((l) => l.startsWith("portal_outbox_failures_total{") && l.includes(labels));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("brandname SMS through eSMS", () => {
  it("sends a sign-up code with every field eSMS wants; RequestId is the outbox row; the code verifies", async () => {
    const phone = randomPhone();
    const { response } = await signUp({ verify_type: "SMS", phone, lang: "en" });
    expect(response.body.code).toBe(200);
    expect((response.body.data as { delivery_delayed?: boolean }).delivery_delayed).toBeFalsy();
    expect(peer.rejected).toEqual([]);
    const sent = peer.requests.at(-1);
    expect(sent).toMatchObject({
      ApiKey: "esms-api-key",
      SecretKey: "esms-secret-key",
      Brandname: "NOVA",
      SmsType: "2",
      IsUnicode: "0",
      Sandbox: "0",
      Phone: phone,
      CallbackUrl: `${ORIGIN}/2.0/notify/esms-report?key=${REPORT_KEY}`,
    });
    const code = /\b(\d{6})\b/.exec(sent?.Content ?? "")?.[1];
    expect(sent?.Content).toBe(`Your verification code is ${code}. It expires in 5 minutes.`);

    // The RequestId is the message's outbox row: done, the vendor's SMSID kept, the text gone.
    const delivered = await row(sent?.RequestId ?? "");
    expect(delivered).toMatchObject({
      kind: "message",
      target: "SMS",
      vendor: "esms",
      attempts: 1,
      vendorMessageId: peer.accepted.get(sent?.RequestId ?? ""),
      deliveryStatus: "accepted",
      lastError: null,
    });
    expect(delivered.doneAt).not.toBeNull();
    expect(JSON.stringify(delivered.payload)).not.toContain(code);

    const token = String((response.body.data as { token: string }).token);
    const verified = await call("/auth/verify-account", { token, code });
    expect(verified.body.code).toBe(200);
  });

  it("strips Vietnamese diacritics (đ → d) for IsUnicode 0, and keeps Thai as written with IsUnicode 1", async () => {
    expect(await deliver(message())).toBe("sent");
    expect(peer.requests.at(-1)).toMatchObject({
      Content: "Ma xac thuc cua ban la 123456. Dung chia se ma nay.",
      IsUnicode: "0",
    });
    const thai = "รหัสยืนยันของคุณคือ 123456 หมดอายุใน 5 นาที";
    expect(await deliver(message({ lang: "th", text: thai }))).toBe("sent");
    expect(peer.requests.at(-1)).toMatchObject({ Content: thai, IsUnicode: "1" });
    expect(peer.rejected).toEqual([]);
  });

  it("keeps a code within one segment: the sentences after the code are dropped", async () => {
    const long = `Ma cua ban la 654321. ${"Vui long khong chia se ma nay voi bat ky ai. ".repeat(5)}`;
    await deliver(message({ text: long, params: { code: "654321", minutes: 5 } }));
    expect(peer.requests.at(-1)?.Content).toBe("Ma cua ban la 654321.");
  });

  it("sends ESMS_SANDBOX as Sandbox 1", async () => {
    process.env.ESMS_SANDBOX = "1";
    resetEnvForTests();
    try {
      await deliver(message());
      expect(peer.requests.at(-1)?.Sandbox).toBe("1");
    } finally {
      delete process.env.ESMS_SANDBOX;
      resetEnvForTests();
    }
  });

  it("queues a message eSMS failed (99), and the retry carries the same RequestId", async () => {
    const before = await failures('kind="message",channel="SMS",vendor="esms"');
    let first = true;
    peer.script = () => {
      if (!first) return undefined;
      first = false;
      return "99";
    };
    const phone = randomPhone();
    const { response } = await signUp({ verify_type: "SMS", phone, lang: "en" });
    expect(response.body.code).toBe(200);
    expect((response.body.data as { delivery_delayed: boolean }).delivery_delayed).toBe(true);
    const firstTry = peer.requests.at(-1);
    const queued = await row(firstTry?.RequestId ?? "");
    expect(queued).toMatchObject({
      vendor: "esms",
      attempts: 1,
      doneAt: null,
      lastError: "esms 99: scripted 99",
    });
    expect(await failures('kind="message",channel="SMS",vendor="esms"')).toBe(before + 1);

    const db = await getDb();
    expect(await runOutboxOnce(db, later(queued.nextAttemptAt, 1))).toEqual({ sent: 1, failed: 0 });
    const retry = peer.requests.at(-1);
    expect(retry?.RequestId).toBe(firstTry?.RequestId);
    expect(retry?.Content).toBe(firstTry?.Content);
    expect(await row(queued.id)).toMatchObject({ attempts: 2, deliveryStatus: "accepted", lastError: null });
    expect(peer.rejected).toEqual([]);
  });

  it("an answer lost on the way: the retry meets 124 (RequestId taken) and the message is not sent twice", async () => {
    let first = true;
    peer.script = () => {
      if (!first) return undefined;
      first = false;
      return "lost";
    };
    expect(await deliver(message(), { retryUntil: later(new Date(), 300_000) })).toBe("queued");
    const id = peer.requests.at(-1)?.RequestId ?? "";
    expect((await row(id)).lastError).toBe("esms http_502");
    const db = await getDb();
    expect(await runOutboxOnce(db, later(new Date(), 10_000))).toEqual({ sent: 1, failed: 0 });
    expect(peer.requests.filter((r) => r.RequestId === id)).toHaveLength(2);
    expect(await row(id)).toMatchObject({ deliveryDetail: "RequestId accepted earlier (124)" });
    expect((await row(id)).doneAt).not.toBeNull();
  });

  it.each([
    ["101", "wrong keys", { ESMS_API_KEY: "not-the-key" }],
    ["104", "an unregistered brandname", { ESMS_BRANDNAME: "OTHER" }],
    ["108", "an invalid number", {}],
  ] as const)("gives up at once on %s (%s): DELIVERY_FAILED, never retried", async (code, _why, env) => {
    if (code === "108") peer.script = () => "108";
    Object.assign(process.env, env);
    resetEnvForTests();
    try {
      const before = peer.requests.length;
      const error = await deliver(message()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("DELIVERY_FAILED");
      expect(peer.requests).toHaveLength(before + 1);
      const id = peer.requests.at(-1)?.RequestId ?? "";
      const given = await row(id);
      expect(given.attempts).toBe(given.maxAttempts);
      expect(given.lastError).toMatch(new RegExp(`^esms ${code}: `));
      const db = await getDb();
      for (const ms of [60_000, 3_600_000, 86_400_000]) await runOutboxOnce(db, later(new Date(), ms));
      expect(peer.requests).toHaveLength(before + 1);
      // The operator sees it among the given-up rows.
      const failed = await describeOutboxRows(db, "failed", 10);
      expect(failed.find((r) => r.id === id)).toMatchObject({ vendor: "esms", target: "SMS" });
    } finally {
      process.env.ESMS_API_KEY = "esms-api-key";
      process.env.ESMS_BRANDNAME = "NOVA";
      resetEnvForTests();
    }
  });

  it("a retry that meets a give-up code stops retrying", async () => {
    let tries = 0;
    peer.script = () => (++tries === 1 ? "99" : "104");
    expect(await deliver(message(), { retryUntil: later(new Date(), 300_000) })).toBe("queued");
    const id = peer.requests.at(-1)?.RequestId ?? "";
    const db = await getDb();
    expect(await runOutboxOnce(db, later(new Date(), 10_000))).toEqual({ sent: 0, failed: 1 });
    const given = await row(id);
    expect(given.attempts).toBe(given.maxAttempts);
    expect(given.lastError).toBe("esms 104: scripted 104");
    await runOutboxOnce(db, later(new Date(), 7_200_000));
    expect(tries).toBe(2);
  });
});

describe("eSMS delivery reports", () => {
  async function report(url: string) {
    const parsed = new URL(url);
    expect(parsed.pathname).toBe("/2.0/notify/esms-report");
    return call("/notify/esms-report", undefined, { method: "GET", query: parsed.search.slice(1) });
  }

  it("records the report on the message's row, shown by `outbox list`", async () => {
    await deliver(message());
    const id = peer.requests.at(-1)?.RequestId ?? "";
    // eSMS adds "?SMSID=…" to the CallbackUrl, which already has "?key=…": both shapes are read.
    const answer = await report(peer.reportUrl(id, "delivered"));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, matched: true });
    expect(esmsReportAnswerDto.safeParse(answer.body).success).toBe(true);
    const reported = await row(id);
    expect(reported).toMatchObject({ deliveryStatus: "delivered" });
    expect(reported.deliveryDetail).toContain("SendStatus=5");
    expect(reported.deliveryReportedAt).not.toBeNull();
    const listed = (await describeOutboxRows(await getDb(), "done", 10)).find((r) => r.id === id);
    expect(listed).toMatchObject({ vendor: "esms", delivery: "delivered" });

    // A late "waiting for approval" never hides the final status.
    await report(peer.reportUrl(id, "pending"));
    expect((await row(id)).deliveryStatus).toBe("delivered");
  });

  it("matches by SMSID when eSMS leaves RequestId empty, and records a failed delivery", async () => {
    await deliver(message());
    const id = peer.requests.at(-1)?.RequestId ?? "";
    const smsId = peer.accepted.get(id) ?? "";
    const query = new URLSearchParams({
      key: REPORT_KEY,
      SMSID: smsId,
      SendStatus: "5",
      SendSuccess: "0",
      SendFailed: "1",
      RequestId: "",
    });
    const answer = await call("/notify/esms-report", undefined, { method: "GET", query: query.toString() });
    expect(answer.body).toEqual({ ok: true, matched: true });
    expect((await row(id)).deliveryStatus).toBe("failed");
  });

  it("refuses a report without the right key, and changes nothing", async () => {
    await deliver(message());
    const id = peer.requests.at(-1)?.RequestId ?? "";
    const url = new URL(peer.reportUrl(id, "failed").replace(REPORT_KEY, "wrong-key-0123456789"));
    const answer = await call("/notify/esms-report", undefined, {
      method: "GET",
      query: url.search.slice(1),
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ ok: false, error: "PRODUCT_KEY_INVALID" });
    expect((await row(id)).deliveryStatus).toBe("accepted");
    const bare = await call("/notify/esms-report", undefined, {
      method: "GET",
      query: `RequestId=${id}&SendStatus=5`,
    });
    expect(bare.status).toBe(401);
  });

  it("takes the report as a POST too: JSON or a form, the key in the URL", async () => {
    await deliver(message());
    const id = peer.requests.at(-1)?.RequestId ?? "";
    const json = await call(
      "/notify/esms-report",
      { RequestId: id, SendStatus: "5", SendSuccess: "1", SendFailed: "0" },
      { query: `key=${REPORT_KEY}` },
    );
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ ok: true, matched: true });
    expect((await row(id)).deliveryStatus).toBe("delivered");

    await deliver(message());
    const second = peer.requests.at(-1)?.RequestId ?? "";
    const form = await call("/notify/esms-report", undefined, {
      query: `key=${REPORT_KEY}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      rawBody: new URLSearchParams({
        RequestId: second,
        SendStatus: "5",
        SendFailed: "1",
        SendSuccess: "0",
      }).toString(),
    });
    expect(form.body).toEqual({ ok: true, matched: true });
    expect((await row(second)).deliveryStatus).toBe("failed");

    // The key is the URL's: a POST without it changes nothing.
    const keyless = await call("/notify/esms-report", {
      RequestId: second,
      SendStatus: "5",
      SendSuccess: "1",
    });
    expect(keyless.status).toBe(401);
  });

  it("answers matched: false for a message it does not know", async () => {
    const query = new URLSearchParams({
      key: REPORT_KEY,
      SMSID: "nope",
      RequestId: "msg_nope",
      SendStatus: "5",
    });
    const answer = await call("/notify/esms-report", undefined, { method: "GET", query: query.toString() });
    expect(answer.body).toEqual({ ok: true, matched: false });
  });
});
