// Part 5, dependencies failing under the built portal (PostgreSQL, Redis, SMTP, the sales app's
// webhook): Redis stopped mid-run (sign-in keeps answering, rate limits fall back to process
// memory, nothing answers 5xx; Redis is started again), PostgreSQL restarted (calls fail briefly,
// then the pool reconnects without restarting the portal), SMTP and the product webhook down
// (deliveries wait in the outbox and go out when they come back).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { BANK, PRODUCT } from "./support/config";
import { api, ipOf, sleep, solveCaptcha } from "./support/http";
import { type Receiver, type Smtp, startReceiver, startSmtp } from "./support/peers";
import {
  createDatabase,
  ensureBuilt,
  freePort,
  freshRedisDb,
  type Portal,
  startPortal,
} from "./support/portal";
import { latencyColumns, printTable, RESILIENCE_ENABLED } from "./support/report";
import { SEED_PASSWORD, type SeededPerson, seedPeople } from "./support/seed";
import { redisAnswers, restartPostgres, startRedis, stopRedis } from "./support/services";

type Person = SeededPerson;
type Sample = { at: number; kind: string; status: number; code?: number; ms: number; error?: string };
const why = (s: Sample) => `${s.kind} ${s.status || ""} ${s.error ?? ""}`.replace(/\s+/g, " ").trim();

