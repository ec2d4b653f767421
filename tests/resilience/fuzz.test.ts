// Part 1, bad input: every /2.0 call of the registry fuzzed from its own zod schema (fast-check),
// anonymous and authenticated (a seeded person's cookie; the product's or the bank's key for the
// calls that take one), plus hostile bodies. Through the real `dispatch` on PGlite.
// Figures per call and in total: answers ≥ 500, answers without the {code, message, data}
// envelope (raw calls may answer their own JSON with 200, and with any status when they declare
// their error shape), messages with a stack trace, a file path or SQL. All three must be 0.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import type { Call } from "@/server/http/call";
import { dispatch } from "@/server/http/dispatch";
import { registry } from "@/server/registry";
import {
  bodiesOf,
  type FuzzContext,
  HOSTILE_STRINGS,
  inputSchemaOf,
  type JsonSchema,
  toQuery,
  WRONG_VALUES,
} from "./support/arbitrary";
import { takeLoggedErrors } from "./support/capture-log";
import { BANK, PRODUCT } from "./support/config";
import { type InProcess, openInProcess } from "./support/in-process";
import { printTable, RESILIENCE_ENABLED } from "./support/report";
import { browserCookie, productToken, seedUsers } from "./support/seed";

const ORIGIN = "http://portal.test";
const BODIES_PER_MODE = Number(process.env.RESILIENCE_FUZZ_RUNS ?? 300);
const SEED = Number(process.env.RESILIENCE_SEED ?? Date.now() % 2_147_483_647);
const CONCURRENCY = 4;

type Mode = "anonymous" | "authenticated";
type Attempt = {
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  query?: string;
  label?: string;
};
type Problem = {
  kind: "5xx" | "envelope" | "leak";
  status: number;
  sent: string;
  answer: string;
  log?: string;
};
type Figures = {
  call: string;
  method: string;
  auth: string;
  sent: number;
  ok2xx: number;
  refused4xx: number;
  over500: number;
  noEnvelope: number;
  leaks: number;
  ms: number;
  problems: Problem[];
};

