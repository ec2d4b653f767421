// Profile → Your data through its real GET route: the zip holds every kind of row the person has,
// nothing of anybody else's, no secret; no session, no file; a `data_exported` event; a budget.
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/(account)/account/profile/export/route";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { setAffiliateStatus } from "@/server/admin/service";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import { orders } from "@/server/db/tables/commerce";
import { sessions } from "@/server/db/tables/sessions";
import { backupCodes, trustedDevices } from "@/server/db/tables/two-factor";
import type { UserRow } from "@/server/db/tables/users";
import { issueInvoices } from "@/server/invoice/service";
import { linkOauthAccount } from "@/server/oauth/repository";
import { transitionOrder } from "@/server/order/state";
import { insertPasskey } from "@/server/passkey/repository";
import { recordReferral } from "@/server/referral/service";
import { securityEventsForExport } from "@/server/security/service";
import { insertTrustedDevice, replaceBackupCodes } from "@/server/two-factor/repository";
import { updateUser } from "@/server/user/repository";
import { configureProducts, createdOrder, insertTestPayment, signIn } from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { type PersonalData, personalDataDto } from "./schema";
import { EXPORT_FILES, exportAccountByOperator } from "./service";

beforeAll(() => configureProducts());

const TOTP_SECRET = "JBSWY3DPEHPK3PXPTOTPSECRET";

