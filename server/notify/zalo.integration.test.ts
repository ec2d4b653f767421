import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { decryptSecret } from "@/lib/crypto";
import { env, resetEnvForTests } from "@/lib/env";
import type { AppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { type Db, getDb, openDatabase } from "@/server/db/client";
import { outbox } from "@/server/db/tables/outbox";
import { zaloOaTokens } from "@/server/db/tables/zalo-tokens";
import { deliver, deliverMessage } from "@/server/notify/deliver";
import type { OutgoingMessage } from "@/server/notify/send";
import { sendMessage } from "@/server/notify/send";
import { keepZaloTokenFresh, zaloAccessToken } from "@/server/notify/zalo-token";
import { readiness } from "@/server/ops/health";
import { runOutboxOnce } from "@/server/outbox/worker";
import { createUser } from "@/tests/factories/user";
import { type EsmsPeer, startEsmsPeer } from "@/tests/peers/esms";
import { startZaloPeer, type ZaloPeer } from "@/tests/peers/zalo";
import { call } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

// ZNS_PROVIDER=zalo against a local Zalo (OAuth that rotates and refuses spent refresh tokens, and
// ZNS), with SMS_PROVIDER=esms against a local eSMS for the fallback.

let zalo: ZaloPeer;
let esms: EsmsPeer;
let replaced: Record<string, string | undefined> = {};

function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
}

beforeAll(async () => {
  zalo = await startZaloPeer();
  esms = await startEsmsPeer();
  const values = { ...zalo.env, ...esms.env };
  replaced = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  setEnv(values);
});

/** Each test starts from an OA the operator just authorised: no stored pair, a fresh refresh token. */
beforeEach(async () => {
  const db = await getDb();
  await db.delete(zaloOaTokens);
  await db.delete(outbox);
  setEnv({ ZALO_OA_REFRESH_TOKEN: zalo.reauthorise(), SMS_PROVIDER: "esms" });
  zalo.refreshes.length = 0;
  zalo.sends.length = 0;
  zalo.validAccess.clear();
  zalo.refreshDelayMs = 0;
});

afterEach(() => {
  zalo.script = () => 0;
  esms.script = () => undefined;
  vi.restoreAllMocks();
});

afterAll(async () => {
  await zalo.close();
  await esms.close();
  setEnv(replaced);
});

