// The final step of a deletion: after the grace period the sweep erases the personal data, keeps
// orders, payments, invoices and commissions on the (now anonymous) user row, and queues one signed
// `user.deleted` per product the person used, once.
import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { setAffiliateStatus } from "@/server/admin/service";
import { getDb } from "@/server/db/client";
import { affiliates } from "@/server/db/tables/balances";
import { commissions, invoices, orders, payments } from "@/server/db/tables/commerce";
import { dataExports } from "@/server/db/tables/data-exports";
import { flowTokens } from "@/server/db/tables/flow-tokens";
import { oauthAccounts } from "@/server/db/tables/oauth-accounts";
import { outbox } from "@/server/db/tables/outbox";
import { passkeys } from "@/server/db/tables/passkeys";
import { securityEvents } from "@/server/db/tables/security-events";
import { sessions } from "@/server/db/tables/sessions";
import { backupCodes, trustedDevices } from "@/server/db/tables/two-factor";
import { users } from "@/server/db/tables/users";
import { issueInvoices } from "@/server/invoice/service";
import { linkOauthAccount } from "@/server/oauth/repository";
import { transitionOrder } from "@/server/order/state";
import { enqueueEvent, enqueueMessage } from "@/server/outbox/service";
import { insertPasskey } from "@/server/passkey/repository";
import { recordReferral } from "@/server/referral/service";
import { insertTrustedDevice, replaceBackupCodes } from "@/server/two-factor/repository";
import { configureProducts, createdOrder, insertTestPayment, productToken } from "@/tests/factories/commerce";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import { requestDeletionByOperator, sweepDueDeletions } from "./service";

const DAY = 86_400_000;

beforeAll(() => configureProducts({ ls: "http://127.0.0.1:9/ls-hook", lp: "http://127.0.0.1:9/lp-hook" }));
beforeEach(() => resetLimitsForTests());

async function count(table: PgTable & { userId?: unknown }, where: ReturnType<typeof eq>): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}

/** An affiliate with a customer's paid order (a commission, an invoice), an own order and payment, devices. */
async function personWithHistory() {
  const db = await getDb();
  const now = new Date();
  const person = await createUser({ fullname: "Nguyễn Văn Xoá", avatar: "https://cdn.example/a.png" });
  await setAffiliateStatus(db, person.email, true);
  await db.update(affiliates).set({ paymentInfo: "VCB 0123456789" }).where(eq(affiliates.userId, person.id));
  const customer = await createUser();
  await recordReferral({ db, clock: () => now }, customer.id, { referral_id: person.code });
  const customerOrder = await createdOrder(customer);
  await transitionOrder(
    { db, env: env(), now },
    { orderId: customerOrder.order_id, to: "PAID", actor: "test" },
  );
  await issueInvoices(db, new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 7), now);
  const own = await createdOrder(person, { app: "lp" });
  await insertTestPayment(own.order_id);
  await replaceBackupCodes(db, person.id, ["backup-hash"]);
  await insertTrustedDevice(db, {
    id: newId(),
    userId: person.id,
    tokenHash: `trusted-${newId()}`,
    userAgent: "Firefox",
    ip: "10.1.2.3",
    expiresAt: new Date(now.getTime() + DAY),
  });
  await linkOauthAccount(db, {
    userId: person.id,
    provider: "google",
    subject: `sub-${newId()}`,
    email: null,
  });
  await insertPasskey(db, {
    id: newId(),
    userId: person.id,
    credentialId: `cred-${newId()}`,
    publicKey: "PUBLICKEY",
    deviceType: "multiDevice",
    isBackupEligible: true,
    isBackedUp: true,
    aaguid: "00000000-0000-0000-0000-000000000000",
    name: "Laptop",
  });
  // A prepared "download my data" file waiting for its link (server/export/background.ts).
  await db.insert(dataExports).values({
    id: newId(),
    userId: person.id,
    lang: "en",
    tokenHash: `export-${newId()}`,
    fileName: "data.zip",
    bytes: new Uint8Array([1, 2, 3]),
    readyAt: now,
    expiresAt: new Date(now.getTime() + DAY),
  });
  await productToken(person, "ls");
  expect((await call("/auth/signin", { email: person.email, password: PASSWORD })).body.code).toBe(200);
  return { person, customer };
}

