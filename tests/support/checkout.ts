// The checkout integration suites' shared side (server/checkout/*.integration.test.ts): the
// gateway settings the portal is given and the local gateway peer, a buyer with an order and a
// session, the calls a gateway, a bank or a browser makes, and plain reads of what the database
// then holds.
import dayjs from "dayjs";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { logger } from "@/lib/logger";
import { adjustBalance } from "@/server/balance/service";
import type { Deps } from "@/server/checkout/apply";
import { getDb } from "@/server/db/client";
import { pointLogs } from "@/server/db/tables/balances";
import {
  bankTransfers,
  orderEvents,
  orderLines,
  orders,
  payments,
  stores,
} from "@/server/db/tables/commerce";
import { outbox } from "@/server/db/tables/outbox";
import { users } from "@/server/db/tables/users";
import { configureProducts, type OrderLine, productCreatesOrder } from "@/tests/factories/commerce";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { type GatewayPeer, startGatewayPeer } from "@/tests/peers/gateway-peer";
import {
  type VnpayOutcome,
  vnpayParsePayUrl,
  vnpayResultParams,
  vnpaySignedReturn,
} from "@/tests/peers/gateway-signing";
import { call, ORIGIN } from "@/tests/setup/api";

export const KEYS = {
  vnpay: { tmnCode: "TESTTMN1", hashSecret: "test-vnpay-hash-secret-0123456789" },
  zalopay: { appId: "2554", key1: "zp-key1-test-0123456789abcdef", key2: "zp-key2-test-0123456789abcdef" },
} as const;

export const BANK_KEY = "bank-webhook-key-0123456789";

/** A product webhook nobody answers: events stay queued in the outbox, where tests count them. */
export const DEAD_WEBHOOK = "http://127.0.0.1:9/x";

/** The portal's gateway and bank settings, pointed at `peer` for the server-to-server calls. */
export function configureCheckout(peer?: GatewayPeer, extra: Record<string, string> = {}): void {
  Object.assign(process.env, {
    VNPAY_TMN_CODE: KEYS.vnpay.tmnCode,
    VNPAY_HASH_SECRET: KEYS.vnpay.hashSecret,
    VNPAY_PAY_URL: "https://sandbox.vnpayment.test/paymentv2/vpcpay.html",
    ZALOPAY_APP_ID: KEYS.zalopay.appId,
    ZALOPAY_KEY1: KEYS.zalopay.key1,
    ZALOPAY_KEY2: KEYS.zalopay.key2,
    BANK_BIN: "970436",
    BANK_NAME: "Vietcombank",
    BANK_BRANCH: "HCM",
    BANK_ACCOUNT_NO: "0123456789",
    BANK_ACCOUNT_NAME: "CONG TY DEMO",
    BANK_WEBHOOK_KEY: BANK_KEY,
    ...(peer?.env ?? {}),
    ...extra,
  });
  configureProducts({ ls: DEAD_WEBHOOK });
  resetEnvForTests();
}

/**
 * A gateway peer for the file's tests, the portal's settings pointed at it (closed after them).
 * The object answered is the live peer once the tests run.
 */
export function setUpGatewayPeer(): GatewayPeer {
  const peer = {} as GatewayPeer;
  beforeAll(async () => {
    await startGatewayPeer(KEYS, peer);
    configureCheckout(peer);
  });
  afterAll(() => peer.close());
  return peer;
}

export type CheckoutData = {
  payment_id: string;
  reference_no: string;
  order_reference_no: string;
  status: string;
  points_used: number;
  due: number;
  new_point: number;
  url?: string;
  transfer?: { content: string; amount: number; qr_payload: string };
  error?: string;
};

export type Order = { order_id: string; reference_no: string; total: number; transaction_id: string };

/** A signed-in person with `points` and one pending order of the sales app (one PRO month by default). */
export async function buyer(points = 0, lines?: OrderLine[]) {
  const user = await createUser();
  if (points) await givePoints(user.id, points);
  const created = await productCreatesOrder(user, lines ? { lines } : {});
  if (created.body.code !== 200) throw new Error(`order not created: ${JSON.stringify(created.body)}`);
  const { cookie } = await call("/auth/signin", { email: user.email, password: PASSWORD });
  if (!cookie) throw new Error("sign-in gave no cookie");
  return { user, order: created.body.data as unknown as Order, cookie };
}

export async function givePoints(userId: string, points: number): Promise<void> {
  await adjustBalance(await getDb(), { userId, balance: "point", amount: points, now: new Date() });
}

export function checkout(
  cookie: string | undefined,
  body: { order_id: string; method: "CASH" | "VNPAY" | "ZALOPAY"; use_point?: boolean; lang?: string },
  options: { clock?: () => Date } = {},
) {
  return call<CheckoutData>("/order/checkout", body, { cookie, clock: options.clock });
}

