import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { newId } from "@/lib/ids";
import { listRange, type Page } from "@/lib/list-query";
import { adjustBalanceIn, newReferenceNo } from "@/server/balance/service";
import { checkoutMethods } from "@/server/checkout/config";
import { findOpenTransfer } from "@/server/checkout/transfer";
import { type Ctx, requireAuth } from "@/server/context";
import type { Db, Executor } from "@/server/db/client";
import { findPackageByCode } from "@/server/package/repository";
import { displayPackageCode } from "@/server/package/schema";
import { resolveToken } from "@/server/session/service";
import { findStore } from "@/server/store/repository";
import {
  findLines,
  findOrderById,
  findOrderByIdempotencyKey,
  findOrderByTransaction,
  findOrdersOf,
  findOwnerEmail,
  insertOrder,
  type NewOrderLine,
  type OrderLineRow,
  type OrderRow,
} from "./repository";
import type {
  CreatedOrderDto,
  cancelOrderSchema,
  createOrderSchema,
  getTransactionSchema,
  myOrderSchema,
  OrderDto,
  OrderLineDto,
  OrderStatus,
  orderIdSchema,
  TransactionDto,
} from "./schema";
import { transitionOrder, transitionOrderIn } from "./state";

/** The most months one line may buy. */
export const MAX_LINE_MONTHS = 36;

export function toOrderLineDto(row: OrderLineRow): OrderLineDto {
  return {
    _id: row.id,
    app_code: row.appCode,
    store_id: row.storeId,
    store_name: row.storeName,
    package_code: row.packageCode,
    display_code: displayPackageCode(row.packageCode),
    package_name: row.packageName,
    months: row.months,
    bonus_months: row.bonusMonths,
    subtotal: row.subtotal,
  };
}

export function toOrderDto(row: OrderRow, lines?: OrderLineRow[]): OrderDto {
  return {
    _id: row.id,
    reference_no: row.referenceNo,
    transaction_id: row.transactionId,
    app_code: row.appCode,
    status: row.status as OrderStatus,
    total: row.total,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    ...(lines ? { lines: lines.map(toOrderLineDto) } : {}),
  };
}

/** An order and its lines as DTOs (the payment detail and the receipt show them). */
export async function getOrderLines(
  db: Executor,
  orderId: string,
): Promise<{ order: OrderRow; lines: OrderLineDto[] }> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new AppError("ORDER_NOT_FOUND");
  return { order, lines: (await findLines(db, [order.id])).map(toOrderLineDto) };
}

async function ownOrder(ctx: Ctx, id: string): Promise<OrderRow> {
  const { user } = requireAuth(ctx);
  const order = await findOrderById(ctx.db, id);
  if (!order || order.userId !== user.id) throw new AppError("ORDER_NOT_FOUND");
  return order;
}

