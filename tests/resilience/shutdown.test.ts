// Part 8, a drained shutdown (issue 18): SIGTERM while sign-ins are in flight. /readyz answers 503
// at once while the listener keeps serving for SHUTDOWN_DRAIN_SECONDS (a load balancer stops
// sending), then every accepted request is answered before the process exits: zero resets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type HttpAnswer, ipOf, sleep } from "./support/http";
import { ensureBuilt, type Portal, startPortal } from "./support/portal";
import { printTable, RESILIENCE_ENABLED } from "./support/report";

const IN_FLIGHT = 40;
const DURING_DRAIN = 20;
const DRAIN_SECONDS = 2;

describe.skipIf(!RESILIENCE_ENABLED)("resilience 8: SIGTERM drains, resets nothing", () => {
  let portal: Portal | undefined;

  beforeAll(async () => {
    ensureBuilt();
    portal = await startPortal({
      env: {
        DEMO_SEED: "0",
        TRUST_PROXY: "1",
        RATE_LIMIT_IP_SCALE: "1000",
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
        SHUTDOWN_GRACE_SECONDS: "20",
      },
    });
  });

  afterAll(async () => {
    await portal?.kill9();
  });

  it("answers every request sent across the SIGTERM and says 503 on /readyz while it drains", async () => {
    if (!portal) throw new Error("no portal");
    const base = portal.url;
    // Sign-ins cost an argon2id hash each: with 40 at once on two cores, many are still in
    // flight when the signal comes.
    const signIn = (k: number) =>
      api(
        base,
        "/auth/signin",
        { email: `nobody-${k}@example.com`, password: "Wrong#pass1" },
        {
          ip: ipOf(300_000 + k),
          timeoutMs: 60_000,
        },
      );
    const first: Promise<HttpAnswer>[] = [];
    for (let k = 0; k < IN_FLIGHT; k += 1) first.push(signIn(k));
    await sleep(150);
    const signalledAt = Date.now();
    process.kill(-portal.pid, "SIGTERM");
    // /readyz turns 503 once node has run its SIGTERM handler; on a loaded machine that may be more
    // than the 100 ms the first look waited (seen in CI: one 200). Asked again until it says 503,
    // but only within the drain, while the listener is still open: a 503 seen then is the promise.
    let readyz = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) });
    while (readyz.status !== 503 && Date.now() - signalledAt < DRAIN_SECONDS * 1000 - 500) {
      await sleep(50);
      readyz = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) });
    }
    const readyzAfterMs = Date.now() - signalledAt;
    const healthz = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
    // New work during the drain is still served (the balancer has not caught up yet).
    const second: Promise<HttpAnswer>[] = [];
    for (let k = 0; k < DURING_DRAIN; k += 1) second.push(signIn(IN_FLIGHT + k));

    const answers = await Promise.all([...first, ...second]);
    const exited = await portal.waitExit(60_000);
    const exitSeconds = (Date.now() - signalledAt) / 1000;
    const resets = answers.filter((a) => a.error);
    const statuses = new Map<string, number>();
    for (const a of answers) {
      const key = a.error ? `error ${a.error}` : String(a.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    printTable("Part 8 — SIGTERM with sign-ins in flight", [
      { figure: "requests sent across the signal", value: answers.length },
      { figure: "answered", value: answers.length - resets.length },
      { figure: "reset or unanswered", value: resets.length },
      { figure: "answers by status", value: [...statuses].map(([k, v]) => `${k}×${v}`).join(", ") },
      {
        figure: "/readyz during the drain",
        value: `${readyz.status} (${readyzAfterMs} ms after the signal)`,
      },
      { figure: "/healthz during the drain", value: healthz.status },
      { figure: "signal to exit (s)", value: Number(exitSeconds.toFixed(1)) },
    ]);
    expect(resets.map((r) => r.error)).toEqual([]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(readyz.status).toBe(503);
    expect(healthz.status).toBe(200);
    expect(exited).toBe(true);
    expect(exitSeconds).toBeGreaterThanOrEqual(DRAIN_SECONDS);
  });
});