// A stack frame, a source or install path, or the database's own words.
const LEAKS: RegExp[] = [
  /\bat (?:async )?[\w$.<>[\]]+ \(/,
  /\(?[\w./-]+\.(?:ts|tsx|js|mjs|cjs):\d+(?::\d+)?\)?/,
  /(?:\/work\/|\/home\/|\/root\/|\/usr\/lib|node_modules|file:\/\/)/,
  /\bselect\s[\s\S]*\bfrom\s/i,
  /\binsert\s+into\b/i,
  /syntax error/i,
  /relation "/i,
  /duplicate key value/i,
  /violates [\w ]*constraint/i,
  /invalid input syntax/i,
  /invalid byte sequence/i,
  /failed query/i,
];

/** A leak the answer shows and the request did not carry itself (an echo of our own input is not one). */
function leakIn(answer: string, sent: string): RegExp | undefined {
  return LEAKS.find((re) => re.test(answer) && !re.test(sent));
}

function isEnvelope(value: unknown): value is { code: number; message: string; data: unknown } {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === "number" && typeof v.message === "string" && "data" in v;
}

let ip = 0;
function nextIp(): string {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
}

const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

describe.skipIf(!RESILIENCE_ENABLED)("resilience 1: bad input", () => {
  let portal: InProcess;
  let user: UserRow;
  let cookie = "";
  let cookieRefreshes = 0;
  let context: FuzzContext;
  const figures: Figures[] = [];

  beforeAll(async () => {
    portal = await openInProcess({ postgres: false, env: { DEVICE_LIMIT: "1000" } });
    const db = await getDb();
    [user] = (await seedUsers(db, 1, "fuzz")) as [UserRow];
    cookie = await browserCookie(db, user);
    // Something real to point at: an order (product call), its checkout (a payment), a session.
    const token = await productToken(db, user);
    const created = await send(
      "/order/create",
      {
        body: {
          token,
          lines: [{ store_id: "fuzz-store", store_name: "Fuzz shop", package_code: "PRO", months: 1 }],
        },
      },
      { headers: { authorization: `Bearer ${PRODUCT.apiKey}` } },
    );
    const order = JSON.parse(created.text).data as { order_id: string; transaction_id: string };
    const checkout = await send(
      "/order/checkout",
      { body: { order_id: order.order_id, method: "CASH" } },
      { cookie },
    );
    const payment = JSON.parse(checkout.text).data as { payment_id: string };
    context = {
      knownEmail: user.email,
      knownIds: [order.order_id, order.transaction_id, payment.payment_id, user.id, user.code],
    };
    takeLoggedErrors();
  });

  afterAll(async () => {
    await portal?.close();
  });

  function authFor(call: Call, mode: Mode): { cookie?: string; headers?: Record<string, string> } {
    if (mode === "anonymous") return {};
    if (call.auth === "product") return { headers: { authorization: `Bearer ${PRODUCT.apiKey}` } };
    if (call.auth === "bank") return { headers: { authorization: `Apikey ${BANK.BANK_WEBHOOK_KEY}` } };
    return { cookie };
  }

  async function send(
    path: string,
    attempt: Attempt,
    auth: { cookie?: string; headers?: Record<string, string> },
    method = "POST",
  ): Promise<{ status: number; text: string; sent: string }> {
    const headers: Record<string, string> = {
      "content-type": attempt.contentType ?? "application/json",
      origin: ORIGIN,
      host: "portal.test",
      "user-agent": "resilience-fuzz",
      "x-forwarded-for": nextIp(),
      ...auth.headers,
    };
    if (auth.cookie) headers.cookie = auth.cookie;
    let url = `${ORIGIN}/2.0${path}`;
    let body: string | undefined;
    if (method === "GET") {
      const query =
        attempt.query ??
        (attempt.body && typeof attempt.body === "object" && !Array.isArray(attempt.body)
          ? toQuery(attempt.body as Record<string, unknown>)
          : "");
      if (query) url += `?${query}`;
    } else {
      body = attempt.rawBody ?? JSON.stringify(attempt.body);
    }
    const response = await dispatch(new Request(url, { method, headers, body }));
    return { status: response.status, text: await response.text(), sent: body ?? url };
  }

  /** The hostile bodies for a call: each hostile string and wrong value in each field, and whole-body tricks. */
  function hostileAttempts(schema: JsonSchema, base: Record<string, unknown>, isGet: boolean): Attempt[] {
    const keys = Object.keys(schema.properties ?? {});
    const fields = keys.length > 0 ? keys : ["value"];
    const out: Attempt[] = [];
    for (const key of fields) {
      for (const h of HOSTILE_STRINGS)
        out.push({ body: { ...base, [key]: h.value }, label: `${key}=${h.label}` });
      if (!isGet)
        for (const w of WRONG_VALUES)
          out.push({ body: { ...base, [key]: w.value }, label: `${key}=${w.label}` });
    }
    let deep = '"x"';
    for (let i = 0; i < 4_000; i += 1) deep = `[${deep}]`;
    let deepObject = "1";
    for (let i = 0; i < 2_000; i += 1) deepObject = `{"a":${deepObject}}`;
    const baseJson = JSON.stringify(base);
    const merged = (extra: string) =>
      baseJson === "{}" ? `{${extra}}` : `${baseJson.slice(0, -1)},${extra}}`;
    out.push(
      { rawBody: merged('"__proto__":{"isAdmin":true,"scope":"admin"}'), label: "__proto__ key" },
      { rawBody: merged('"constructor":{"prototype":{"isAdmin":true}}'), label: "constructor key" },
      { rawBody: merged('"lang":{"__proto__":"en"}'), label: "lang object" },
      { rawBody: merged('"lang":"__proto__"'), label: "lang __proto__" },
      { rawBody: "[]", label: "array body" },
      { rawBody: `[${baseJson}]`, label: "array of the body" },
      { rawBody: '"just a string"', label: "string body" },
      { rawBody: "null", label: "null body" },
      { rawBody: "42", label: "number body" },
      { rawBody: '{"a":', label: "cut JSON" },
      { rawBody: "{'single':'quotes'}", label: "not JSON" },
      { rawBody: "\u0000\u0001\u0002", label: "binary body" },
      { rawBody: "", label: "empty body" },
      { rawBody: merged(`"deep":${deep}`), label: "deep array (4000)" },
      { rawBody: merged(`"deep":${deepObject}`), label: "deep object (2000)" },
      { rawBody: deep, label: "deep array body" },
      { rawBody: merged(`"big":"${"z".repeat(100_000)}"`), label: "100 kB body" },
      { body: base, contentType: "text/plain", label: "text/plain" },
      { rawBody: "a=1&b=2", contentType: "application/x-www-form-urlencoded", label: "form body" },
      {
        rawBody:
          '--X\r\nContent-Disposition: form-data; name="jsonData"\r\n\r\n{"fullname":"x"}\r\n--X--\r\n',
        contentType: "multipart/form-data; boundary=X",
        label: "multipart",
      },
      {
        rawBody:
          '--X\r\nContent-Disposition: form-data; name="jsonData"\r\n\r\n[1,2]\r\n--X\r\nContent-Disposition: form-data; name="avatar"; filename="a.exe"\r\nContent-Type: application/x-msdownload\r\n\r\nMZ\u0000\u0000\r\n--X--\r\n',
        contentType: "multipart/form-data; boundary=X",
        label: "multipart exe",
      },
      { rawBody: "--X\r\nbroken", contentType: "multipart/form-data; boundary=X", label: "broken multipart" },
    );
    if (isGet) {
      out.push(
        { query: `a=${"q".repeat(100_000)}`, label: "100 kB query" },
        { query: "a=%00&b=%ff&c=%", label: "bad percent" },
        { query: "__proto__[x]=1&constructor[prototype][y]=2", label: "proto query" },
        { query: "vnp_Amount=1e309&vnp_TxnRef=' OR 1=1--", label: "sql query" },
      );
    }
    return out;
  }

  async function runAll(
    path: string,
    call: Call,
    attempts: { attempt: Attempt; mode: Mode }[],
    into: Figures,
  ): Promise<void> {
    const method = call.method ?? "POST";
    let next = 0;
    const worker = async () => {
      while (next < attempts.length) {
        const item = attempts[next];
        next += 1;
        if (!item) continue;
        const started = performance.now();
        let result: { status: number; text: string; sent: string };
        try {
          result = await send(path, item.attempt, authFor(call, item.mode), method);
        } catch (error) {
          // dispatch itself threw: the server's catch-all would answer 500 without a body.
          result = { status: 599, text: String(error), sent: JSON.stringify(item.attempt).slice(0, 2000) };
        }
        into.ms += performance.now() - started;
        into.sent += 1;
        if (result.status >= 200 && result.status < 300) into.ok2xx += 1;
        else if (result.status < 500) into.refused4xx += 1;
        let parsed: unknown;
        try {
          parsed = JSON.parse(result.text);
        } catch {
          parsed = undefined;
        }
        const envelope = isEnvelope(parsed);
        const problems: Problem["kind"][] = [];
        if (result.status >= 500) {
          into.over500 += 1;
          problems.push("5xx");
        }
        const ownShape = call.raw && (result.status === 200 || call.rawError) && parsed !== undefined;
        if (!envelope && !ownShape) {
          into.noEnvelope += 1;
          problems.push("envelope");
        }
        const shown = isEnvelope(parsed)
          ? `${parsed.message}\n${result.status >= 300 ? JSON.stringify(parsed.data) : ""}`
          : result.text;
        if (leakIn(shown, result.sent)) {
          into.leaks += 1;
          problems.push("leak");
        }
        const logged = takeLoggedErrors();
        if (problems.length > 0 && into.problems.length < 200) {
          const err = logged.find((l) => l.err)?.err;
          for (const kind of problems)
            into.problems.push({
              kind,
              status: result.status,
              sent: result.sent.slice(0, 5_000),
              answer: result.text.slice(0, 1_000),
              log: err
                ? `${err.type ?? ""}: ${err.message ?? ""} ${err.cause ? `← ${err.cause.message}` : ""}`
                : undefined,
            });
        }
        // A fuzzed body may sign the seeded person out (logout, logout-all, revoke-session): sign in again.
        if (
          item.mode === "authenticated" &&
          result.status === 401 &&
          call.auth !== "product" &&
          call.auth !== "bank"
        ) {
          cookie = await browserCookie(await getDb(), user);
          cookieRefreshes += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  it(`answers every generated and hostile body without a 5xx, in the envelope, leaking nothing (seed ${SEED})`, async () => {
    // RESILIENCE_FUZZ_ONLY=<regex> fuzzes the matching calls only (with RESILIENCE_SEED, to replay a run).
    const only = process.env.RESILIENCE_FUZZ_ONLY ? new RegExp(process.env.RESILIENCE_FUZZ_ONLY) : undefined;
    const paths = Object.keys(registry)
      .sort()
      .filter((p) => !only || only.test(p));
    const started = Date.now();
    const everyPath = Object.keys(registry).sort();
    for (const path of paths) {
      // The seed of a call depends on its place among all calls, so a filtered replay draws the same bodies.
      const index = everyPath.indexOf(path);
      const call = registry[path] as Call;
      const schema = inputSchemaOf(call.input);
      const arbitrary = bodiesOf(schema, context);
      const row: Figures = {
        call: path,
        method: call.method ?? "POST",
        auth: call.auth,
        sent: 0,
        ok2xx: 0,
        refused4xx: 0,
        over500: 0,
        noEnvelope: 0,
        leaks: 0,
        ms: 0,
        problems: [],
      };
      const attempts: { attempt: Attempt; mode: Mode }[] = [];
      for (const [m, mode] of (["anonymous", "authenticated"] as const).entries()) {
        const bodies = fc.sample(arbitrary, { numRuns: BODIES_PER_MODE, seed: SEED + index * 7 + m });
        for (const body of bodies) attempts.push({ attempt: { body }, mode });
      }
      const [base] = fc.sample(arbitrary, { numRuns: 1, seed: SEED + index });
      for (const attempt of hostileAttempts(
        schema,
        (base as Record<string, unknown>) ?? {},
        row.method === "GET",
      ))
        for (const mode of ["anonymous", "authenticated"] as const) attempts.push({ attempt, mode });
      await runAll(path, call, attempts, row);
      figures.push(row);
    }
    const seconds = (Date.now() - started) / 1000;

    printTable(
      `Part 1 — fuzzing every /2.0 call (${BODIES_PER_MODE} generated bodies × anonymous and authenticated + hostile bodies each; PGlite; seed ${SEED})`,
      figures.map((f) => ({
        call: f.call,
        method: f.method,
        auth: f.auth,
        requests: f.sent,
        "2xx": f.ok2xx,
        "4xx": f.refused4xx,
        "≥500": f.over500,
        "no envelope": f.noEnvelope,
        leaks: f.leaks,
        "ms/req": f.ms / Math.max(1, f.sent),
      })),
    );
    const total = figures.reduce(
      (t, f) => ({
        requests: t.requests + f.sent,
        over500: t.over500 + f.over500,
        noEnvelope: t.noEnvelope + f.noEnvelope,
        leaks: t.leaks + f.leaks,
      }),
      { requests: 0, over500: 0, noEnvelope: 0, leaks: 0 },
    );
    printTable("Part 1 — totals", [
      {
        calls: figures.length,
        requests: total.requests,
        "answers ≥500 (must be 0)": total.over500,
        "without envelope (must be 0)": total.noEnvelope,
        "stack/path/SQL in message (must be 0)": total.leaks,
        "session re-created": cookieRefreshes,
        seconds,
      },
    ]);
    const failing = figures.filter((f) => f.problems.length > 0);
    if (failing.length > 0) {
      // Every problem in full (what was sent, the answer, the logged cause), to replay one.
      const dump = path.join(tmpdir(), `resilience-fuzz-problems-${SEED}.json`);
      writeFileSync(
        dump,
        JSON.stringify(
          failing.map((f) => ({ call: f.call, problems: f.problems })),
          null,
          2,
        ),
      );
      console.log(`all problems: ${dump}`);
      printTable(
        "Part 1 — first problems per call",
        failing.flatMap((f) =>
          f.problems.slice(0, 3).map((p) => ({
            call: f.call,
            problem: p.kind,
            status: p.status,
            sent: short(p.sent),
            answer: short(p.answer, 300),
            "logged error": p.log,
          })),
        ),
      );
    }
    if (!only) expect(figures.length).toBe(Object.keys(registry).length);
    expect(Math.min(...figures.map((f) => f.sent))).toBeGreaterThanOrEqual(2 * BODIES_PER_MODE);
    expect(total.over500, "answers ≥ 500").toBe(0);
    expect(total.noEnvelope, "answers without the envelope").toBe(0);
    expect(total.leaks, "messages with a stack trace, a path or SQL").toBe(0);
  });
});
