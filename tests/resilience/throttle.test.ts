// Part 7, throttling without lock-out, against two built portals on one PostgreSQL (each with its
// own Redis database): one behind a trusted proxy (TRUST_PROXY=1: X-Forwarded-For is the client),
// one without (the header must be ignored: every request comes from the socket's address).
// A brute force on one account from many addresses is slowed (429s appear), while the owner can
// still sign in from their usual address during and after it; the lock is never permanent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { api, type HttpAnswer, ipOf } from "./support/http";
import { createDatabase, ensureBuilt, freshRedisDb, type Portal, startPortal } from "./support/portal";
import { printTable, RESILIENCE_ENABLED } from "./support/report";
import { SEED_PASSWORD, seedUsers } from "./support/seed";

const ATTEMPTS = 40;

/** Seconds a 429 says to wait (the number in its message), or undefined. */
function announcedWait(answer: HttpAnswer): number | undefined {
  const match = /(\d+)/.exec(answer.body?.message ?? "");
  return match ? Number(match[1]) : undefined;
}

describe.skipIf(!RESILIENCE_ENABLED)("resilience 7: throttling without lock-out", () => {
  let trusted: Portal | undefined;
  let direct: Portal | undefined;
  let database: { url: string; drop: () => Promise<void> };
  let owners: UserRow[] = [];
  let ipCounter = 0;
  const freshIp = () => ipOf(200_000 + ++ipCounter);

  beforeAll(async () => {
    ensureBuilt();
    database = await createDatabase("resilience_throttle");
    const common = { databaseUrl: database.url, env: { DEMO_SEED: "0" } };
    // One starts first (it applies the migrations), then the other on the same database.
    trusted = await startPortal({
      ...common,
      redisUrl: await freshRedisDb(14),
      env: { ...common.env, TRUST_PROXY: "1" },
    });
    direct = await startPortal({ ...common, redisUrl: await freshRedisDb(15) });
    const handle = await openDatabase({ url: database.url });
    owners = await seedUsers(handle.db, 4, "throttle");
    await handle.close();
  });

  afterAll(async () => {
    await trusted?.stop();
    await direct?.stop();
    await database?.drop();
  });

  /** Wrong passwords, one after another; answers each status and where the first 429 came. */
  async function guess(
    portal: Portal,
    count: number,
    who: (k: number) => { email: string; ip: string },
    between?: (k: number) => Promise<void>,
  ) {
    const statuses: number[] = [];
    let first429: HttpAnswer | undefined;
    for (let k = 1; k <= count; k += 1) {
      const { email, ip } = who(k);
      const answer = await api(portal.url, "/auth/signin", { email, password: `Wrong#${k}pass` }, { ip });
      statuses.push(answer.status);
      if (answer.status === 429 && !first429) first429 = answer;
      await between?.(k);
    }
    const firstAt = statuses.indexOf(429) + 1;
    return {
      statuses,
      firstAt,
      checked: firstAt ? firstAt - 1 : count,
      wait: first429 ? announcedWait(first429) : undefined,
    };
  }

  it("slows a brute force on one account, per account and per address, without locking the owner out", async () => {
    const t = trusted as Portal;
    const d = direct as Portal;
    const [owner, victimDirect] = owners as [UserRow, UserRow];
    const usualIp = "10.200.0.7";

    // The owner's usual address and device: a sign-in before the attack.
    const before = await api(
      t.url,
      "/auth/signin",
      { email: owner.email, password: SEED_PASSWORD },
      { ip: usualIp },
    );
    // The attack: wrong passwords for the owner's account, each from a new address. In the middle
    // (after 15 guesses) and at the end, the owner signs in from their usual address.
    let during: HttpAnswer | undefined;
    const attack = await guess(
      t,
      ATTEMPTS,
      () => ({ email: owner.email, ip: freshIp() }),
      async (k) => {
        if (k === 15)
          during = await api(
            t.url,
            "/auth/signin",
            { email: owner.email, password: SEED_PASSWORD },
            { ip: usualIp },
          );
      },
    );
    const after = await api(
      t.url,
      "/auth/signin",
      { email: owner.email, password: SEED_PASSWORD },
      { ip: usualIp },
    );
    const ownerSession = await api(t.url, "/auth/userinfo", {}, { cookie: before.cookie, ip: usualIp });

    // Per address: one address guessing many accounts (TRUST_PROXY=1, X-Forwarded-For honoured).
    const oneAddress = await guess(t, ATTEMPTS, (k) => ({
      email: `nobody${k}-${Date.now()}@example.com`,
      ip: "10.201.0.9",
    }));
    // Many addresses guessing many accounts: no per-address limit is reached when the header counts.
    const manyAddresses = await guess(t, ATTEMPTS, (k) => ({
      email: `nobody-many${k}-${Date.now()}@example.com`,
      ip: freshIp(),
    }));

    // Without TRUST_PROXY the header is ignored: rotating it does not escape the per-address limit.
    const directSpoofed = await guess(d, ATTEMPTS, (k) => ({
      email: `direct${k}-${Date.now()}@example.com`,
      ip: freshIp(),
    }));
    // And the per-account limit there (the address budget spent above is the same 127.0.0.1).
    const directAccount = await guess(d, 12, () => ({ email: victimDirect.email, ip: freshIp() }));

    const summary = (s: { statuses: number[] }) => {
      const runs: string[] = [];
      for (const status of s.statuses) {
        const last = runs.at(-1);
        const [code, n] = last ? last.split("×") : [];
        if (code === String(status)) runs[runs.length - 1] = `${status}×${Number(n) + 1}`;
        else runs.push(`${status}×1`);
      }
      return runs.join(" ");
    };
    printTable("Part 7 — the sign-in throttle as observed (wrong passwords, one after another)", [
      {
        portal: "TRUST_PROXY=1",
        scenario: "one account, a new X-Forwarded-For each time",
        "checked before the first 429": attack.checked,
        "announced wait (s)": attack.wait,
        answers: summary(attack),
      },
      {
        portal: "TRUST_PROXY=1",
        scenario: "one X-Forwarded-For, a new account each time",
        "checked before the first 429": oneAddress.checked,
        "announced wait (s)": oneAddress.wait,
        answers: summary(oneAddress),
      },
      {
        portal: "TRUST_PROXY=1",
        scenario: "a new X-Forwarded-For and a new account each time",
        "checked before the first 429": manyAddresses.firstAt ? manyAddresses.checked : `none in ${ATTEMPTS}`,
        "announced wait (s)": manyAddresses.wait,
        answers: summary(manyAddresses),
      },
      {
        portal: "no TRUST_PROXY",
        scenario: "a new X-Forwarded-For and a new account each time (header ignored)",
        "checked before the first 429": directSpoofed.checked,
        "announced wait (s)": directSpoofed.wait,
        answers: summary(directSpoofed),
      },
      {
        portal: "no TRUST_PROXY",
        scenario: "one account (same socket address, already throttled)",
        "checked before the first 429": directAccount.checked,
        "announced wait (s)": directAccount.wait,
        answers: summary(directAccount),
      },
    ]);
    printTable("Part 7 — the owner (usual address 10.200.0.7, signed in before the attack)", [
      { moment: "before the attack", "sign-in": before.status },
      { moment: "during it (after 15 guesses)", "sign-in": during?.status },
      { moment: "right after it", "sign-in": after.status },
      { moment: "their existing session (cookie) after it", "sign-in": ownerSession.status },
    ]);

    expect(before.status).toBe(200);
    // Slowed: the per-account budget stops the guessing, whatever the addresses.
    expect(attack.firstAt).toBeGreaterThan(0);
    expect(attack.checked).toBeLessThanOrEqual(10);
    // Per address, with the header trusted; many addresses do not trip it.
    expect(oneAddress.firstAt).toBeGreaterThan(0);
    expect(oneAddress.checked).toBeLessThanOrEqual(30);
    expect(manyAddresses.firstAt).toBe(0);
    // Without TRUST_PROXY the header is ignored: the socket's address is throttled all the same.
    expect(directSpoofed.firstAt).toBeGreaterThan(0);
    expect(directSpoofed.checked).toBeLessThanOrEqual(30);
    expect(directAccount.firstAt).toBeGreaterThan(0);
    // Never a permanent lock: the wait announced is at most the 15-minute window.
    for (const wait of [attack.wait, oneAddress.wait, directSpoofed.wait])
      expect(wait ?? 0).toBeLessThanOrEqual(15 * 60);
    expect(ownerSession.status).toBe(200);
    // No lock-out: the owner signs in from their usual address during and after the attack.
    expect(during?.status, "the owner's sign-in during the brute force").toBe(200);
    expect(after.status, "the owner's sign-in right after the brute force").toBe(200);
  });
});