/** /order/my-order */
export async function listMyOrders(ctx: Ctx, input: z.output<typeof myOrderSchema>): Promise<CallResult> {
  const { user } = requireAuth(ctx);
  const { items, total } = await findOrdersOf(ctx.db, user.id, {
    status: input.status,
    referenceNo: input.reference_no || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  // The lines of the page in one query: the list says what each order bought (app · package · store).
  const lines = await findLines(
    ctx.db,
    items.map((row) => row.id),
  );
  const page: Page<OrderDto> = {
    items: items.map((row) =>
      toOrderDto(
        row,
        lines.filter((line) => line.orderId === row.id),
      ),
    ),
    total,
  };
  return { data: page };
}

/** /order/detail: the order and its lines. */
export async function orderDetail(ctx: Ctx, input: z.output<typeof orderIdSchema>): Promise<CallResult> {
  const order = await ownOrder(ctx, input.id);
  return { data: toOrderDto(order, await findLines(ctx.db, [order.id])) };
}

/** /order/cancel: SPEC §4's only offered transition, PENDING → CANCEL, with the person's note. */
export async function cancelOrder(ctx: Ctx, input: z.output<typeof cancelOrderSchema>): Promise<CallResult> {
  const order = await ownOrder(ctx, input.id);
  if (order.status !== "PENDING") throw new AppError("ORDER_NOT_PENDING");
  const result = await transitionOrder(
    { db: ctx.db, env: ctx.env, now: ctx.clock() },
    { orderId: order.id, to: "CANCEL", actor: `user:${order.userId}`, note: input.note },
  );
  if (!result.changed) throw new AppError("ORDER_NOT_PENDING");
  return { message: "commerce.orderCancelled", data: toOrderDto(result.order) };
}

const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, "$1***$2");

/**
 * /order/get-transaction: the order behind a checkout link. The transaction id is the
 * capability; the owner signed in sees the account details and the bank transfer they already
 * opened, anyone else a masked email. An unknown, cancelled or invalid order is 'Order not exists'.
 */
export async function getTransaction(
  ctx: Ctx,
  input: z.output<typeof getTransactionSchema>,
): Promise<CallResult> {
  const order = await findOrderByTransaction(ctx.db, input.transaction_id);
  if (!order || order.status === "CANCEL" || order.status === "INVALID")
    throw new AppError("ORDER_NOT_FOUND");
  const isOwner = ctx.auth?.user.id === order.userId;
  const lines = await findLines(ctx.db, [order.id]);
  const email =
    isOwner && ctx.auth ? ctx.auth.user.email : maskEmail(await findOwnerEmail(ctx.db, order.userId));
  const transaction: TransactionDto = {
    ...toOrderDto(order, lines),
    is_owner: isOwner,
    methods: checkoutMethods(ctx.env),
    pending_transfer: isOwner ? await findOpenTransfer(ctx, order) : null,
    account:
      isOwner && ctx.auth
        ? {
            email,
            fullname: ctx.auth.user.fullname,
            phone: ctx.auth.user.phone,
            point: Number(ctx.auth.user.point),
          }
        : { email },
  };
  return { data: transaction };
}

type LineInput = { store_id: string; store_name: string; package_code: string; months: number };

/**
 * The lines of a new order priced from the catalog of `appCode`: a line buys whole terms of its
 * package (months a multiple of the package's, at most MAX_LINE_MONTHS), with the package's bonus
 * months per term; discount and commission settings are copied. A store owned by someone else
 * cannot be bought for.
 */
async function priceLines(
  db: Executor,
  options: { appCode: string; orderId: string; lines: LineInput[]; ownerId: string },
): Promise<NewOrderLine[]> {
  const out: NewOrderLine[] = [];
  for (const [index, line] of options.lines.entries()) {
    const pkg = await findPackageByCode(db, options.appCode, line.package_code.toUpperCase());
    if (!pkg?.isActive) {
      throw new AppError("PACKAGE_UNKNOWN", {
        params: { code: line.package_code, app: options.appCode },
        data: { line: index },
      });
    }
    if (line.months < pkg.months || line.months > MAX_LINE_MONTHS || line.months % pkg.months !== 0) {
      throw new AppError("PACKAGE_MONTHS_INVALID", {
        params: { min: pkg.months, max: MAX_LINE_MONTHS, step: pkg.months },
        data: { line: index },
      });
    }
    const store = await findStore(db, options.appCode, line.store_id);
    if (store && store.ownerId !== options.ownerId)
      throw new AppError("STORE_NOT_OWNED", { data: { line: index } });
    const terms = line.months / pkg.months;
    out.push({
      id: newId(),
      orderId: options.orderId,
      appCode: options.appCode,
      storeId: line.store_id,
      storeName: line.store_name,
      packageId: pkg.id,
      packageCode: pkg.code,
      packageName: pkg.name,
      months: line.months,
      bonusMonths: pkg.bonusMonths * terms,
      subtotal: pkg.price * terms,
      partnerDiscount: pkg.partnerDiscount,
      commissionType: pkg.commissionType,
      commissionValue: pkg.commissionValue,
    });
  }
  return out;
}

const requestHash = (appCode: string, userId: string, input: z.output<typeof createOrderSchema>) =>
  createHash("sha256")
    .update(JSON.stringify([appCode, userId, input.lines, input.note ?? null]))
    .digest("hex");

function createdDto(ctx: Ctx, order: OrderRow): CreatedOrderDto {
  const url = new URL("/checkout", ctx.origin);
  url.searchParams.set("transaction_id", order.transactionId);
  url.searchParams.set("app_code", order.appCode);
  return {
    order_id: order.id,
    transaction_id: order.transactionId,
    reference_no: order.referenceNo,
    total: order.total,
    status: order.status as OrderStatus,
    checkout_url: url.toString(),
  };
}

/**
 * POST /order/create (DESIGN §11): a product orders for a person it holds a token of. Prices,
 * bonus months, discounts and commission settings come from the catalog of the product's own
 * app. An Idempotency-Key answers a retry with the same order; the same key with another body
 * is refused. Nothing is written on any refusal.
 */
export async function createOrder(ctx: Ctx, input: z.output<typeof createOrderSchema>): Promise<CallResult> {
  const product = ctx.product;
  if (!product) throw new Error("createOrder on a call whose auth mode is not 'product'");
  const appCode = product.appCode;
  const now = ctx.clock();
  const person = await resolveToken(ctx.db, input.token, now);
  if (!person || person.session.appCode.toLowerCase() !== appCode) throw new AppError("PERSON_TOKEN_INVALID");
  // The same person and lines with a refreshed token is still the same request.
  const hash = requestHash(appCode, person.user.id, input);
  const key = product.idempotencyKey;
  if (key) {
    const existing = await findOrderByIdempotencyKey(ctx.db, appCode, key);
    if (existing) return replay(ctx, existing, hash);
  }

  const orderId = newId();
  const lines = await priceLines(ctx.db, { appCode, orderId, lines: input.lines, ownerId: person.user.id });
  const total = lines.reduce((sum, l) => sum + (l.subtotal ?? 0), 0);
  try {
    const order = await ctx.db.transaction((tx) =>
      insertOrder(
        tx,
        {
          id: orderId,
          userId: person.user.id,
          appCode,
          referenceNo: newReferenceNo("OD", now),
          transactionId: randomBytes(24).toString("base64url"),
          status: "PENDING",
          total,
          note: input.note ?? null,
          createdBy: `product:${appCode}`,
          idempotencyKey: key ?? null,
          requestHash: hash,
          createdAt: now,
          updatedAt: now,
        },
        lines,
      ),
    );
    return { data: createdDto(ctx, order), message: "commerce.orderCreated" };
  } catch (error) {
    // Two retries with one key at the same moment: the loser answers the winner's order.
    if (key) {
      const existing = await findOrderByIdempotencyKey(ctx.db, appCode, key);
      if (existing) return replay(ctx, existing, hash);
    }
    throw error;
  }
}

function replay(ctx: Ctx, existing: OrderRow, hash: string): CallResult {
  if (existing.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
  return { data: createdDto(ctx, existing), message: "commerce.orderCreated" };
}

/** The operator's order for a person (a support case): the same rules as a product's. */
export async function createOrderAsOperator(
  db: Db,
  options: {
    userId: string;
    appCode: string;
    lines: LineInput[];
    note?: string;
    operator: string;
    now: Date;
  },
): Promise<OrderRow> {
  const orderId = newId();
  const lines = await priceLines(db, {
    appCode: options.appCode,
    orderId,
    lines: options.lines,
    ownerId: options.userId,
  });
  return db.transaction((tx) =>
    insertOrder(
      tx,
      {
        id: orderId,
        userId: options.userId,
        appCode: options.appCode,
        referenceNo: newReferenceNo("OD", options.now),
        transactionId: randomBytes(24).toString("base64url"),
        status: "PENDING",
        total: lines.reduce((sum, l) => sum + (l.subtotal ?? 0), 0),
        note: options.note ?? null,
        createdBy: options.operator,
        createdAt: options.now,
        updatedAt: options.now,
      },
      lines,
    ),
  );
}

/**
 * A partner buys a package for a customer's store with partner credit (SPEC §4 activation and
 * upgrade), all in the caller's transaction: the order (created by the partner, credit noted),
 * the credit taken with a USER_BUY_ORDER log row naming the customer, and the order paid through
 * the state module (store extended by months + bonus months, product event). Not enough credit
 * throws INSUFFICIENT_CREDIT and nothing is written.
 */
export async function buyWithCredit(
  tx: Executor,
  env: Env,
  options: {
    partnerId: string;
    customerId: string;
    appCode: string;
    storeId: string;
    storeName: string;
    packageCode: string;
    credit: number;
    now: Date;
  },
): Promise<{ order: OrderRow; expiresAt: Date | null }> {
  const orderId = newId();
  const pkg = await findPackageByCode(tx, options.appCode, options.packageCode);
  if (!pkg?.isActive)
    throw new AppError("PACKAGE_UNKNOWN", { params: { code: options.packageCode, app: options.appCode } });
  const lines = await priceLines(tx, {
    appCode: options.appCode,
    orderId,
    lines: [
      {
        store_id: options.storeId,
        store_name: options.storeName,
        package_code: pkg.code,
        months: pkg.months,
      },
    ],
    ownerId: options.customerId,
  });
  const order = await insertOrder(
    tx,
    {
      id: orderId,
      userId: options.customerId,
      appCode: options.appCode,
      referenceNo: newReferenceNo("OD", options.now),
      transactionId: randomBytes(24).toString("base64url"),
      status: "PENDING",
      total: lines.reduce((sum, l) => sum + (l.subtotal ?? 0), 0),
      credit: options.credit.toFixed(2),
      createdBy: `partner:${options.partnerId}`,
      createdAt: options.now,
      updatedAt: options.now,
    },
    lines,
  );
  try {
    await adjustBalanceIn(tx, {
      userId: options.partnerId,
      balance: "credit",
      amount: -options.credit,
      type: "USER_BUY_ORDER",
      reason: {
        key: "partnerOrder",
        params: { package: pkg.code, months: pkg.months, store: options.storeName },
      },
      appCode: options.appCode,
      customerId: options.customerId,
      referenceNo: order.referenceNo,
      now: options.now,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "INSUFFICIENT_BALANCE")
      throw new AppError("INSUFFICIENT_CREDIT");
    throw error;
  }
  const paid = await transitionOrderIn(
    tx,
    { env, now: options.now },
    {
      orderId: order.id,
      to: "PAID",
      actor: `partner:${options.partnerId}`,
      note: "partner credit",
      paidWithCredit: true,
    },
  );
  if (!paid.changed) throw new Error("a new credit order could not be paid");
  const lineId = lines[0]?.id ?? "";
  return { order: paid.order, expiresAt: paid.expiries.get(lineId) ?? null };
}
