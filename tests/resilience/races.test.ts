// Part 2, races: 50 parallel attempts on each single-use thing, through the real `dispatch`, on a
// private schema of the local PostgreSQL (PGlite, one connection, when none answers). Each must
// succeed exactly once, and no balance may go below zero or away from the sum of its log.
// The throttles are raised for this file only, so every attempt reaches the single-use check
// (with them, the 11th attempt on one person would be refused before it).

import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, resetLimitsForTests } from "@/lib/rate-limit";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { solvedCaptcha } from "@/tests/factories/captcha";
import { partnerWithCustomer } from "@/tests/factories/partner";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { vnpayParsePayUrl, vnpayResultParams, vnpaySignedReturn } from "@/tests/peers/gateway-signing";
import { call, lastCode, outbox } from "@/tests/setup/api";
import { signUpBody } from "@/tests/setup/signup";
import { BANK, PRODUCT, VNPAY } from "./support/config";
import { type InProcess, openInProcess } from "./support/in-process";
import { printTable, RESILIENCE_ENABLED } from "./support/report";
import { productToken } from "./support/seed";

const N = 50;
type Data = Record<string, unknown>;
type Row = {
  thing: string;
  attempts: number;
  succeeded: number;
  expected: number;
  evidence: string;
  ok: boolean;
};

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  const db = await getDb();
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function one(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: string | number }>(query);
  return Number(row?.n ?? 0);
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const signIn = async (email: string, password = PASSWORD) =>
  call<Data>("/auth/signin", { email, password }, { ip: nextIp() });

/** A person, a pending order the sales app created for them, and their browser cookie. */
async function buyer(points = 0) {
  const db = await getDb();
  const user = await createUser();
  if (points) await adjustBalance(db, { userId: user.id, balance: "point", amount: points, now: new Date() });
  return { user, cookie: (await signIn(user.email)).cookie, order: await newOrder(user) };
}

async function newOrder(user: UserRow) {
  const token = await productToken(await getDb(), user);
  const created = await call<{ order_id: string; reference_no: string; total: number }>(
    "/order/create",
    {
      token,
      lines: [
        {
          store_id: `race-${Math.random().toString(36).slice(2)}`,
          store_name: "Race shop",
          package_code: "PRO",
          months: 1,
        },
      ],
    },
    { headers: { authorization: `Bearer ${PRODUCT.apiKey}`, origin: "" } },
  );
  expect(created.body.code).toBe(200);
  return created.body.data;
}