/** A person with a row of every kind: orders, payments, logs, a referral, commissions, an invoice, devices. */
async function personWithData(tag: string) {
  const db = await getDb();
  const now = new Date();
  const clock = () => now;
  const person = await createUser({ fullname: `Person ${tag}` });
  await setAffiliateStatus(db, person.email, true);
  // A customer the person brought, whose paid order earns the person a commission.
  const customer = await createUser({ fullname: `Customer ${tag}` });
  await recordReferral({ db, clock }, customer.id, { referral_id: person.code });
  const customerOrder = await createdOrder(customer, {
    lines: [{ store_id: `exp-${newId()}`, store_name: `Shop ${tag}`, package_code: "PRO", months: 1 }],
  });
  await transitionOrder(
    { db, env: env(), now },
    { orderId: customerOrder.order_id, to: "PAID", actor: "test" },
  );
  await issueInvoices(db, new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 7), now);
  // The person's own order and a payment attempt of it.
  const own = await createdOrder(person);
  const payment = await insertTestPayment(own.order_id, { rawCallback: { vnp_SecureHash: "GATEWAYSIG" } });
  // Paid: the store it bought for becomes the person's.
  await transitionOrder({ db, env: env(), now }, { orderId: own.order_id, to: "PAID", actor: "test" });
  await adjustBalance(db, { userId: person.id, balance: "point", amount: 12.5, now });
  await adjustBalance(db, { userId: person.id, balance: "credit", amount: 30, type: "ADMIN_ADD", now });
  await replaceBackupCodes(db, person.id, [`backup-hash-${tag}`]);
  await insertTrustedDevice(db, {
    id: newId(),
    userId: person.id,
    tokenHash: `trusted-hash-${tag}`,
    userAgent: "Mozilla/5.0 Firefox/130.0",
    ip: "10.1.2.3",
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  await linkOauthAccount(db, { userId: person.id, provider: "google", subject: `sub-${tag}`, email: null });
  await insertPasskey(db, {
    id: newId(),
    userId: person.id,
    credentialId: `cred-${tag}`,
    publicKey: `PUBLICKEY${tag}`,
    deviceType: "multiDevice",
    isBackupEligible: true,
    isBackedUp: true,
    aaguid: "00000000-0000-0000-0000-000000000000",
    name: `Laptop of ${tag}`,
  });
  const cookie = await signIn(person);
  // Two-factor on after signing in (the sign-in above would otherwise stop at the second step).
  await updateUser(db, person.id, {
    twoFaType: "TOTP",
    twoFaSecret: TOTP_SECRET,
    twoFaPendingSecret: `${TOTP_SECRET}PENDING`,
    twoFaEnabledAt: now,
  });
  return { person, customer, own, payment, cookie };
}

async function download(cookie: string, lang = "en") {
  return exportRoute(
    new Request("http://portal.test/account/profile/export", {
      headers: { cookie: `LANGUAGE=${lang}; ${cookie}`, "user-agent": "vitest" },
    }),
  );
}

async function unzip(response: Response) {
  if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const json = strFromU8(files[EXPORT_FILES.json] ?? new Uint8Array());
  const html = strFromU8(files[EXPORT_FILES.html] ?? new Uint8Array());
  return { names: Object.keys(files).sort(), json, html, data: JSON.parse(json) as PersonalData };
}

describe("/account/profile/export", () => {
  let a: Awaited<ReturnType<typeof personWithData>>;
  let b: Awaited<ReturnType<typeof personWithData>>;
  let exported: Awaited<ReturnType<typeof unzip>>;
  let response: Response;

  beforeAll(async () => {
    a = await personWithData("alpha");
    b = await personWithData("bravo");
    response = await download(a.cookie);
    exported = await unzip(response.clone());
  });

  it("answers a zip named after the person and the day, never cached", () => {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const local = a.person.email.split("@")[0];
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="${local}-data-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    expect(exported.names).toEqual([EXPORT_FILES.json, EXPORT_FILES.html].sort());
  });

  it("holds every kind of row the person has, in the documented shape", () => {
    const data = personalDataDto.parse(exported.data);
    expect(data.profile).toMatchObject({ id: a.person.id, email: a.person.email, fullname: "Person alpha" });
    expect(data.verification.is_verify_email).toBe(true);
    expect(data.two_factor).toMatchObject({ type: "TOTP", backup_codes_total: 1, backup_codes_unused: 1 });
    expect(data.two_factor.trusted_devices).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.linked_identities).toEqual([
      expect.objectContaining({ provider: "google", subject: "sub-alpha" }),
    ]);
    expect(data.passkeys.map((p) => p.name)).toEqual(["Laptop of alpha"]);
    expect(data.security_events.map((e) => e.type)).toContain("signin");
    expect(data.balances).toMatchObject({ point: 12.5, credit: 30 });
    expect(data.orders.map((o) => o.id)).toEqual([a.own.order_id]);
    expect(data.orders[0]?.lines).toHaveLength(1);
    // The attempt written above and the one the operator's "paid" recorded.
    expect(data.payments.map((p) => p.id)).toContain(a.payment.id);
    expect(new Set(data.payments.map((p) => p.order_id))).toEqual(new Set([a.own.order_id]));
    expect(data.point_logs.map((l) => l.points)).toEqual([12.5]);
    expect(data.credit_logs.map((l) => [l.type, l.amount])).toEqual([["ADMIN_ADD", 30]]);
    expect(data.referrals.referred.map((r) => r.email)).toEqual([a.customer.email]);
    expect(data.affiliate?.code).toBe(a.person.code);
    expect(data.commissions).toHaveLength(1);
    expect(data.commissions[0]?.customer_email).toBe(a.customer.email);
    expect(data.invoices).toHaveLength(1);
    expect(data.stores).toHaveLength(1);
    expect(data.orders[0]?.status).toBe("PAID");
  });

  it("holds nothing of another person's", async () => {
    const db = await getDb();
    const [bOrder] = await db.select().from(orders).where(eq(orders.userId, b.person.id));
    for (const foreign of [
      b.person.id,
      b.person.email,
      b.person.code,
      b.customer.id,
      b.customer.email,
      b.own.order_id,
      b.payment.id,
      b.payment.referenceNo,
      bOrder?.referenceNo ?? "missing",
      "Laptop of bravo",
      "sub-bravo",
    ]) {
      expect(exported.json).not.toContain(foreign);
      expect(exported.html).not.toContain(foreign);
    }
  });

  it("holds no secret: password hash, TOTP secret, backup code, session or device token, passkey key", async () => {
    const db = await getDb();
    const tokenHashes = (await db.select().from(sessions).where(eq(sessions.userId, a.person.id))).map(
      (s) => s.tokenHash,
    );
    const codes = (await db.select().from(backupCodes).where(eq(backupCodes.userId, a.person.id))).map(
      (c) => c.codeHash,
    );
    const devices = (
      await db.select().from(trustedDevices).where(eq(trustedDevices.userId, a.person.id))
    ).map((d) => d.tokenHash);
    const [order] = await db.select().from(orders).where(eq(orders.id, a.own.order_id));
    const secrets = [
      a.person.passwordHash ?? "missing",
      TOTP_SECRET,
      ...tokenHashes,
      ...codes,
      ...devices,
      "PUBLICKEYalpha",
      "cred-alpha",
      order?.transactionId ?? "missing",
      "GATEWAYSIG",
    ];
    expect(tokenHashes.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(exported.json).not.toContain(secret);
      expect(exported.html).not.toContain(secret);
    }
    expect(exported.json).not.toMatch(/password_hash|two_fa_secret|token_hash|code_hash|public_key/);
  });

  it("writes a data_exported security event", async () => {
    const events = await securityEventsForExport(await getDb(), a.person.id);
    expect(events.filter((e) => e.type === "data_exported")).toHaveLength(1);
  });

  it("speaks the page's language in the summary", async () => {
    expect(exported.html).toContain('<html lang="en">');
    expect(exported.html).toContain("Your data");
    const vi = await unzip(await download(b.cookie, "vi"));
    expect(vi.html).toContain('<html lang="vi">');
    expect(vi.html).toContain("Dữ liệu của bạn");
    expect(vi.data.profile.email).toBe(b.person.email);
  });

  it("refuses without a session, and with a signed-out one", async () => {
    const none = await exportRoute(new Request("http://portal.test/account/profile/export"));
    expect(none.status).toBe(401);
    expect(none.headers.get("content-type")).toContain("application/json");
    expect(await none.json()).toMatchObject({ code: 401, data: { error: "UNAUTHORIZED" } });
    const forged = await download("luid_session=not-a-sealed-session");
    expect(forged.status).toBe(401);
  });

  it("refuses a request another site's page makes with the person's cookie", async () => {
    const crossSite = await exportRoute(
      new Request("http://portal.test/account/profile/export", {
        headers: { cookie: a.cookie, "sec-fetch-site": "cross-site" },
      }),
    );
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ data: { error: "FORBIDDEN_ORIGIN" } });
  });

  it("allows five downloads an hour per person, then says how long to wait", async () => {
    const person: UserRow = await createUser();
    const cookie = await signIn(person);
    for (let i = 0; i < 5; i++) expect((await download(cookie)).status).toBe(200);
    const refused = await download(cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 429, data: { error: "RATE_LIMITED" } });
  });
});