describe.skipIf(!RESILIENCE_ENABLED)("resilience 5: dependencies failing", () => {
  let portal: Portal | undefined;
  let receiver: Receiver;
  let smtp: Smtp;
  let database: { url: string; drop: () => Promise<void> };
  let people: Person[] = [];
  let ipCounter = 0;
  const nextIp = () => ipOf(120_000 + ++ipCounter);

  /** SQL on the portal's database through a short-lived client (no idle pool across a restart). */
  async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    ensureBuilt();
    await startRedis();
    database = await createDatabase("resilience_deps");
    receiver = await startReceiver();
    smtp = await startSmtp(await freePort());
    portal = await startPortal({
      databaseUrl: database.url,
      redisUrl: await freshRedisDb(13),
      webhook: receiver.url,
      env: {
        TRUST_PROXY: "1",
        OUTBOX_INTERVAL_SECONDS: "0.5",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        DEMO_SEED: "0",
        // The traffic signs the same 60 people in again and again: each sign-in is a new device.
        DEVICE_LIMIT: "100000",
      },
    });
    // Seeded through a pool that is closed at once: PostgreSQL restarts later in this file.
    const handle = await openDatabase({ url: database.url });
    people = await seedPeople(handle.db, 60, "deps", 110_000);
    await handle.close();
  });

  afterAll(async () => {
    await startRedis();
    await portal?.stop();
    await receiver?.close();
    await smtp?.stop();
    await database?.drop();
  });

  /** Closed-loop traffic of `kinds` on `concurrency` lanes until stopped. */
  function traffic(kinds: string[], concurrency: number, timeoutMs = 5_000) {
    const samples: Sample[] = [];
    let running = true;
    let i = 0;
    const base = (portal as Portal).url;
    const one = async (kind: string): Promise<Sample> => {
      const p = people[i % people.length] as Person;
      i += 1;
      const at = Date.now();
      let answer: Awaited<ReturnType<typeof api>>;
      if (kind === "signin")
        answer = await api(
          base,
          "/auth/signin",
          { email: p.user.email, password: SEED_PASSWORD },
          { ip: p.ip, timeoutMs },
        );
      else if (kind === "userinfo")
        answer = await api(base, "/auth/userinfo", {}, { headers: { authorization: p.token }, timeoutMs });
      else if (kind === "my-order")
        answer = await api(base, "/order/my-order", {}, { cookie: p.cookie, timeoutMs });
      else {
        const token = await solveCaptcha(base).catch(() => "unsolved");
        answer = await api(
          base,
          "/auth/signup",
          {
            fullname: "Deps Test",
            email: `deps-${Date.now()}-${i}@example.com`,
            password: "Otter-Lantern-Pickle-42",
            phone: "0912345678",
            country_code: "vn",
            token,
          },
          { ip: nextIp(), timeoutMs },
        );
      }
      const error = answer.error ?? (answer.body?.data as { error?: string } | undefined)?.error;
      return { at, kind, status: answer.status, code: answer.body?.code, ms: answer.ms, error };
    };
    const lanes = Array.from({ length: concurrency }, async (_, lane) => {
      for (let k = lane; running; k += 1) {
        samples.push(await one(kinds[k % kinds.length] as string));
        await sleep(20);
      }
    });
    return {
      samples,
      stop: async () => {
        running = false;
        await Promise.all(lanes);
        return samples;
      },
    };
  }

  const summary = (label: string, list: Sample[]) => ({
    phase: label,
    requests: list.length,
    "200": list.filter((s) => s.status === 200).length,
    "429": list.filter((s) => s.status === 429).length,
    "≥500": list.filter((s) => s.status >= 500).length,
    "no answer": list.filter((s) => s.status === 0).length,
    ...latencyColumns(list.map((s) => s.ms)),
  });

  it("Redis stopped mid-run: sign-in keeps answering, limits fall back, nothing 5xx", async () => {
    const base = (portal as Portal).url;
    const load = traffic(["signin", "userinfo", "my-order", "signup"], 4);
    await sleep(3_000);
    const downAt = Date.now();
    stopRedis();
    expect(redisAnswers()).toBe(false);
    await sleep(2_000);
    // A guessing run on one account while Redis is away: the in-memory insurance limiter must stop it.
    const victim = people[people.length - 1] as Person;
    const guesses: string[] = [];
    for (let k = 1; k <= 12; k += 1) {
      const guess = await api(
        base,
        "/auth/signin",
        { email: victim.user.email, password: `Wrong#${k}xx` },
        { ip: nextIp(), timeoutMs: 2_500 },
      );
      guesses.push(guess.error ? "timeout" : String(guess.status));
      if (guess.status === 429) break;
      // Three unanswered in a row: the limiter is waiting on Redis, not falling back; no use going on.
      if (guesses.length >= 3 && guesses.slice(-3).every((g) => g === "timeout")) break;
    }
    const firstThrottled = guesses.indexOf("429") + 1;
    const evaluatedBefore = guesses
      .slice(0, Math.max(0, firstThrottled - 1))
      .filter((g) => g === "400").length;
    const owner = await api(
      base,
      "/auth/signin",
      { email: people[0]?.user.email, password: SEED_PASSWORD },
      { ip: nextIp(), timeoutMs: 5_000 },
    );
    await sleep(Math.max(0, 12_000 - (Date.now() - downAt)));
    const upAt = Date.now();
    await startRedis();
    expect(redisAnswers()).toBe(true);
    await sleep(4_000);
    const samples = await load.stop();
    const before = samples.filter((s) => s.at < downAt);
    const during = samples.filter((s) => s.at >= downAt && s.at < upAt);
    const after = samples.filter((s) => s.at >= upAt);
    printTable("Part 5a — Redis stopped mid-run (sign-in, userinfo, my-order, sign-up on 4 lanes)", [
      summary("before", before),
      summary("Redis down", during),
      summary("Redis back", after),
    ]);
    const bad = samples.filter((s) => s.status >= 500 || s.status === 0);
    const byKind = new Map<string, number>();
    for (const s of bad) {
      const key = `${s.at < downAt ? "before" : s.at < upAt ? "down" : "back"}: ${why(s)}`;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    printTable("Part 5a — while Redis was down", [
      { figure: "Redis down for (s)", value: (upAt - downAt) / 1000 },
      { figure: "wrong-password guesses on one account (2.5 s limit each)", value: guesses.join(" ") },
      { figure: "first 429 at guess #", value: firstThrottled || "none" },
      { figure: "guesses checked (400) before it (≤ 10)", value: evaluatedBefore },
      { figure: "the owner's sign-in from another address", value: owner.error ?? owner.status },
      {
        figure: "sign-ins answered 200 while down",
        value: during.filter((s) => s.kind === "signin" && s.status === 200).length,
      },
      ...[...byKind].map(([k, v]) => ({ figure: `5xx / no answer: ${k}`, value: v })),
    ]);
    const logged = (portal as Portal).output.filter((l) => /"level":(50|60)/.test(l)).slice(-3);
    for (const l of logged) console.log(`  portal: ${l.slice(0, 400)}`);
    expect(during.filter((s) => s.kind === "signin" && s.status === 200).length).toBeGreaterThan(0);
    expect(firstThrottled, "the per-account limit falls back to process memory").toBeGreaterThan(0);
    expect(evaluatedBefore).toBeLessThanOrEqual(10);
    expect(owner.status, "the owner signs in while Redis is down").toBe(200);
    expect(bad.map(why)).toEqual([]);
  });

  it("PostgreSQL restarted: calls fail briefly, then the pool reconnects without a portal restart", async () => {
    const p = portal as Portal;
    const load = traffic(["my-order", "signin", "userinfo"], 3);
    await sleep(2_000);
    const restartAt = Date.now();
    const restart = restartPostgres();
    const backAt = Date.now();
    // First answer of a database call after PostgreSQL is back.
    let recoveredAt = 0;
    while (Date.now() - backAt < 30_000 && p.isAlive()) {
      const answer = await api(p.url, "/order/my-order", {}, { cookie: people[1]?.cookie });
      if (answer.status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(200);
    }
    await sleep(4_000);
    const samples = await load.stop();
    const after = samples.filter((s) => recoveredAt && s.at >= recoveredAt + 500);
    const during = samples.filter((s) => s.at >= restartAt && (!recoveredAt || s.at < recoveredAt));
    printTable("Part 5b — PostgreSQL restarted (pg_ctlcluster restart) under my-order, sign-in, userinfo", [
      summary(
        "before",
        samples.filter((s) => s.at < restartAt),
      ),
      summary("restarting", during),
      summary("after recovery", after),
    ]);
    printTable("Part 5b — figures", [
      { figure: "restart command", value: restart.ok ? "ok" : restart.output.slice(0, 120) },
      { figure: "PostgreSQL down for (s)", value: (backAt - restartAt) / 1000 },
      { figure: "portal process still alive", value: p.isAlive() },
      {
        figure: "first database answer after it was back (s)",
        value: recoveredAt ? (recoveredAt - backAt) / 1000 : "never",
      },
      { figure: "failures after recovery (must be 0)", value: after.filter((s) => s.status !== 200).length },
      ...[...new Set(after.filter((s) => s.status !== 200).map(why))].map((kind) => ({
        figure: `after recovery: ${kind}`,
        value: after.filter((s) => s.status !== 200 && why(s) === kind).length,
      })),
    ]);
    const errors = p.output.filter((l) => /"level":(50|60)/.test(l)).slice(-4);
    for (const l of p.isAlive() ? errors : p.output.slice(-8)) console.log(`  portal: ${l.slice(0, 600)}`);
    expect(restart.ok).toBe(true);
    expect(p.isAlive(), "the portal survives a database restart").toBe(true);
    expect(recoveredAt).toBeGreaterThan(0);
    expect(recoveredAt - backAt).toBeLessThan(10_000);
    expect(after.filter((s) => s.status !== 200)).toEqual([]);
  });

  it("SMTP and the product webhook down: deliveries wait in the outbox and go out when they return", async () => {
    const p = portal as Portal;
    if (!p.isAlive()) throw new Error("the portal is not running (see the PostgreSQL restart above)");
    await smtp.stop();
    await receiver.close();
    const downAt = new Date();
    // A reset mail (its answer must not change) and an order paid by bank transfer (order.paid).
    const resetFor = people[2] as Person;
    const reset = await api(p.url, "/user/forgotten-pass", { email: resetFor.user.email }, { ip: nextIp() });
    const signupEmail = `deps-smtp-${Date.now()}@example.com`;
    const signup = await api(
      p.url,
      "/auth/signup",
      {
        fullname: "Smtp Down",
        email: signupEmail,
        password: "Otter-Lantern-Pickle-42",
        phone: "0912345678",
        country_code: "vn",
        token: await solveCaptcha(p.url),
      },
      { ip: nextIp() },
    );
    const buyer = people[3] as Person;
    const created = await api<{ order_id: string; reference_no: string; total: number }>(
      p.url,
      "/order/create",
      {
        token: buyer.token,
        lines: [{ store_id: `deps-${Date.now()}`, store_name: "Deps shop", package_code: "PRO", months: 1 }],
      },
      { headers: { authorization: `Bearer ${PRODUCT.apiKey}`, origin: "" } },
    );
    const paid = await api(
      p.url,
      "/payment/bank-notify",
      {
        id: `deps-${Date.now()}`,
        content: created.body.data.reference_no,
        transferType: "in",
        transferAmount: created.body.data.total,
      },
      { headers: { authorization: `Apikey ${BANK.BANK_WEBHOOK_KEY}`, origin: "" } },
    );
    await sleep(7_000);
    const waiting = await query<{
      id: string;
      kind: string;
      target: string;
      attempts: number;
      last_error: string | null;
    }>(
      "select id, kind, target, attempts, last_error from outbox where done_at is null and created_at >= $1 order by created_at",
      [downAt.toISOString()],
    );
    const upAt = Date.now();
    await smtp.start();
    await receiver.reopen();
    let delivered = false;
    while (Date.now() - upAt < 90_000) {
      const ids = waiting.map((w) => w.id);
      const [left] = await query<{ n: string }>(
        "select count(*) as n from outbox where id = any($1) and done_at is null",
        [ids],
      );
      if (Number(left?.n ?? 1) === 0) {
        delivered = true;
        break;
      }
      await sleep(500);
    }
    const seconds = (Date.now() - upAt) / 1000;
    const mails = waiting.filter((w) => w.kind === "message").length;
    const events = waiting.filter((w) => w.kind === "event");
    printTable("Part 5c — SMTP and the sales app's webhook down, then back", [
      { figure: "/user/forgotten-pass while SMTP down", value: `${reset.status} ${reset.body?.code}` },
      {
        figure: "/auth/signup while SMTP down (the code mail)",
        value: `${signup.status} ${signup.body?.code} ${String((signup.body?.data as { error?: string })?.error ?? "")}`,
      },
      { figure: "bank notification (order.paid event) while webhook down", value: `${paid.status}` },
      {
        figure: "outbox rows waiting after 7 s (kind target attempts last_error)",
        value: waiting
          .map((w) => `${w.kind} ${w.target} ×${w.attempts} ${w.last_error ?? ""}`.slice(0, 60))
          .join(" | "),
      },
      {
        figure: "mails received by SMTP once back",
        value: `${smtp.received.filter((r) => r === resetFor.user.email || r === signupEmail).length}`,
      },
      {
        figure: "events received by the webhook once back",
        value: events.filter((e) => receiver.delivered.includes(e.id)).length,
      },
      {
        figure: "seconds until the outbox was empty again",
        value: delivered ? seconds : `not within ${seconds}`,
      },
    ]);
    expect(reset.status).toBe(200);
    // The account is created and its code waits in the outbox: the sign-up is not answered 502.
    expect(signup.status).toBe(200);
    expect(paid.status).toBe(200);
    expect(mails).toBeGreaterThanOrEqual(1);
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(waiting.every((w) => w.attempts >= 1)).toBe(true);
    expect(delivered).toBe(true);
    expect(smtp.received).toContain(resetFor.user.email);
    expect(events.every((e) => receiver.delivered.includes(e.id))).toBe(true);
  });
});