describe.skipIf(!RESILIENCE_ENABLED)("resilience 2: races on single-use things", () => {
  let portal: InProcess;
  const table: Row[] = [];
  const saved = new Map<string, number>();

  beforeAll(async () => {
    portal = await openInProcess({ postgres: true, env: { DEVICE_LIMIT: "1000" } });
    for (const [name, limit] of Object.entries(LIMITS)) {
      saved.set(name, limit.points);
      (limit as { points: number }).points = 100_000;
    }
    resetLimitsForTests();
  });

  afterAll(async () => {
    for (const [name, points] of saved)
      (LIMITS[name as keyof typeof LIMITS] as { points: number }).points = points;
    printTable(`Part 2 — ${N} parallel attempts on each single-use thing (${portal?.database})`, table);
    await portal?.close();
  });

  function record(row: Omit<Row, "ok"> & { ok?: boolean }) {
    table.push({ ...row, ok: row.ok ?? row.succeeded === row.expected });
  }

  it("a one-time code (/auth/verify-account with the right code) verifies once", async () => {
    const body = signUpBody({ token: await solvedCaptcha() });
    const signed = await call<Data>("/auth/signup", body, { ip: nextIp() });
    expect(signed.body.code).toBe(200);
    const token = String(signed.body.data.token);
    const code = lastCode(String(body.email));
    const answers = await Promise.all(
      Array.from({ length: N }, () => call<Data>("/auth/verify-account", { token, code }, { ip: nextIp() })),
    );
    const won = answers.filter((a) => a.body.code === 200).length;
    // One success opens the portal's session and, for a new account, the default product's (lp) one.
    const sessions = await rows<{ app_code: string; n: string }>(
      sql`select s.app_code, count(*) as n from sessions s join users u on u.id = s.user_id
          where u.email = ${String(body.email)} group by s.app_code order by s.app_code`,
    );
    const most = Math.max(0, ...sessions.map((s) => Number(s.n)));
    record({
      thing: "one-time code",
      attempts: N,
      succeeded: won,
      expected: 1,
      evidence: `sessions opened per app: ${sessions.map((s) => `${s.app_code} ${s.n}`).join(", ")}`,
      ok: won === 1 && most === 1,
    });
    expect(won).toBe(1);
    expect(most).toBe(1);
  });

  it("a reset link (/user/reset-password) sets a password once", async () => {
    const user = await createUser();
    const asked = await call("/user/forgotten-pass", { email: user.email }, { ip: nextIp() });
    expect(asked.body.code).toBe(200);
    const mail = outbox()
      .filter((m) => m.to === user.email)
      .at(-1);
    const token = String(new URL(String(mail?.params.link)).searchParams.get("token"));
    const passwords = Array.from({ length: N }, (_, i) => `Race#${i}pass`);
    const answers = await Promise.all(
      passwords.map((password) =>
        call<Data>("/user/reset-password", { token, password, confirm_password: password }, { ip: nextIp() }),
      ),
    );
    const winners = passwords.filter((_, i) => answers[i]?.body.code === 200);
    const winnerSignsIn = winners[0] ? (await signIn(user.email, winners[0])).body.code === 200 : false;
    record({
      thing: "reset link",
      attempts: N,
      succeeded: winners.length,
      expected: 1,
      evidence: `the winner's password signs in: ${winnerSignsIn}`,
      ok: winners.length === 1 && winnerSignsIn,
    });
    expect(winners).toHaveLength(1);
    expect(winnerSignsIn).toBe(true);
  });

  it("a backup code (/auth2-fa/verify-login) signs in once", async () => {
    const user = await createUser();
    const cookie = (await signIn(user.email)).cookie;
    const setup = await call<Data>("/auth2-fa/generate-setup-url", {}, { cookie });
    const secret = String(setup.body.data.secret);
    const enabled = await call<Data>(
      "/auth2-fa/enable-2fa",
      { method: "totp", token: await generate({ secret }) },
      { cookie },
    );
    expect(enabled.body.code).toBe(200);
    const backup = String((enabled.body.data.backup_codes as string[])[0]);
    // 50 password steps, each with its own custom_auth, then the same backup code on all 50 at once.
    const steps: string[] = [];
    for (let i = 0; i < N; i += 10) {
      const batch = await Promise.all(Array.from({ length: Math.min(10, N - i) }, () => signIn(user.email)));
      for (const s of batch) steps.push(String(s.body.data.custom_auth));
    }
    const answers = await Promise.all(
      steps.map((customAuth) =>
        call<Data>("/auth2-fa/verify-login", { custom_auth: customAuth, token: backup }, { ip: nextIp() }),
      ),
    );
    const won = answers.filter((a) => a.body.code === 200).length;
    const used = await one(
      sql`select count(*) as n from backup_codes where user_id = ${user.id} and used_at is not null`,
    );
    record({
      thing: "backup code",
      attempts: N,
      succeeded: won,
      expected: 1,
      evidence: `backup codes marked used: ${used}`,
      ok: won === 1 && used === 1,
    });
    expect(won).toBe(1);
    expect(used).toBe(1);
  });

  it("a captcha solution signs up once", async () => {
    const token = await solvedCaptcha();
    const bodies = Array.from({ length: N }, () => signUpBody({ token }));
    const answers = await Promise.all(
      bodies.map((body) => call<Data>("/auth/signup", body, { ip: nextIp() })),
    );
    const won = answers.filter((a) => a.body.code === 200).length;
    const emails = bodies.map((b) => String(b.email));
    const created = await one(sql`select count(*) as n from users where email in ${emails}`);
    record({
      thing: "captcha solution",
      attempts: N,
      succeeded: won,
      expected: 1,
      evidence: `accounts created: ${created}`,
      ok: won === 1 && created === 1,
    });
    expect(won).toBe(1);
    expect(created).toBe(1);
  });

  it("a VNPAY IPN pays its order once", async () => {
    const { order, cookie } = await buyer();
    const started = await call<{ url: string; payment_id: string }>(
      "/order/checkout",
      { order_id: order.order_id, method: "VNPAY", use_point: false },
      { cookie },
    );
    expect(started.body.code).toBe(200);
    const pay = vnpayParsePayUrl(started.body.data.url, VNPAY.VNPAY_HASH_SECRET);
    const ipn = vnpaySignedReturn(
      vnpayResultParams(pay.params, { outcome: "paid" }),
      VNPAY.VNPAY_HASH_SECRET,
    );
    const answers = await Promise.all(
      Array.from({ length: N }, () => call("/payment/vnpay-ipn", {}, { method: "GET", query: ipn })),
    );
    const codes = answers.map((a) => (a.body as unknown as { RspCode: string }).RspCode);
    const won = codes.filter((c) => c === "00").length;
    const evidence = await paidEvidence(order.order_id);
    record({
      thing: "VNPAY IPN",
      attempts: N,
      succeeded: won,
      expected: 1,
      evidence: `${evidence.text}; other answers: ${[...new Set(codes.filter((c) => c !== "00"))].join(",")}`,
      ok: won === 1 && evidence.once,
    });
    expect(won).toBe(1);
    expect(evidence.once).toBe(true);
  });

  it("a bank notification with one id pays its order once", async () => {
    const { order } = await buyer();
    const id = `race-${Date.now()}`;
    const notify = (transferId: string) =>
      call(
        "/payment/bank-notify",
        {
          id: transferId,
          gateway: "Vietcombank",
          content: `IBFT ${order.reference_no} chuyen tien`,
          transferType: "in",
          transferAmount: order.total,
        },
        { headers: { authorization: `Apikey ${BANK.BANK_WEBHOOK_KEY}`, origin: "" } },
      );
    const answers = await Promise.all(Array.from({ length: N }, () => notify(id)));
    const answered = answers.filter(
      (a) => (a.body as unknown as { success?: boolean }).success === true,
    ).length;
    const transfers = await one(sql`select count(*) as n from bank_transfers where id = ${id}`);
    const evidence = await paidEvidence(order.order_id);
    record({
      thing: "bank notification, one id",
      attempts: N,
      succeeded: evidence.paidPayments,
      expected: 1,
      evidence: `answered success: ${answered}/${N}; transfer rows: ${transfers}; ${evidence.text}`,
      ok: evidence.once && transfers === 1 && answered === N,
    });
    expect(evidence.once).toBe(true);
    expect(transfers).toBe(1);
    // A retry of a notification already applied still hears success (the bank stops retrying).
    expect(answered).toBe(N);

    // The same order notified under 50 different bank ids (a double transfer): paid once, the rest kept as late.
    const second = await buyer();
    const ids = Array.from({ length: N }, (_, i) => `race-many-${Date.now()}-${i}`);
    await Promise.all(
      ids.map((transferId) =>
        call(
          "/payment/bank-notify",
          {
            id: transferId,
            content: `${second.order.reference_no}`,
            transferType: "in",
            transferAmount: second.order.total,
          },
          { headers: { authorization: `Apikey ${BANK.BANK_WEBHOOK_KEY}`, origin: "" } },
        ),
      ),
    );
    const statuses = await rows<{ status: string; n: string }>(
      sql`select status, count(*) as n from bank_transfers where id in ${ids} group by status order by status`,
    );
    const matched = Number(statuses.find((s) => s.status === "matched")?.n ?? 0);
    const evidence2 = await paidEvidence(second.order.order_id);
    record({
      thing: "bank notifications, 50 ids, one order",
      attempts: N,
      succeeded: matched,
      expected: 1,
      evidence: `${statuses.map((s) => `${s.status} ${s.n}`).join(", ")}; ${evidence2.text}`,
      ok: matched === 1 && evidence2.once,
    });
    expect(matched).toBe(1);
    expect(evidence2.once).toBe(true);
  });

  it("a partner upgrade with credit for one upgrades once and the credit stays ≥ 0", async () => {
    const { partner, customer } = await partnerWithCustomer(200);
    const cookie = (await signIn(partner.email)).cookie;
    const activated = await call(
      "/partner/active-store",
      { app_code: "ls", email: customer.email },
      { cookie },
    );
    expect(activated.body.code).toBe(200);
    const stores = await call<{ items: { _id: string }[] }>(
      "/partner/list-store",
      { email: customer.email, app_code: "ls" },
      { cookie },
    );
    const store = stores.body.data.items[0]?._id;
    const before = Number(
      (await call<{ credit: number }>("/partner/my-credit", {}, { cookie })).body.data.credit,
    );
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        call("/partner/upgrade-store", { store, package: "PRO", app_code: "ls" }, { cookie }),
      ),
    );
    const won = answers.filter((a) => a.body.code === 200).length;
    const after = Number(
      (await call<{ credit: number }>("/partner/my-credit", {}, { cookie })).body.data.credit,
    );
    const logged = await one(
      sql`select coalesce(sum(amount), 0) as n from credit_logs where user_id = ${partner.id} and balance = 'credit'`,
    );
    record({
      thing: "partner upgrade, credit for one",
      attempts: N,
      succeeded: won,
      expected: 1,
      evidence: `credit ${before} → ${after}; sum of credit log ${logged}`,
      ok: won === 1 && after >= 0 && after === logged,
    });
    expect(won).toBe(1);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBe(logged);
  });

  it("points: checkouts of two orders competing for the same points spend them once", async () => {
    const { user, cookie, order: first } = await buyer(40);
    const second = await newOrder(user);
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        call<{ points_used: number }>(
          "/order/checkout",
          {
            order_id: i % 2 === 0 ? first.order_id : second.order_id,
            method: i % 2 === 0 ? "VNPAY" : "CASH",
            use_point: true,
          },
          { cookie },
        ),
      ),
    );
    const spenders = answers.filter((a) => a.body.code === 200 && Number(a.body.data.points_used) > 0);
    const spent = spenders.reduce((s, a) => s + Number(a.body.data.points_used), 0);
    const [balance] = await rows<{ point: string; logged: string }>(
      sql`select u.point, (select coalesce(sum(points), 0) from point_logs p where p.user_id = u.id) as logged from users u where u.id = ${user.id}`,
    );
    const taken = await one(
      sql`select coalesce(sum(points_used), 0) as n from payments where user_id = ${user.id}`,
    );
    record({
      thing: "points spend (2 orders)",
      attempts: N,
      succeeded: spenders.length,
      expected: 1,
      evidence: `answers 200: ${answers.filter((a) => a.body.code === 200).length}; points used ${spent}/40 (payments ${taken}); balance ${balance?.point} = log ${balance?.logged}`,
      ok:
        spenders.length === 1 &&
        spent === 40 &&
        taken === 40 &&
        Number(balance?.point) === 0 &&
        Number(balance?.point) === Number(balance?.logged),
    });
    expect(spenders).toHaveLength(1);
    expect(spent).toBe(40);
    expect(taken).toBe(40);
    expect(Number(balance?.point)).toBe(0);
    expect(Number(balance?.point)).toBe(Number(balance?.logged));
  });

  it("no balance anywhere is below zero or differs from the sum of its log", async () => {
    const negative = await one(
      sql`select count(*) as n from users where point < 0 or credit < 0 or credit_app < 0 or money < 0`,
    );
    const drift = await one(sql`
      select count(*) as n from users u
      where u.point <> (select coalesce(sum(points), 0) from point_logs p where p.user_id = u.id)
         or u.credit <> (select coalesce(sum(amount), 0) from credit_logs c where c.user_id = u.id and c.balance = 'credit')`);
    record({
      thing: "all balances",
      attempts: 0,
      succeeded: negative + drift,
      expected: 0,
      evidence: `below zero: ${negative}; balance ≠ sum of log: ${drift}`,
    });
    expect(negative).toBe(0);
    expect(drift).toBe(0);
  });
});

/** What one payment of an order leaves: one PAID event, one PAID payment, one order.paid event in the outbox. */
async function paidEvidence(orderId: string) {
  const [order] = await rows<{ status: string }>(sql`select status from orders where id = ${orderId}`);
  const events = await one(
    sql`select count(*) as n from order_events where order_id = ${orderId} and to_status = 'PAID'`,
  );
  const paidPayments = await one(
    sql`select count(*) as n from payments where order_id = ${orderId} and status = 'PAID'`,
  );
  const outboxEvents = await one(
    sql`select count(*) as n from outbox where kind = 'event' and payload->'event'->>'type' = 'order.paid' and payload->'event'->'data'->>'order_id' = ${orderId}`,
  );
  const once = order?.status === "PAID" && events === 1 && paidPayments === 1 && outboxEvents === 1;
  return {
    once,
    paidPayments,
    text: `order ${order?.status}, PAID events ${events}, PAID payments ${paidPayments}, order.paid queued ${outboxEvents}`,
  };
}