describe("npm run admin -- export-account (a support request)", () => {
  it("builds the same zip for the account it names and says which operator made it", async () => {
    const { person } = await personWithData("charlie");
    const other = await personWithData("delta");
    const db = await getDb();
    const ctx = {
      db,
      env: env(),
      clock: () => new Date(),
      ip: "operator",
      userAgent: "test",
      origin: "http://localhost",
    };
    const file = await exportAccountByOperator(ctx, {
      email: person.email,
      operator: "support-lan",
      lang: "vi",
    });
    const files = unzipSync(file.bytes);
    const data = personalDataDto.parse(JSON.parse(strFromU8(files[EXPORT_FILES.json] ?? new Uint8Array())));
    expect(data.profile).toMatchObject({ id: person.id, email: person.email });
    expect(data.orders.length).toBeGreaterThan(0);
    expect(strFromU8(files[EXPORT_FILES.json] ?? new Uint8Array())).not.toContain(other.person.email);
    expect(strFromU8(files[EXPORT_FILES.html] ?? new Uint8Array())).toContain('lang="vi"');
    const events = await securityEventsForExport(db, person.id);
    expect(events.filter((e) => e.type === "data_exported").map((e) => e.data)).toEqual([
      expect.objectContaining({ by: "support-lan" }),
    ]);
    await expect(
      exportAccountByOperator(ctx, { email: "nobody-here@example.com", operator: "x", lang: "en" }),
    ).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });
});