const randomPhone = () => `09${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const HOUR = 3_600_000;

function otp(to: string, code = "135790"): OutgoingMessage {
  return {
    channel: "ZNS",
    to,
    lang: "vi",
    subject: "",
    text: `Ma xac thuc cua ban la ${code}, het han sau 5 phut.`,
    template: "otp",
    params: { code, minutes: 5 },
  };
}

async function outboxRow(id: string) {
  const [found] = await (await getDb()).select().from(outbox).where(eq(outbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

async function tokenRow() {
  const [found] = await (await getDb()).select().from(zaloOaTokens);
  return found;
}

async function flowChannel(token: string): Promise<string> {
  const info = await call<{ verify_type: string }>("/auth/flow-info", { token, step: "verify_account" });
  return info.body.data.verify_type;
}

describe("ZNS through the Zalo Official Account API", () => {
  it("sends a sign-up code as a ZNS template with a freshly refreshed token; the pair is stored encrypted", async () => {
    const seed = process.env.ZALO_OA_REFRESH_TOKEN as string;
    const phone = randomPhone();
    const { response } = await signUp({ verify_type: "ZNS", phone, lang: "vi" });
    expect(response.body.code).toBe(200);
    expect((response.body.data as { delivery_delayed?: boolean }).delivery_delayed).toBeFalsy();
    expect(zalo.rejected).toEqual([]);
    expect(zalo.refreshes).toEqual([{ refreshToken: seed, granted: true, at: expect.any(Date) }]);
    const sent = zalo.sends.at(-1);
    expect(sent).toMatchObject({
      phone: `84${phone.slice(1)}`,
      template_id: "312345",
      template_data: { otp: expect.stringMatching(/^\d{6}$/) },
    });
    expect(sent?.mode).toBeUndefined();
    expect(zalo.validAccess.has(sent?.accessToken ?? "")).toBe(true);

    // tracking_id is the message's outbox row.
    const row = await outboxRow(sent?.tracking_id ?? "");
    expect(row).toMatchObject({
      target: "ZNS",
      vendor: "zalo",
      vendorMessageId: "zns-1",
      deliveryStatus: "accepted",
    });

    const stored = await tokenRow();
    expect(stored?.accessToken).not.toContain(sent?.accessToken);
    expect(decryptSecret(stored?.accessToken ?? "", env().DATA_ENCRYPTION_KEY)).toBe(sent?.accessToken);
    expect(decryptSecret(stored?.refreshToken ?? "", env().DATA_ENCRYPTION_KEY)).toBe(zalo.currentRefresh());
    expect(stored?.refreshToken).not.toContain(zalo.currentRefresh());

    const token = String((response.body.data as { token: string }).token);
    expect(await flowChannel(token)).toBe("ZNS");
    const verified = await call("/auth/verify-account", { token, code: sent?.template_data.otp });
    expect(verified.body.code).toBe(200);
  });

  it("sends ZNS_DEVELOPMENT as mode development", async () => {
    setEnv({ ZNS_DEVELOPMENT: "1" });
    try {
      await deliver(otp(randomPhone()));
      expect(zalo.sends.at(-1)?.mode).toBe("development");
    } finally {
      setEnv({ ZNS_DEVELOPMENT: undefined });
    }
  });

  it("keeps the token while it has more than an hour left, then refreshes with the rotated refresh token", async () => {
    const db = await getDb();
    const t0 = new Date();
    const first = await zaloAccessToken(db, env(), { now: t0 });
    expect(await zaloAccessToken(db, env(), { now: later(t0, 20 * HOUR) })).toBe(first);
    expect(zalo.refreshes).toHaveLength(1);
    const rotated = zalo.currentRefresh();
    // 25 hours of life: within its last hour it is replaced.
    const second = await zaloAccessToken(db, env(), { now: later(t0, 24.5 * HOUR) });
    expect(second).not.toBe(first);
    expect(zalo.refreshes.map((r) => [r.refreshToken, r.granted])).toEqual([
      [expect.any(String), true],
      [rotated, true],
    ]);
  });

  it("the outbox worker's check refreshes a pair near its end and leaves a fresh one alone", async () => {
    const db = await getDb();
    const t0 = new Date();
    await keepZaloTokenFresh(db, env(), t0);
    await keepZaloTokenFresh(db, env(), later(t0, HOUR));
    expect(zalo.refreshes).toHaveLength(1);
    await keepZaloTokenFresh(db, env(), later(t0, 24.2 * HOUR));
    expect(zalo.refreshes).toHaveLength(2);
  });

  it("an access token Zalo calls invalid (-124) is refreshed once and the ZNS sent again", async () => {
    await deliver(otp(randomPhone()));
    zalo.validAccess.clear();
    expect(await deliver(otp(randomPhone()))).toBe("sent");
    expect(zalo.refreshes).toHaveLength(2);
    expect(zalo.validAccess.has(zalo.sends.at(-1)?.accessToken ?? "")).toBe(true);
  });

  it("queues a ZNS Zalo failed (-100) and retries it with the same tracking_id", async () => {
    let tries = 0;
    zalo.script = () => (++tries === 1 ? -100 : 0);
    expect(await deliver(otp(randomPhone()), { retryUntil: later(new Date(), 300_000) })).toBe("queued");
    const id = zalo.sends.at(-1)?.tracking_id ?? "";
    expect(await outboxRow(id)).toMatchObject({
      attempts: 1,
      doneAt: null,
      lastError: "zalo -100: scripted -100",
    });
    expect(await runOutboxOnce(await getDb(), later(new Date(), 10_000))).toEqual({ sent: 1, failed: 0 });
    expect(zalo.sends.map((s) => s.tracking_id)).toEqual([id, id]);
    expect((await outboxRow(id)).deliveryStatus).toBe("accepted");
  });
});

describe("ZNS → SMS fallback", () => {
  it("a number without Zalo (-118) gets its code by SMS at once, and the code page says SMS", async () => {
    zalo.script = () => -118;
    const phone = randomPhone();
    const { response } = await signUp({ verify_type: "ZNS", phone, lang: "vi" });
    expect(response.body.code).toBe(200);
    expect((response.body.data as { delivery_delayed?: boolean }).delivery_delayed).toBeFalsy();
    const zns = zalo.sends.at(-1);
    const sms = esms.requests.at(-1);
    expect(sms?.Phone).toBe(phone);
    expect(sms?.Content).toBe(`Ma xac thuc cua ban la ${zns?.template_data.otp}, het han sau 5 phut.`);
    expect(esms.rejected).toEqual([]);

    const token = String((response.body.data as { token: string }).token);
    expect(await flowChannel(token)).toBe("SMS");
    expect(await outboxRow(zns?.tracking_id ?? "")).toMatchObject({
      target: "ZNS",
      deliveryStatus: "rerouted_sms",
      lastError: "zalo -118: Zalo account not existed",
    });
    expect(await outboxRow(sms?.RequestId ?? "")).toMatchObject({
      target: "SMS",
      vendor: "esms",
      deliveryStatus: "accepted",
    });
    const verified = await call("/auth/verify-account", { token, code: zns?.template_data.otp });
    expect(verified.body.code).toBe(200);
  });

  it("a refused template with no SMS configured is DELIVERY_FAILED, the ZNS row given up", async () => {
    setEnv({ SMS_PROVIDER: "outbox" });
    zalo.script = () => -112;
    const error = await deliverMessage(otp(randomPhone())).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("DELIVERY_FAILED");
    const row = await outboxRow(zalo.sends.at(-1)?.tracking_id ?? "");
    expect(row.attempts).toBe(row.maxAttempts);
    expect(row.lastError).toBe("zalo -112: scripted -112");
  });

  it("a code sign-in whose ZNS is refused for good, with no SMS, answers as an unknown phone does", async () => {
    setEnv({ SMS_PROVIDER: "outbox" });
    zalo.script = () => -112;
    const phone = randomPhone();
    await createUser({ phone, isVerifyPhone: true });
    const start = (identifier: string, ip: string) =>
      call<Record<string, unknown>>("/auth/code-signin", { identifier, lang: "en" }, { ip });
    const known = await start(phone, "10.77.0.1");
    const unknown = await start(randomPhone(), "10.77.0.2");
    expect(zalo.sends.at(-1)?.phone).toBe(`84${phone.slice(1)}`);
    expect(known.status).toBe(200);
    expect(Object.keys(known.body.data).sort()).toEqual(Object.keys(unknown.body.data).sort());
    expect(known.body.data.channel).toBe(unknown.body.data.channel);
  });

  it("a queued ZNS whose retry is refused for good goes on as an SMS row", async () => {
    let tries = 0;
    zalo.script = () => (++tries === 1 ? -100 : -118);
    const phone = randomPhone();
    expect(await deliver(otp(phone, "246802"), { retryUntil: later(new Date(), 300_000) })).toBe("queued");
    const id = zalo.sends.at(-1)?.tracking_id ?? "";
    const db = await getDb();
    const before = esms.requests.length;
    expect(await runOutboxOnce(db, later(new Date(), 10_000))).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRow(id)).toMatchObject({ deliveryStatus: "rerouted_sms" });
    expect(await runOutboxOnce(db, later(new Date(), 11_000))).toEqual({ sent: 1, failed: 0 });
    expect(esms.requests.slice(before)).toEqual([
      expect.objectContaining({ Phone: phone, Content: expect.stringContaining("246802") }),
    ]);
    expect(await outboxRow(esms.requests.at(-1)?.RequestId ?? "")).toMatchObject({
      target: "SMS",
      vendor: "esms",
    });
  });
});

describe("a revoked OA", () => {
  it("alerts the operator, is named by /readyz (which stays as ready as before), and codes go by SMS until re-authorisation", async () => {
    const db = await getDb();
    const baseline = await readiness(db);
    await deliver(otp(randomPhone()));
    // The OA's authorisation is revoked and the stored access token reaches its end.
    zalo.revoke();
    await db.update(zaloOaTokens).set({ accessExpiresAt: new Date(Date.now() - 1000) });
    const alerts = vi.spyOn(logger, "error");

    const phone = randomPhone();
    const { response } = await signUp({ verify_type: "ZNS", phone, lang: "en" });
    expect(response.body.code).toBe(200);
    const token = String((response.body.data as { token: string }).token);
    expect(await flowChannel(token)).toBe("SMS");
    expect(esms.requests.at(-1)?.Phone).toBe(phone);
    expect(zalo.refreshes.at(-1)?.granted).toBe(false);
    expect(alerts).toHaveBeenCalledWith(
      expect.objectContaining({ alert: "zalo_oa_refresh_refused" }),
      expect.stringContaining("OPERATOR ALERT"),
    );

    const ready = await readiness(db);
    expect(ready.ready).toBe(baseline.ready);
    expect(ready.checks).toEqual(baseline.checks);
    expect(ready.warnings?.zalo_oa).toMatch(/refused the OA refresh token .*re-authorise the OA/);
    if (!process.env.TEST_DATABASE_URL) expect(ready.ready).toBe(true);

    // Within the hour the refused token is not tried again: straight to SMS.
    const refreshes = zalo.refreshes.length;
    const second = await deliverMessage(otp(randomPhone()));
    expect(second.channel).toBe("SMS");
    expect(zalo.refreshes).toHaveLength(refreshes);

    // The operator re-authorises the OA and sets the new refresh token: ZNS again, warning gone.
    setEnv({ ZALO_OA_REFRESH_TOKEN: zalo.reauthorise() });
    const third = await deliverMessage(otp(randomPhone()));
    expect(third).toEqual({ outcome: "sent", channel: "ZNS" });
    expect(zalo.refreshes.at(-1)?.granted).toBe(true);
    // The OA's warning is gone (set-up warnings of their own, such as the seller's, may stay).
    expect((await readiness(db)).warnings?.zalo_oa).toBeUndefined();
  });

  it("/readyz stays as ready while eSMS fails: the message waits in the outbox", async () => {
    const db = await getDb();
    const baseline = await readiness(db);
    esms.script = () => 503;
    expect(
      await deliver({ ...otp(randomPhone()), channel: "SMS" }, { retryUntil: later(new Date(), 60_000) }),
    ).toBe("queued");
    const ready = await readiness(db);
    expect(ready).toEqual(baseline);
  });
});

describe("two instances and one refresh token", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "refresh exactly once and both send with the new token — PostgreSQL only: PGlite has one connection",
    async () => {
      const db = await getDb();
      // This file's own database (tests/setup/integration.ts), opened a second time.
      const other = await openDatabase({ url: process.env.INTEGRATION_DATABASE_URL });
      try {
        // A working pair whose access token reaches its end: both instances find it so at once,
        // and Zalo takes its time to answer the refresh.
        await deliver(otp(randomPhone()));
        await db.update(zaloOaTokens).set({ accessExpiresAt: new Date(Date.now() - 1000) });
        const spent = zalo.validAccess.size;
        zalo.refreshes.length = 0;
        zalo.sends.length = 0;
        zalo.validAccess.clear();
        expect(spent).toBe(1);
        zalo.refreshDelayMs = 300;
        const instances: Db[] = [db, other.db];
        const receipts = await Promise.all(
          [0, 1, 2, 3].map((i) =>
            sendMessage(otp(`09${String(10_000_000 + i)}`), { db: instances[i % 2], id: `msg_race_${i}` }),
          ),
        );
        expect(receipts.map((r) => r.vendor)).toEqual(["zalo", "zalo", "zalo", "zalo"]);
        expect(zalo.refreshes).toEqual([expect.objectContaining({ granted: true })]);
        const issued = [...zalo.validAccess];
        expect(issued).toHaveLength(1);
        expect(zalo.sends.map((s) => s.accessToken)).toEqual([issued[0], issued[0], issued[0], issued[0]]);
        expect(zalo.sends.map((s) => s.tracking_id).sort()).toEqual([
          "msg_race_0",
          "msg_race_1",
          "msg_race_2",
          "msg_race_3",
        ]);
      } finally {
        await other.close();
      }
    },
  );
});
