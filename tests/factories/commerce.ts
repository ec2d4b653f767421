// Commerce test data: a product's token for a person, a product's order through the real call.

import { eq, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { env, resetEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { newReferenceNo } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import type { PaymentRow } from "@/server/db/tables/commerce";
import { orders } from "@/server/db/tables/commerce";
import type { UserRow } from "@/server/db/tables/users";
import { users } from "@/server/db/tables/users";
import { findOrderById } from "@/server/order/repository";
import type { CreatedOrderDto } from "@/server/order/schema";
import { transitionOrder } from "@/server/order/state";
import { insertPayment, type NewPayment } from "@/server/payment/repository";
import { openTestSession } from "@/tests/factories/session";
import { call } from "@/tests/setup/api";

export const PRODUCT_KEYS = { ls: "ls-api-key-0123456789", lp: "lp-api-key-0123456789" } as const;

/** APPS_CONFIG with api keys (and, when given, webhooks) for the sales app and the builder. */
export function configureProducts(webhooks: Partial<Record<"ls" | "lp", string>> = {}): void {
  const app = (code: "ls" | "lp", name: string) => ({
    name,
    home: `https://${code}.family.example/home`,
    api_key: PRODUCT_KEYS[code],
    ...(webhooks[code]
      ? { webhook: webhooks[code], webhook_secret: `${code}-webhook-secret-0123456789` }
      : {}),
  });
  process.env.APPS_CONFIG = JSON.stringify({ ls: app("ls", "Sales app"), lp: app("lp", "Builder") });
  resetEnvForTests();
}

export const webhookSecret = (code: "ls" | "lp") => `${code}-webhook-secret-0123456789`;

/** A live token the product `appCode` holds for `user` (as the hand-off gives it). */
export async function productToken(user: UserRow, appCode: "ls" | "lp" = "ls"): Promise<string> {
  return openTestSession(await getDb(), user, appCode, { ttlMs: 7 * 86_400_000 });
}

export type OrderLine = { store_id: string; store_name: string; package_code: string; months: number };

/** POST /2.0/order/create as the product would. */
export async function productCreatesOrder(
  user: UserRow,
  options: {
    app?: "ls" | "lp";
    lines?: OrderLine[];
    idempotencyKey?: string;
    token?: string;
    /** The language of the answer's message (a product may send `lang`). */
    lang?: string;
  } = {},
) {
  const app = options.app ?? "ls";
  const token = options.token ?? (await productToken(user, app));
  return call<CreatedOrderDto & { error?: string }>(
    "/order/create",
    {
      token,
      lines: options.lines ?? [
        { store_id: `store-${newId()}`, store_name: "My shop", package_code: "PRO", months: 1 },
      ],
      ...(options.lang ? { lang: options.lang } : {}),
    },
    {
      headers: {
        authorization: `Bearer ${PRODUCT_KEYS[app]}`,
        origin: "",
        ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      },
    },
  );
}

// ---- Orders, payments and sessions for the commerce suites ----------------------------------

/** Signs `user` in through /auth/signin (from an address of its own) and returns the cookie. */
export async function signIn(user: UserRow, password = "Secret#123"): Promise<string> {
  const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const r = await call("/auth/signin", { email: user.email, password }, { ip });
  if (r.body.code !== 200) throw new Error(`signIn: ${r.body.code} ${r.body.message}`);
  // Answers in English, whatever the default language.
  return `${r.cookie}; LANGUAGE=en`;
}

/** A product's order for `user` through the real call; throws unless it was created. */
export async function createdOrder(
  user: UserRow,
  options: Parameters<typeof productCreatesOrder>[1] = {},
): Promise<CreatedOrderDto> {
  const r = await productCreatesOrder(user, options);
  if (r.body.code !== 200) throw new Error(`createdOrder: ${r.body.code} ${r.body.message}`);
  return r.body.data;
}

/** Rows of a table (counts what a refusal must not write). */
export async function countRows(table: PgTable, where?: SQL): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}

/** Moves an order's creation time (the list filters by it). */
export async function setOrderCreatedAt(orderId: string, createdAt: Date): Promise<void> {
  const db = await getDb();
  await db.update(orders).set({ createdAt }).where(eq(orders.id, orderId));
}

/** A payment attempt of `orderId` written through the repository, PENDING unless told. */
export async function insertTestPayment(
  orderId: string,
  overrides: Partial<NewPayment> = {},
): Promise<PaymentRow> {
  const db = await getDb();
  const order = await findOrderById(db, orderId);
  if (!order) throw new Error(`insertTestPayment: no order ${orderId}`);
  const now = new Date();
  return insertPayment(db, {
    id: newId(),
    orderId,
    userId: order.userId,
    referenceNo: newReferenceNo("PM", now),
    method: "ONLINE_METHOD",
    gateway: "VNPAY",
    amount: order.total,
    status: "PENDING",
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}

/** The operator marks an order paid (the state module, an offline payment recorded). */
export async function payOrder(orderId: string, now: Date = new Date()) {
  const db = await getDb();
  const result = await transitionOrder(
    { db, env: env(), now },
    { orderId, to: "PAID", actor: "operator:test" },
  );
  if (!result.changed) throw new Error(`payOrder: ${result.reason}`);
  return result;
}

/** The person's points as the database holds them. */
export async function pointsOf(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ point: users.point }).from(users).where(eq(users.id, userId));
  return Number(row?.point ?? Number.NaN);
}
