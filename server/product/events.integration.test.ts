// Issue 38: a product lists the events the portal queued for its webhook and has one sent again,
// through the registry with its api key, and never sees or touches another product's.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { outbox } from "@/server/db/tables/outbox";
import { type EventType, enqueueEvent } from "@/server/outbox/service";
import { SIGNATURE_HEADER, verifySignature } from "@/server/outbox/signature";
import { runOutboxOnce } from "@/server/outbox/worker";
import type { EventDeliveryDto } from "@/server/product/schema";
import { registry } from "@/server/registry";
import {
  configureProducts,
  createdOrder,
  PRODUCT_KEYS,
  payOrder,
  productToken,
  webhookSecret,
} from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { type Receiver, startReceiver } from "@/tests/peers/webhook-receiver";
import { type CallOptions, call } from "@/tests/setup/api";

type Page = { items: EventDeliveryDto[]; total: number; error?: string };

const receivers: Receiver[] = [];
async function receiver(answer?: Receiver["answer"]): Promise<Receiver> {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

/** A call as the product `app` makes it: its api key as the bearer, no browser Origin. */
function asProduct<T = Page>(path: string, body: unknown, app: "ls" | "lp", options: CallOptions = {}) {
  return call<T>(path, body, {
    ...options,
    headers: { authorization: `Bearer ${PRODUCT_KEYS[app]}`, origin: "", ...options.headers },
  });
}

const listEvents = (app: "ls" | "lp", query: Record<string, unknown> = {}) =>
  asProduct("/product/events/list", query, app);

async function queue(app: "ls" | "lp", type: EventType, now: Date): Promise<string> {
  const id = await enqueueEvent(await getDb(), { appCode: app, type, data: { n: now.getTime() }, now });
  if (!id) throw new Error(`no webhook for ${app}`);
  return id;
}

/** The answer is exactly what the call's output schema documents (the API reference and the library's types). */
function expectDocumented(path: string, data: unknown): void {
  expect(registry[path]?.output?.parse(data)).toEqual(data);
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const bodies = (hook: Receiver) =>
  hook.requests.map((r) => JSON.parse(r.body) as { id: string; type: string });

afterEach(async () => {
  await (await getDb()).delete(outbox);
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  configureProducts();
});

describe("/product/events/list", () => {
  it("lists the calling product's own events only, newest first, with how each delivery went", async () => {
    const ls = await receiver(() => 200);
    const lp = await receiver(() => 200);
    configureProducts({ ls: ls.url, lp: lp.url });
    const user = await createUser();
    const start = new Date();
    const lsPaid = await payOrder((await createdOrder(user, { app: "ls" })).order_id, start);
    const lpPaid = await payOrder((await createdOrder(user, { app: "lp" })).order_id, later(start, 1));
    const lsOnly = await queue("ls", "session.ended", later(start, 2));
    const lsEvent = lsPaid.changed ? lsPaid.eventId : undefined;
    const lpEvent = lpPaid.changed ? lpPaid.eventId : undefined;
    expect(lsEvent).toMatch(/^evt_/);
    expect(lpEvent).toMatch(/^evt_/);

    const waiting = await listEvents("ls");
    expect(waiting.status).toBe(200);
    expect(waiting.body.data.total).toBe(2);
    expect(waiting.body.data.items.map((e) => e.id)).toEqual([lsOnly, lsEvent]);
    expect(waiting.body.data.items[1]).toMatchObject({
      type: "order.paid",
      state: "pending",
      attempts: 0,
      last_attempt_at: null,
      last_status: null,
      last_error: null,
      delivered_at: null,
    });
    expect(waiting.body.data.items[1]?.next_attempt_at).toBe(start.toISOString());

    const passAt = later(start, 10);
    await runOutboxOnce(await getDb(), passAt);
    const delivered = await listEvents("ls");
    expect(delivered.body.data.items.find((e) => e.id === lsEvent)).toMatchObject({
      id: lsEvent,
      type: "order.paid",
      created_at: start.toISOString(),
      state: "delivered",
      attempts: 1,
      max_attempts: 12,
      last_attempt_at: passAt.toISOString(),
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
    });
    expect(delivered.body.data.items[0]?.delivered_at).not.toBeNull();

    expectDocumented("/product/events/list", delivered.body.data);

    const other = await listEvents("lp");
    expect(other.body.data.items.map((e) => e.id)).toEqual([lpEvent]);
    // Each webhook got its own product's events only.
    expect(
      bodies(ls)
        .map((b) => b.id)
        .sort(),
    ).toEqual([lsEvent, lsOnly].sort());
    expect(bodies(lp).map((b) => b.id)).toEqual([lpEvent]);
  });

  it("shows a refused delivery's status, an unreachable webhook's error, and a given-up event as failed", async () => {
    const refusing = await receiver(() => 503);
    configureProducts({ ls: refusing.url });
    const now = new Date();
    const refused = await queue("ls", "order.paid", now);
    const db = await getDb();
    await runOutboxOnce(db, now);
    const [row] = (await listEvents("ls")).body.data.items;
    expect(row).toMatchObject({
      id: refused,
      state: "pending",
      attempts: 1,
      last_status: 503,
      last_error: "webhook answered 503",
      last_attempt_at: now.toISOString(),
      delivered_at: null,
    });
    expect(new Date(row?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(now.getTime());

    // Nobody listens: no HTTP status, and the reason, not fetch's bare "fetch failed".
    const closed = await receiver();
    await closed.close();
    configureProducts({ ls: `${closed.url}?token=do-not-show-this` });
    const unreachable = await queue("ls", "user.deleted", now);
    await runOutboxOnce(db, now);
    const listed = (await listEvents("ls", { type: "user.deleted" })).body.data.items[0];
    expect(listed).toMatchObject({ id: unreachable, state: "pending", attempts: 1, last_status: null });
    expect(listed?.last_error).toMatch(/^fetch failed: ECONNREFUSED$/);

    // Every attempt spent: failed, until a redelivery.
    await db.update(outbox).set({ attempts: 12 }).where(eq(outbox.id, refused));
    const failed = await listEvents("ls", { state: "failed" });
    expect(failed.body.data.items.map((e) => [e.id, e.state, e.next_attempt_at])).toEqual([
      [refused, "failed", null],
    ]);
  });

  it("filters by type, state and dates, and pages with limit and offset", async () => {
    const hook = await receiver((request) =>
      (JSON.parse(request.body) as { type: string }).type === "order.paid" ? 200 : 500,
    );
    configureProducts({ ls: hook.url, lp: hook.url });
    const day = (d: number) => new Date(`2026-03-${String(d).padStart(2, "0")}T05:00:00.000Z`);
    const paid1 = await queue("ls", "order.paid", day(1));
    const ended2 = await queue("ls", "session.ended", day(2));
    const paid3 = await queue("ls", "order.paid", day(3));
    const cancelled4 = await queue("ls", "order.cancelled", day(4));
    const ended5 = await queue("ls", "session.ended", day(5));
    await queue("lp", "order.paid", day(3));
    await runOutboxOnce(await getDb(), day(6));

    const ids = async (query: Record<string, unknown>) => {
      const r = await listEvents("ls", query);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { ids: r.body.data.items.map((e) => e.id), total: r.body.data.total };
    };
    expect(await ids({})).toEqual({ ids: [ended5, cancelled4, paid3, ended2, paid1], total: 5 });
    expect(await ids({ type: "order.paid" })).toEqual({ ids: [paid3, paid1], total: 2 });
    expect(await ids({ state: "delivered" })).toEqual({ ids: [paid3, paid1], total: 2 });
    expect(await ids({ state: "pending" })).toEqual({ ids: [ended5, cancelled4, ended2], total: 3 });
    expect(await ids({ state: "failed" })).toEqual({ ids: [], total: 0 });
    expect(await ids({ type: "session.ended", state: "pending" })).toEqual({
      ids: [ended5, ended2],
      total: 2,
    });
    // Plain days are whole days in Asia/Ho_Chi_Minh; date-times are exact.
    expect(await ids({ from_date: "2026-03-02", to_date: "2026-03-04" })).toEqual({
      ids: [cancelled4, paid3, ended2],
      total: 3,
    });
    expect(await ids({ from_date: day(3).toISOString() })).toEqual({
      ids: [ended5, cancelled4, paid3],
      total: 3,
    });
    expect(await ids({ limit: 2 })).toEqual({ ids: [ended5, cancelled4], total: 5 });
    expect(await ids({ limit: 2, offset: 2 })).toEqual({ ids: [paid3, ended2], total: 5 });
    expect(await ids({ limit: 2, offset: 4 })).toEqual({ ids: [paid1], total: 5 });

    const bad = await listEvents("ls", { state: "sent", type: "order.shipped" });
    expect(bad.status).toBe(400);
    expect(bad.body.data.error).toBe("VALIDATION");
  });
});

describe("/product/events/redeliver", () => {
  it("sends a delivered event again: the same id and body, freshly signed", async () => {
    const hook = await receiver(() => 200);
    configureProducts({ ls: hook.url });
    const user = await createUser();
    const created = await createdOrder(user);
    const now = new Date();
    const paid = await payOrder(created.order_id, now);
    const eventId = paid.changed ? paid.eventId : "";
    const db = await getDb();
    await runOutboxOnce(db, now);
    expect(hook.requests).toHaveLength(1);

    const askedAt = later(now, 60_000);
    const again = await asProduct<EventDeliveryDto>("/product/events/redeliver", { id: eventId }, "ls", {
      clock: () => askedAt,
    });
    expect(again.status).toBe(200);
    expectDocumented("/product/events/redeliver", again.body.data);
    expect(again.body.data).toMatchObject({
      id: eventId,
      type: "order.paid",
      state: "pending",
      attempts: 0,
      next_attempt_at: askedAt.toISOString(),
      delivered_at: null,
    });

    const resentAt = later(askedAt, 1_000);
    expect(await runOutboxOnce(db, resentAt)).toEqual({ sent: 1, failed: 0 });
    expect(hook.requests).toHaveLength(2);
    const [first, second] = hook.requests;
    expect(second?.body).toBe(first?.body);
    expect(bodies(hook).map((b) => b.id)).toEqual([eventId, eventId]);
    const signature = second?.headers[SIGNATURE_HEADER] as string;
    expect(signature).not.toBe(first?.headers[SIGNATURE_HEADER]);
    expect(verifySignature(webhookSecret("ls"), signature, second?.body ?? "", resentAt)).toBe(true);
    expect(verifySignature(webhookSecret("lp"), signature, second?.body ?? "", resentAt)).toBe(false);

    const listed = (await listEvents("ls")).body.data.items[0];
    expect(listed).toMatchObject({ id: eventId, state: "delivered", attempts: 1, last_status: 200 });
    // Once sent, the worker leaves it.
    await runOutboxOnce(db, later(resentAt, 86_400_000));
    expect(hook.requests).toHaveLength(2);
  });

  it("gives a failed event a fresh set of attempts", async () => {
    let up = false;
    const hook = await receiver(() => (up ? 200 : 500));
    configureProducts({ ls: hook.url });
    const now = new Date();
    const id = await queue("ls", "store.activated", now);
    const db = await getDb();
    await db.update(outbox).set({ attempts: 12, lastError: "webhook answered 500" }).where(eq(outbox.id, id));
    await runOutboxOnce(db, later(now, 86_400_000));
    expect(hook.requests).toHaveLength(0);

    up = true;
    const again = await asProduct<EventDeliveryDto>("/product/events/redeliver", { id }, "ls");
    expect(again.body.data).toMatchObject({
      id,
      state: "pending",
      attempts: 0,
      last_error: "webhook answered 500",
    });
    await runOutboxOnce(db, new Date(again.body.data.next_attempt_at ?? 0));
    expect(bodies(hook).map((b) => b.id)).toEqual([id]);
    expect((await listEvents("ls")).body.data.items[0]).toMatchObject({
      id,
      state: "delivered",
      last_error: null,
    });
  });

  it("answers EVENT_NOT_FOUND for another product's event and an unknown id, and changes nothing", async () => {
    const hook = await receiver(() => 200);
    configureProducts({ ls: hook.url, lp: hook.url });
    const now = new Date();
    const lpEvent = await queue("lp", "order.paid", now);
    const db = await getDb();
    await runOutboxOnce(db, now);
    const [before] = await db.select().from(outbox).where(eq(outbox.id, lpEvent));

    for (const id of [lpEvent, "evt_01JUNKNOWN000000000000000"]) {
      const refused = await asProduct("/product/events/redeliver", { id }, "ls");
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe(404);
      expect(refused.body.data.error).toBe("EVENT_NOT_FOUND");
    }
    const [after] = await db.select().from(outbox).where(eq(outbox.id, lpEvent));
    expect(after).toEqual(before);
    await runOutboxOnce(db, later(now, 60_000));
    expect(hook.requests).toHaveLength(1);
  });
});

describe("a product's key", () => {
  it("a wrong, missing or person's key is refused before anything is read", async () => {
    const hook = await receiver(() => 200);
    configureProducts({ ls: hook.url });
    const id = await queue("ls", "order.paid", new Date());
    const token = await productToken(await createUser());
    for (const authorization of ["Bearer not-the-key-0123456789", "", token, `Bearer ${token}`]) {
      for (const [path, body] of [
        ["/product/events/list", {}],
        ["/product/events/redeliver", { id }],
      ] as const) {
        const r = await call<{ error: string }>(path, body, { headers: { authorization, origin: "" } });
        expect(r.status, `${path} with "${authorization.slice(0, 12)}"`).toBe(401);
        expect(r.body.data.error).toBe("PRODUCT_KEY_INVALID");
      }
    }
    const [row] = await (await getDb()).select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ attempts: 0, doneAt: null });
  });
});
