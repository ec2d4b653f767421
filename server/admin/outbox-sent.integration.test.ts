// Issue 39: the console's outbox said "No data" under "All statuses" while mail went out. The
// cause was on the server: a message its first try delivered never got an outbox row (only a
// retried or vendor message did). Now every delivery is a row, listed as sent, without its address.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { OutboxRowDto } from "@/server/admin/schema";
import { registry } from "@/server/registry";
import { signedInOperator } from "@/tests/factories/operator";
import { call, outbox as fileOutbox } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

type Page = { items: OutboxRowDto[]; total: number };

let cookie = "";
beforeAll(async () => {
  cookie = (await signedInOperator()).cookie;
});

async function list(body: Record<string, unknown>): Promise<Page> {
  const res = await call<Page>("/admin/outbox/list", body, { cookie });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const parsed = registry["/admin/outbox/list"]?.output?.safeParse(res.body.data);
  expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
  return res.body.data;
}

const sentEmails = async (body: Record<string, unknown> = {}) =>
  (await list({ channel: "EMAIL", limit: 100, ...body })).items.filter((row) => row.status === "sent");

describe("the console's outbox tells every delivery", () => {
  it("lists an email sent at the first try as sent, under all statuses and under 'sent', without its address", async () => {
    // The operator's own sign-in may have mailed a new-device notice: only what follows counts.
    const since = new Date().toISOString();
    const mailsBefore = fileOutbox().length;
    const before = (await list({ from_date: since, limit: 100 })).total;

    const { body, response } = await signUp();
    expect(response.body.code, JSON.stringify(response.body)).toBe(200);
    // The code went out at once (the file adapter took it): nothing waits for a retry.
    expect(fileOutbox().length).toBe(mailsBefore + 1);
    expect(JSON.stringify(fileOutbox().at(-1))).toContain(body.email);

    const all = await list({ from_date: since, limit: 100 });
    expect(all.total).toBe(before + 1);
    const [row] = all.items;
    expect(row).toMatchObject({ kind: "message", channel: "EMAIL", status: "sent", to: null, attempts: 1 });
    expect(row?.done_at).not.toBeNull();
    expect(JSON.stringify(all)).not.toContain(body.email);

    expect((await sentEmails({ status: "sent", from_date: since })).map((r) => r.id)).toEqual([row?.id]);
    expect((await list({ status: "waiting", from_date: since })).items).toEqual([]);
    expect((await list({ status: "failed", from_date: since })).items).toEqual([]);
    expect((await list({ channel: "SMS", from_date: since })).items).toEqual([]);
  });
});
