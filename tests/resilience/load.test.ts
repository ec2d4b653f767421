// Part 3, load: the built portal on PostgreSQL and Redis, behind a trusted proxy (TRUST_PROXY=1, each
// person from an address of their own), takes 200 requests/s of a realistic mix for 60 s: sign-ins
// with right passwords of many seeded accounts, /auth/userinfo with product tokens, /order/my-order
// and /payment/my-payment with cookies, and orders the sales app creates then checks out.
// Open loop (each request leaves on schedule, whatever the earlier ones are doing): 0 errors
// (any answer but 200, a timeout, a refused connection); p50 and p99 printed.
import { loadavg } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "@/server/db/client";
import { PRODUCT } from "./support/config";
import { api, sleep } from "./support/http";
import { type Receiver, startReceiver } from "./support/peers";
import { createDatabase, ensureBuilt, freshRedisDb, type Portal, startPortal } from "./support/portal";
import { latencyColumns, percentile, printTable, RESILIENCE_ENABLED } from "./support/report";
import { SEED_PASSWORD, type SeededPerson, seedPeople } from "./support/seed";

const RATE = Number(process.env.RESILIENCE_LOAD_RATE ?? 200);
const SECONDS = Number(process.env.RESILIENCE_LOAD_SECONDS ?? 60);
const ACCOUNTS = 800;
const TIMEOUT_MS = 10_000;
// One second of the mix in 20 slots: 1 sign-in, 11 userinfo, 3 orders, 3 payments, 1 order created, 1 checkout.
const PATTERN = [
  "signin",
  "userinfo",
  "my-order",
  "userinfo",
  "my-payment",
  "userinfo",
  "create",
  "userinfo",
  "my-order",
  "userinfo",
  "checkout",
  "userinfo",
  "my-payment",
  "userinfo",
  "userinfo",
  "my-order",
  "userinfo",
  "my-payment",
  "userinfo",
  "userinfo",
] as const;
type Kind = (typeof PATTERN)[number];
type Person = SeededPerson;
type Sample = { kind: Kind; ms: number; ok: boolean; status: number; why?: string; sentAt: number };