const userDeletedEvents = async (userId: string) => {
  const db = await getDb();
  return (await db.select().from(outbox)).filter((row) => {
    const event = (row.payload as { event?: { type: string; data: { user_id: string } } }).event;
    return event?.type === "user.deleted" && event.data.user_id === userId;
  });
};

describe("the deletion sweep", () => {
  it("waits for the grace period, then erases the person and keeps the financial rows anonymised", async () => {
    const { person, customer } = await personWithHistory();
    const db = await getDb();
    const ctx = { db, clock: () => new Date(), env: env(), ip: "operator", userAgent: "test" };
    const financial = {
      orders: await count(orders, eq(orders.userId, person.id)),
      payments: await count(payments, eq(payments.userId, person.id)),
      commissions: await count(commissions, eq(commissions.affiliateId, person.id)),
      invoices: await count(invoices, eq(invoices.affiliateId, person.id)),
    };
    expect(financial).toEqual({ orders: 1, payments: 1, commissions: 1, invoices: 1 });
    const { deletion_due_at } = await requestDeletionByOperator(ctx, {
      email: person.email,
      operator: "ops",
    });
    const due = new Date(deletion_due_at).getTime();

    expect(await sweepDueDeletions(db, new Date(due - 60_000))).toBe(0);
    expect((await db.select().from(users).where(eq(users.id, person.id)))[0]?.email).toBe(person.email);

    expect(await sweepDueDeletions(db, new Date(due + 60_000))).toBe(1);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({
      email: `deleted-${person.id}@deleted.invalid`,
      passwordHash: null,
      fullname: "",
      phone: null,
      avatar: null,
      twoFaSecret: null,
      status: "DELETED",
    });
    expect(row?.deletedAt?.getTime()).toBe(due + 60_000);
    // Kept, on the same (anonymous) id.
    expect({
      orders: await count(orders, eq(orders.userId, person.id)),
      payments: await count(payments, eq(payments.userId, person.id)),
      commissions: await count(commissions, eq(commissions.affiliateId, person.id)),
      invoices: await count(invoices, eq(invoices.affiliateId, person.id)),
    }).toEqual(financial);
    // Gone.
    for (const [table, column] of [
      [sessions, sessions.userId],
      [securityEvents, securityEvents.userId],
      [backupCodes, backupCodes.userId],
      [trustedDevices, trustedDevices.userId],
      [passkeys, passkeys.userId],
      [oauthAccounts, oauthAccounts.userId],
      [flowTokens, flowTokens.userId],
      [dataExports, dataExports.userId],
    ] as const) {
      expect(await count(table, eq(column, person.id))).toBe(0);
    }
    const [affiliate] = await db.select().from(affiliates).where(eq(affiliates.userId, person.id));
    expect(affiliate?.paymentInfo).toBeNull();
    // Somebody else's rows are untouched.
    expect(await count(orders, eq(orders.userId, customer.id))).toBe(1);
    expect((await db.select().from(users).where(eq(users.id, customer.id)))[0]?.status).toBe("ACTIVE");
    // The old password opens nothing.
    const after = await call<{ error?: string }>("/auth/signin", { email: person.email, password: PASSWORD });
    expect(after.body.data.error).toBe("AUTH_INVALID_CREDENTIALS");
  });

  it("queues user.deleted once for each product the person used, and not again", async () => {
    const { person } = await personWithHistory();
    const db = await getDb();
    const ctx = { db, clock: () => new Date(), env: env(), ip: "operator", userAgent: "test" };
    const { deletion_due_at } = await requestDeletionByOperator(ctx, {
      email: person.email,
      operator: "ops",
    });
    const later = new Date(new Date(deletion_due_at).getTime() + DAY);
    expect(await sweepDueDeletions(db, later)).toBe(1);
    const events = await userDeletedEvents(person.id);
    // Its own order came through the builder (lp), the sales app (ls) holds a token of it.
    expect(events.map((e) => e.target).sort()).toEqual(["lp", "ls"]);
    const ls = events.find((e) => e.target === "ls");
    expect((ls?.payload as { event?: { data: Record<string, unknown> } } | undefined)?.event?.data).toEqual({
      user_id: person.id,
      app_code: "ls",
      deleted_at: later.toISOString(),
    });
    expect(await sweepDueDeletions(db, new Date(later.getTime() + DAY))).toBe(0);
    expect(await userDeletedEvents(person.id)).toHaveLength(2);
  });

  it("takes the person out of the outbox: events keep the id only, messages to them go", async () => {
    const { person } = await personWithHistory();
    const db = await getDb();
    const now = new Date();
    const orderEvent = await enqueueEvent(db, {
      appCode: "ls",
      type: "order.paid",
      data: { order_id: "o-1", user: { id: person.id, email: person.email } },
      now,
    });
    const storeEvent = await enqueueEvent(db, {
      appCode: "ls",
      type: "store.activated",
      data: { store_id: "s-1", owner: { id: person.id, email: person.email, phone: person.phone } },
      now,
    });
    const someoneElse = await createUser();
    const otherEvent = await enqueueEvent(db, {
      appCode: "ls",
      type: "order.paid",
      data: { order_id: "o-2", user: { id: someoneElse.id, email: someoneElse.email } },
      now,
    });
    await enqueueMessage({
      channel: "EMAIL",
      to: person.email,
      lang: "en",
      subject: "s",
      text: "code 123456",
      template: "otp",
      params: {},
    });
    await enqueueMessage({
      channel: "EMAIL",
      to: someoneElse.email,
      lang: "en",
      subject: "s",
      text: "hello",
      template: "otp",
      params: {},
    });

    const ctx = { db, clock: () => now, env: env(), ip: "operator", userAgent: "test" };
    const { deletion_due_at } = await requestDeletionByOperator(ctx, {
      email: person.email,
      operator: "ops",
    });
    expect(await sweepDueDeletions(db, new Date(new Date(deletion_due_at).getTime() + DAY))).toBe(1);

    const rows = await db.select().from(outbox);
    const body = (id: string | undefined) => JSON.stringify(rows.find((r) => r.id === id)?.payload);
    for (const id of [orderEvent, storeEvent]) {
      expect(body(id)).toContain(person.id);
      expect(body(id)).not.toContain(person.email);
      expect(body(id)).toContain(`deleted-${person.id}@deleted.invalid`);
    }
    expect(body(storeEvent)).not.toContain(String(person.phone));
    const messagesTo = (to: string) =>
      rows.filter(
        (r) => r.kind === "message" && (r.payload as { message?: { to?: string } }).message?.to === to,
      );
    expect(messagesTo(person.email)).toHaveLength(0);
    // Nobody else's rows change.
    expect(body(otherEvent)).toContain(someoneElse.email);
    expect(messagesTo(someoneElse.email)).toHaveLength(1);
  });

  it("erases nothing of an account whose deletion was cancelled", async () => {
    const person = await createUser();
    const db = await getDb();
    const ctx = { db, clock: () => new Date(), env: env(), ip: "operator", userAgent: "test" };
    const { deletion_due_at } = await requestDeletionByOperator(ctx, {
      email: person.email,
      operator: "ops",
    });
    const refused = await call<{ cancel_token?: string }>("/auth/signin", {
      email: person.email,
      password: PASSWORD,
    });
    const cancelled = await call("/auth/cancel-deletion", { token: refused.body.data.cancel_token });
    expect(cancelled.body.code).toBe(200);
    expect(await sweepDueDeletions(db, new Date(new Date(deletion_due_at).getTime() + DAY))).toBe(0);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ email: person.email, status: "ACTIVE" });
  });
});
