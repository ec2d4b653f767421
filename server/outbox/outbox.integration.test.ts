import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { getDb, openDatabase } from "@/server/db/client";
import { outbox } from "@/server/db/tables/outbox";
import { claimDue } from "@/server/outbox/repository";
import { enqueueEvent } from "@/server/outbox/service";
import { SIGNATURE_HEADER, verifySignature } from "@/server/outbox/signature";
import { runOutboxOnce } from "@/server/outbox/worker";
import { CODE_TTL_SECONDS } from "@/server/verification/service";
import { configureProducts, createdOrder, payOrder, webhookSecret } from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { type Receiver, startReceiver } from "@/tests/peers/webhook-receiver";
import { signUp } from "@/tests/setup/signup";

const receivers: Receiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

async function row(id: string) {
  const db = await getDb();
  const [found] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

const eventIdOf = (body: string) => (JSON.parse(body) as { id: string }).id;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

// Each test starts with an empty outbox, so a later test's far-future pass sends nothing of an earlier one.
afterEach(async () => {
  const db = await getDb();
  await db.delete(outbox);
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  for (const k of ["SMS_PROVIDER", "SMS_WEBHOOK_URL"]) delete process.env[k];
  configureProducts();
});

describe("product events", () => {
  it("retries a failing receiver with backoff and stops at its first 2xx", async () => {
    const passNow: Date[] = [];
    let current = new Date();
    const hook = await receiver((_request, index) => {
      passNow[index] = current;
      return index < 2 ? 500 : 200;
    });
    configureProducts({ ls: hook.url });
    const user = await createUser();
    const created = await createdOrder(user);
    const paid = await payOrder(created.order_id, current);
    const eventId = paid.changed ? paid.eventId : undefined;
    expect(eventId).toMatch(/^evt_/);
    const db = await getDb();

    expect(await runOutboxOnce(db, current)).toEqual({ sent: 0, failed: 1 });
    let state = await row(eventId as string);
    expect(state).toMatchObject({
      attempts: 1,
      lastError: "webhook answered 500",
      doneAt: null,
      lockedUntil: null,
    });
    // Not before its backoff (5 s ± 20 %).
    expect(state.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(current.getTime() + 4_000);
    expect(await runOutboxOnce(db, later(current, 3_000))).toEqual({ sent: 0, failed: 0 });
    expect(hook.requests).toHaveLength(1);

    for (let pass = 0; pass < 10 && !state.doneAt; pass += 1) {
      const wait = state.nextAttemptAt.getTime() - current.getTime();
      current = later(state.nextAttemptAt, 1);
      await runOutboxOnce(db, current);
      const next = await row(eventId as string);
      if (!next.doneAt) {
        // Each failure waits longer than the one before.
        expect(next.nextAttemptAt.getTime() - current.getTime()).toBeGreaterThan(wait * 1.2 - 1);
      }
      state = next;
    }

    expect(hook.requests).toHaveLength(3);
    expect(state.attempts).toBe(3);
    expect(state.doneAt).not.toBeNull();
    expect(state.lastError).toBeNull();
    for (const [i, request] of hook.requests.entries()) {
      const event = JSON.parse(request.body) as {
        id: string;
        type: string;
        created_at: string;
        data: { order_id: string; status: string };
      };
      expect(event.id).toBe(eventId);
      expect(event.type).toBe("order.paid");
      expect(event.data).toMatchObject({ order_id: created.order_id, status: "PAID" });
      expect(request.headers["content-type"]).toBe("application/json");
      const signature = request.headers[SIGNATURE_HEADER] as string;
      expect(verifySignature(webhookSecret("ls"), signature, request.body, passNow[i] as Date)).toBe(true);
      expect(verifySignature(webhookSecret("lp"), signature, request.body, passNow[i] as Date)).toBe(false);
      expect(verifySignature(webhookSecret("ls"), signature, `${request.body} `, passNow[i] as Date)).toBe(
        false,
      );
    }

    for (const ms of [60_000, 3_600_000, 86_400_000]) await runOutboxOnce(db, later(current, ms));
    expect(hook.requests).toHaveLength(3);
  });

  it("counts a redirect as a failure and does not follow it", async () => {
    const target = await receiver(() => 200);
    const hook = await receiver(() => 302);
    configureProducts({ ls: hook.url });
    const db = await getDb();
    const now = new Date();
    const id = await enqueueEvent(db, {
      appCode: "ls",
      type: "store.activated",
      data: { store_id: "s" },
      now,
    });
    expect(await runOutboxOnce(db, now)).toEqual({ sent: 0, failed: 1 });
    expect((await row(id as string)).lastError).toBe("webhook answered 302");
    expect(target.requests).toHaveLength(0);
  });

  it("gives up after the last attempt and leaves the row for the operator", async () => {
    const hook = await receiver(() => 503);
    configureProducts({ ls: hook.url });
    const db = await getDb();
    let now = new Date();
    const id = (await enqueueEvent(db, { appCode: "ls", type: "order.invalid", data: {}, now })) as string;
    const max = (await row(id)).maxAttempts;
    for (let i = 0; i < max + 3; i += 1) {
      await runOutboxOnce(db, now);
      now = later(now, 2 * 3_600_000);
    }
    expect(hook.requests).toHaveLength(max);
    expect(await row(id)).toMatchObject({ attempts: max, doneAt: null, lastError: "webhook answered 503" });
  });

  it("a claimed row is not claimed again until its lease runs out (a crashed worker)", async () => {
    const hook = await receiver(() => 200);
    configureProducts({ ls: hook.url });
    const db = await getDb();
    const now = new Date();
    const id = (await enqueueEvent(db, { appCode: "ls", type: "order.paid", data: {}, now })) as string;
    expect((await claimDue(db, now, 10, 60_000)).map((r) => r.id)).toEqual([id]);
    expect(await runOutboxOnce(db, later(now, 30_000))).toEqual({ sent: 0, failed: 0 });
    expect(await runOutboxOnce(db, later(now, 61_000))).toEqual({ sent: 1, failed: 0 });
    expect(hook.requests.map((r) => eventIdOf(r.body))).toEqual([id]);
  });

  it("concurrent passes in one process deliver each row once", async () => {
    const hook = await receiver(() => 200, { delayMs: 5 });
    configureProducts({ ls: hook.url });
    const db = await getDb();
    const now = new Date();
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(
        (await enqueueEvent(db, { appCode: "ls", type: "order.paid", data: { n: i }, now })) as string,
      );
    }
    await Promise.all(Array.from({ length: 4 }, () => runOutboxOnce(db, now)));
    await Promise.all(Array.from({ length: 4 }, () => runOutboxOnce(db, now)));
    expect(hook.requests.map((r) => eventIdOf(r.body)).sort()).toEqual([...ids].sort());
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "two workers (two pools, as two instances) never deliver one row twice — PostgreSQL only: PGlite has one connection",
    async () => {
      const hook = await receiver(() => 200, { delayMs: 3 });
      configureProducts({ ls: hook.url });
      const db = await getDb();
      // This file's own database (tests/setup/integration.ts), opened a second time.
      const other = await openDatabase({ url: process.env.INTEGRATION_DATABASE_URL });
      try {
        const now = new Date();
        const ids: string[] = [];
        for (let i = 0; i < 50; i += 1) {
          ids.push(
            (await enqueueEvent(db, { appCode: "ls", type: "order.paid", data: { n: i }, now })) as string,
          );
        }
        for (let round = 0; round < 4; round += 1) {
          await Promise.all([
            runOutboxOnce(db, now),
            runOutboxOnce(other.db, now),
            runOutboxOnce(db, now),
            runOutboxOnce(other.db, now),
          ]);
        }
        const seen = hook.requests.map((r) => eventIdOf(r.body));
        expect(seen).toHaveLength(50);
        expect([...seen].sort()).toEqual([...ids].sort());
        const [left] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(sql`${outbox.doneAt} is null`);
        expect(left?.n).toBe(0);
      } finally {
        await other.close();
      }
    },
  );
});

describe("messages whose first send failed", () => {
  let sms: Receiver;
  let up = false;
  beforeAll(async () => {
    sms = await receiver(() => (up ? 200 : 500));
    Object.assign(process.env, { SMS_PROVIDER: "webhook", SMS_WEBHOOK_URL: sms.url });
    resetEnvForTests();
  });

  async function signUpWhileDown() {
    up = false;
    const phone = `098${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const { response } = await signUp({ verify_type: "SMS", phone, lang: "en" });
    // The account stays created and the person goes on to /verify-account, told the code may be late.
    expect(response.body.code).toBe(200);
    expect((response.body.data as { delivery_delayed: boolean }).delivery_delayed).toBe(true);
    expect(response.body.message).toBe(
      "Sending is slow right now: your code may take a few minutes to arrive",
    );
    const db = await getDb();
    const rows = await db.select().from(outbox).where(eq(outbox.kind, "message"));
    expect(rows).toHaveLength(1);
    return rows[0] as (typeof rows)[number];
  }

  it("land in the outbox and are delivered when the provider is back", async () => {
    const before = sms.requests.length;
    const queued = await signUpWhileDown();
    expect(sms.requests.length).toBe(before + 1);
    const first = JSON.parse(sms.requests.at(-1)?.body ?? "{}") as { to: string; params: { code: string } };
    expect(queued).toMatchObject({ target: "SMS", attempts: 1, doneAt: null });
    expect(queued.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const db = await getDb();

    // Still down: one more failed try, a later retry.
    const t1 = later(queued.nextAttemptAt, 1);
    expect(await runOutboxOnce(db, t1)).toEqual({ sent: 0, failed: 1 });
    const retried = await row(queued.id);
    expect(retried).toMatchObject({ attempts: 2, lastError: "webhook answered 500", doneAt: null });
    expect(retried.nextAttemptAt > t1).toBe(true);

    up = true;
    expect(await runOutboxOnce(db, later(retried.nextAttemptAt, 1))).toEqual({ sent: 1, failed: 0 });
    expect(sms.requests.length).toBe(before + 3);
    const delivered = JSON.parse(sms.requests.at(-1)?.body ?? "{}") as {
      channel: string;
      to: string;
      template: string;
      params: { code: string };
    };
    expect(delivered).toMatchObject({ channel: "SMS", to: first.to, template: "otp" });
    expect(delivered.params.code).toBe(first.params.code);
    expect((await row(queued.id)).doneAt).not.toBeNull();
    await runOutboxOnce(db, later(retried.nextAttemptAt, 86_400_000));
    expect(sms.requests.length).toBe(before + 3);
  });

  it("a one-time code is not delivered after it expired", async () => {
    const queued = await signUpWhileDown();
    const before = sms.requests.length;
    up = true;
    const db = await getDb();
    const afterExpiry = later(queued.createdAt, (CODE_TTL_SECONDS + 60) * 1000);
    await runOutboxOnce(db, afterExpiry);
    expect(sms.requests.length).toBe(before);
    expect((await row(queued.id)).doneAt).toBeNull();
  });
});