describe.skipIf(!RESILIENCE_ENABLED)("resilience 3: load", () => {
  let portal: Portal | undefined;
  let receiver: Receiver;
  let database: { url: string; drop: () => Promise<void> };
  let handle: { db: Db; close: () => Promise<void> };
  let people: Person[] = [];
  const build = { built: false, seconds: 0 };

  beforeAll(async () => {
    Object.assign(build, ensureBuilt());
    database = await createDatabase("resilience_load");
    receiver = await startReceiver();
    portal = await startPortal({
      databaseUrl: database.url,
      redisUrl: await freshRedisDb(10),
      webhook: receiver.url,
      env: { TRUST_PROXY: "1", DEMO_SEED: "0", OUTBOX_INTERVAL_SECONDS: "1" },
    });
    handle = await openDatabase({ url: database.url });
    people = await seedPeople(handle.db, ACCOUNTS, "load", 50_000);
  });

  afterAll(async () => {
    await portal?.stop();
    await handle?.close();
    await receiver?.close();
    await database?.drop();
  });

  it(`answers ${RATE} requests/s of the mix for ${SECONDS} s without an error`, async () => {
    const base = (portal as Portal).url;
    const created: { orderId: string; person: Person; n: number }[] = [];
    // Each kind walks the accounts on its own, so sign-ins spread over all of them (a person has at
    // most DEVICE_LIMIT browser sessions; 600 sign-ins over 800 accounts stay below it).
    const cursors = new Map<Kind, number>();
    const person = (kind: Kind) => {
      const next = (cursors.get(kind) ?? (kind === "signin" ? 0 : people.length / 2)) + 1;
      cursors.set(kind, next);
      return people[next % people.length] as Person;
    };

    async function run(kind: Kind, n: number): Promise<Sample> {
      const sentAt = performance.now();
      const p = person(kind);
      const expectOk = (a: Awaited<ReturnType<typeof api>>): Sample => ({
        kind,
        sentAt,
        ms: a.ms,
        status: a.status,
        ok: a.status === 200 && a.body?.code === 200,
        why:
          a.error ??
          (a.status === 200 && a.body?.code === 200 ? undefined : `${a.status} ${a.text.slice(0, 120)}`),
      });
      const options = { ip: p.ip, timeoutMs: TIMEOUT_MS };
      switch (kind) {
        case "signin":
          return expectOk(
            await api(base, "/auth/signin", { email: p.user.email, password: SEED_PASSWORD }, options),
          );
        case "userinfo":
          return expectOk(
            await api(base, "/auth/userinfo", {}, { ...options, headers: { authorization: p.token } }),
          );
        case "my-order":
          return expectOk(
            await api(base, "/order/my-order", { limit: 20 }, { ...options, cookie: p.cookie }),
          );
        case "my-payment":
          return expectOk(
            await api(base, "/payment/my-payment", { limit: 20 }, { ...options, cookie: p.cookie }),
          );
        case "create": {
          const answer = await api<{ order_id: string }>(
            base,
            "/order/create",
            {
              token: p.token,
              lines: [{ store_id: `load-${n}`, store_name: "Load shop", package_code: "PRO", months: 1 }],
            },
            {
              ...options,
              headers: {
                authorization: `Bearer ${PRODUCT.apiKey}`,
                origin: "",
                "idempotency-key": `load-${n}`,
              },
            },
          );
          if (answer.body?.data?.order_id) created.push({ orderId: answer.body.data.order_id, person: p, n });
          return expectOk(answer);
        }
        case "checkout": {
          const order = created.shift();
          if (!order) return run("userinfo", n);
          return expectOk(
            await api(
              base,
              "/order/checkout",
              { order_id: order.orderId, method: order.n % 2 === 0 ? "CASH" : "VNPAY", use_point: false },
              { ip: order.person.ip, timeoutMs: TIMEOUT_MS, cookie: order.person.cookie },
            ),
          );
        }
      }
    }

    /** Fires `rate` requests per second for `seconds`, on schedule; resolves with every answer. */
    async function openLoop(
      rate: number,
      seconds: number,
      offset: number,
    ): Promise<{ samples: Sample[]; sentIn: number }> {
      const total = Math.round(rate * seconds);
      const interval = 1000 / rate;
      const pending: Promise<Sample>[] = [];
      const start = performance.now();
      for (let i = 0; i < total; i += 1) {
        const due = start + i * interval;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const kind = PATTERN[(offset + i) % PATTERN.length] as Kind;
        pending.push(run(kind, offset + i));
      }
      const sentIn = (performance.now() - start) / 1000;
      return { samples: await Promise.all(pending), sentIn };
    }

    // A short warm-up at a quarter of the rate, not counted.
    await openLoop(RATE / 4, 3, 1_000_000);
    const loadBefore = loadavg()[0] ?? 0;
    const { samples, sentIn } = await openLoop(RATE, SECONDS, 0);
    // The machine's 1-minute load average (2 cores): other work on it takes from the portal's share.
    const machineLoad = `machine load ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`;

    const kinds = [...new Set(samples.map((s) => s.kind))];
    const row = (label: string, list: Sample[]) => ({
      requests: label,
      count: list.length,
      errors: list.filter((s) => !s.ok).length,
      timeouts: list.filter((s) => s.why === "TimeoutError").length,
      ...latencyColumns(list.map((s) => s.ms)),
      "max ms": Math.max(...list.map((s) => s.ms)),
    });
    printTable(
      `Part 3 — load: ${RATE} req/s for ${SECONDS} s on PostgreSQL + Redis (sent in ${sentIn.toFixed(1)} s = ${(samples.length / sentIn).toFixed(0)} req/s; build ${build.built ? `${build.seconds.toFixed(0)} s` : "reused"}; ${machineLoad})`,
      [
        ...kinds.map((k) =>
          row(
            k,
            samples.filter((s) => s.kind === k),
          ),
        ),
        row("all", samples),
      ],
    );
    const errors = samples.filter((s) => !s.ok);
    if (errors.length > 0) {
      const reasons = new Map<string, number>();
      for (const e of errors)
        reasons.set(`${e.kind}: ${e.why}`, (reasons.get(`${e.kind}: ${e.why}`) ?? 0) + 1);
      printTable(
        "Part 3 — errors by reason",
        [...reasons].map(([reason, count]) => ({ reason, count })),
      );
    }
    // The slowest seconds of the run: a steady overload or a few stalls?
    const start = Math.min(...samples.map((s) => s.sentAt));
    const bySecond = new Map<number, number[]>();
    for (const s of samples) {
      const second = Math.floor((s.sentAt - start) / 1000);
      bySecond.set(second, [...(bySecond.get(second) ?? []), s.ms]);
    }
    const slow = [...bySecond]
      .map(([second, list]) => ({
        second,
        requests: list.length,
        "p50 ms": percentile(list, 50),
        "max ms": Math.max(...list),
      }))
      .filter((r) => r["max ms"] > 1_000);
    console.log(
      `seconds of the run with a request slower than 1 s: ${slow.length} of ${bySecond.size}${
        slow.length
          ? ` (${slow
              .map((r) => `${r.second}s: max ${r["max ms"].toFixed(0)} ms`)
              .slice(0, 12)
              .join(", ")})`
          : ""
      }`,
    );
    const serverErrors = (portal as Portal).output.filter((l) => /"level":(50|60)/.test(l));
    console.log(`portal error log lines during the run: ${serverErrors.length}`);
    for (const line of serverErrors.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);

    expect(samples.length).toBe(RATE * SECONDS);
    expect(errors.length, "errors (non-200 answers, timeouts, refused connections)").toBe(0);
    // The generator kept its pace (an open loop that falls behind measures less than it claims).
    expect(samples.length / sentIn).toBeGreaterThan(RATE * 0.95);
  });
});