/** A buyer with `points` whose checkout by `method` started (answered 200): the buyer and the attempt. */
export async function startedCheckout(
  method: Parameters<typeof checkout>[1]["method"],
  points = 0,
  usePoint = points > 0,
) {
  const b = await buyer(points);
  const started = await checkout(b.cookie, { order_id: b.order.order_id, method, use_point: usePoint });
  expect(started.body.code).toBe(200);
  return { ...b, attempt: started.body.data };
}

let txnCounter = 0;
/** A fresh VNPAY transaction number (vnp_TransactionNo is unique at VNPAY). */
export const vnpayTxnNo = () => String(200_000_000 + (Date.now() % 1_000_000) * 10 + (txnCounter++ % 10));

/** The signed query string of VNPAY's IPN for a pay URL the portal made. */
export function vnpayIpnQuery(
  payUrl: string,
  outcome: VnpayOutcome,
  options: { secret?: string; amount?: string; txnRef?: string; transactionNo?: string } = {},
): string {
  const pay = vnpayParsePayUrl(payUrl, KEYS.vnpay.hashSecret);
  const params = vnpayResultParams(pay.params, {
    outcome,
    transactionNo: options.transactionNo ?? vnpayTxnNo(),
  });
  if (options.amount) params.vnp_Amount = options.amount;
  if (options.txnRef) params.vnp_TxnRef = options.txnRef;
  return vnpaySignedReturn(params, options.secret ?? KEYS.vnpay.hashSecret);
}

/** VNPAY calls the IPN URL (GET, no Origin) with `query`; answers VNPAY's {RspCode, Message}. */
export async function sendIpn(query: string) {
  const answer = await call("/payment/vnpay-ipn", {}, { method: "GET", query, headers: { origin: "" } });
  return answer.body as unknown as { RspCode: string; Message: string };
}

export const vnpayIpn = (
  payUrl: string,
  outcome: VnpayOutcome,
  options: Parameters<typeof vnpayIpnQuery>[2] = {},
) => sendIpn(vnpayIpnQuery(payUrl, outcome, options));

export const vnpayParams = (url: string) => vnpayParsePayUrl(url, KEYS.vnpay.hashSecret).params;

export function bankNotify(
  body: Record<string, unknown>,
  authorization: string | null = `Apikey ${BANK_KEY}`,
) {
  return call("/payment/bank-notify", body, {
    headers: { origin: "", ...(authorization === null ? {} : { authorization }) },
  });
}

/** What the sweeper and the operator's reconcile run with. */
export async function deps(now?: Date): Promise<Deps> {
  return { db: await getDb(), env: env(), origin: ORIGIN, log: logger, now };
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function orderRow(orderId: string) {
  const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

export async function paymentRow(paymentId: string) {
  const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new Error(`no payment ${paymentId}`);
  return row;
}

export async function paymentsOf(orderId: string) {
  return (await getDb())
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt));
}

export async function pointsOf(userId: string): Promise<number> {
  const [row] = await (await getDb()).select({ point: users.point }).from(users).where(eq(users.id, userId));
  return Number(row?.point);
}

export async function pointLogsOf(userId: string) {
  const rows = await (await getDb())
    .select()
    .from(pointLogs)
    .where(eq(pointLogs.userId, userId))
    .orderBy(asc(pointLogs.createdAt));
  return rows.map((r) => ({
    points: Number(r.points),
    referenceNo: r.referenceNo,
    description: r.description,
  }));
}

export async function orderEventsOf(orderId: string) {
  return (await getDb())
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt));
}

/** The product events queued for an order. */
export async function outboxEventsOf(orderId: string) {
  const rows = await (await getDb())
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "event"), sql`${outbox.payload}->'event'->'data'->>'order_id' = ${orderId}`));
  return rows.map((r) => (r.payload as { event: { type: string; data: Record<string, unknown> } }).event);
}

/** The stores an order's lines extend. */
export async function storesOf(orderId: string) {
  const db = await getDb();
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const found = [];
  for (const line of lines) {
    const [store] = await db
      .select()
      .from(stores)
      .where(and(eq(stores.appCode, line.appCode), eq(stores.storeId, line.storeId)));
    found.push({ line, store });
  }
  return found;
}

export async function bankTransfer(id: string) {
  const [row] = await (await getDb()).select().from(bankTransfers).where(eq(bankTransfers.id, id));
  return row;
}

export async function bankTransfersOfOrder(orderId: string) {
  return (await getDb()).select().from(bankTransfers).where(eq(bankTransfers.orderId, orderId));
}

/** Where one purchase of `months` from nothing puts a store: `paidAt` plus the months (dayjs, like a calendar). */
export const oneExtension = (paidAt: Date, months: number) => dayjs(paidAt).add(months, "month").toDate();
