import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { safeEqual } from "@/lib/ids";
import { adjustBalanceIn, lockBalance } from "@/server/balance/service";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { OrderRow } from "@/server/db/tables/commerce";
import { attemptExpiresAt, pointsOutcome, pointsToUse } from "@/server/gateways/points";
import { buildVnpayPayUrl, sanitizeVnpayText } from "@/server/gateways/vnpay";
import { buildZalopayCreateOrder, zalopayAppTransId } from "@/server/gateways/zalopay";
import type { OrderStatus } from "@/server/order/schema";
import { findOrder, getOrderLines, lockOrderIn } from "@/server/order/service/get-order";
import { transitionOrder } from "@/server/order/state";
import { findPayment, openAttempt, setAttemptGatewayRef, voidPayment } from "@/server/payment/attempts";
import type { PaymentGateway } from "@/server/payment/schema";
import { forgetCachedSessions } from "@/server/session/service";
import { isStoreOfAnother } from "@/server/store/service";
import { gatewayForm, postToGateway, refreshPayment } from "./apply";
import { checkoutMethods, vnpayConfig, zalopayConfig } from "./config";
import type {
  CheckoutAnswer,
  CheckoutMethod,
  checkoutSchema,
  PaymentStatusDto,
  paymentStatusSchema,
} from "./schema";
import { transferInstructions } from "./transfer";

const GATEWAY_OF: Record<CheckoutMethod, PaymentGateway> = {
  CASH: "CASH",
  VNPAY: "VNPAY",
  ZALOPAY: "ZALOPAY",
};

/** A VNPAY/ZaloPay reference unique per attempt: the order reference and 4 more characters, ASCII only. */
function attemptRef(order: OrderRow, paymentRef: string): string {
  return sanitizeVnpayText(`${order.referenceNo}${paymentRef.slice(-4)}`).replace(/ /g, "");
}

const vnpLocale = (lang: string) => (lang === "vi" ? "vn" : "en");

/** The VNPAY pay URL of an attempt (DESIGN §10 adapter: payUrl). */
function vnpayUrl(
  ctx: Ctx,
  order: OrderRow,
  gatewayRef: string,
  due: number,
  now: Date,
  expires: Date,
): string {
  const config = vnpayConfig(ctx.env, ctx.origin);
  if (!config) throw new AppError("CHECKOUT_METHOD_UNAVAILABLE");
  return buildVnpayPayUrl({
    payUrl: config.payUrl,
    tmnCode: config.tmnCode,
    hashSecret: config.hashSecret,
    amountVnd: due,
    txnRef: gatewayRef,
    orderInfo: sanitizeVnpayText(`Thanh toan don hang ${order.referenceNo}`),
    orderType: "other",
    locale: vnpLocale(ctx.lang),
    returnUrl: `${ctx.origin}/checkout/return/vnpay`,
    // VNPAY wants the buyer's IPv4; Node reports a mapped one as ::ffff:a.b.c.d.
    ipAddr: ctx.ip === "unknown" ? "127.0.0.1" : ctx.ip.replace(/^::ffff:/, ""),
    createDate: now,
    expireDate: expires,
  });
}

/** Creates the ZaloPay order (server to server) and answers its `order_url`. */
async function zalopayUrl(
  ctx: Ctx,
  order: OrderRow,
  gatewayRef: string,
  due: number,
  now: Date,
  paymentId: string,
) {
  const config = zalopayConfig(ctx.env, ctx.origin);
  if (!config) throw new AppError("CHECKOUT_METHOD_UNAVAILABLE");
  const body = buildZalopayCreateOrder({
    appId: config.appId,
    key1: config.key1,
    appUser: order.userId,
    amountVnd: due,
    appTransId: gatewayRef,
    appTime: now.getTime(),
    item: [{ reference_no: order.referenceNo }],
    embedData: { redirecturl: `${ctx.origin}/checkout/return/zalopay`, payment_id: paymentId },
    description: `Thanh toan don hang ${order.referenceNo}`,
    callbackUrl: `${ctx.origin}/2.0/payment/zalopay-callback`,
  });
  const answer = await postToGateway<{ return_code?: number; order_url?: string; return_message?: string }>(
    config.createUrl,
    gatewayForm(body),
  );
  if (answer.return_code !== 1 || !answer.order_url) {
    throw new Error(`ZaloPay create answered ${answer.return_code}: ${answer.return_message ?? ""}`);
  }
  return answer.order_url;
}

/**
 * /order/checkout (SPEC §4, DESIGN §10): opens an attempt for the owner's pending order, takes the
 * points with their log row in the same transaction, then answers the gateway URL or the transfer
 * instructions; a due of 0 pays the order at once.
 */
export async function checkout(ctx: Ctx, input: z.output<typeof checkoutSchema>): Promise<CheckoutAnswer> {
  const { user } = requireAuth(ctx);
  const order = await findOrder(ctx.db, input.order_id);
  if (!order || order.userId !== user.id) throw new AppError("ORDER_NOT_FOUND");
  if (order.status === "PAID" || order.status === "PAID_DEBIT") throw new AppError("ORDER_ALREADY_PAID");
  if (order.status !== "PENDING") throw new AppError("ORDER_NOT_FOUND");
  if (!checkoutMethods(ctx.env).includes(input.method)) throw new AppError("CHECKOUT_METHOD_UNAVAILABLE");
  // A store someone else took since the order was made cannot be paid for.
  for (const line of (await getOrderLines(ctx.db, order.id)).lines) {
    if (await isStoreOfAnother(ctx.db, line.app_code, line.store_id, user.id))
      throw new AppError("STORE_NOT_OWNED");
  }

  const now = ctx.clock();
  const opened = await ctx.db.transaction(async (tx: Executor) => {
    const locked = await lockOrderIn(tx, order.id);
    if (locked?.status !== "PENDING") throw new AppError("ORDER_ALREADY_PAID");
    const points = await lockBalance(tx, user.id, "point");
    const { pointsUsed, dueVnd } = pointsToUse(points, locked.total, input.use_point);
    const isGateway = input.method !== "CASH" && dueVnd > 0;
    const expiresAt =
      input.method === "CASH"
        ? new Date(now.getTime() + ctx.env.BANK_TRANSFER_EXPIRY_HOURS * 3_600_000)
        : attemptExpiresAt(now, ctx.env.PAYMENT_EXPIRY_MINUTES);
    const payment = await openAttempt(tx, {
      order: locked,
      method: input.method === "CASH" ? "OFFLINE_METHOD" : "ONLINE_METHOD",
      gateway: dueVnd === 0 ? "POINT" : GATEWAY_OF[input.method],
      amount: dueVnd,
      pointsUsed,
      expiresAt,
      now,
    });
    let gatewayRef: string | undefined;
    if (isGateway) {
      const ref = attemptRef(locked, payment.referenceNo);
      gatewayRef = input.method === "ZALOPAY" ? zalopayAppTransId(ref, now) : ref;
      await setAttemptGatewayRef(tx, payment.id, gatewayRef);
    }
    let newPoint = points;
    if (pointsUsed > 0) {
      const moved = await adjustBalanceIn(tx, {
        userId: user.id,
        balance: "point",
        amount: -pointsUsed,
        reason: { key: "checkoutPoints", params: { order: locked.referenceNo } },
        referenceNo: payment.referenceNo,
        now,
      });
      newPoint = moved.balance;
    }
    return { order: locked, payment, gatewayRef, pointsUsed, due: dueVnd, newPoint, expiresAt };
  });
  void forgetCachedSessions({ userId: user.id });

  const answer: CheckoutAnswer = {
    payment_id: opened.payment.id,
    reference_no: opened.payment.referenceNo,
    order_reference_no: order.referenceNo,
    status: "PENDING",
    points_used: opened.pointsUsed,
    due: opened.due,
    new_point: opened.newPoint,
  };
  if (opened.due === 0) {
    const result = await transitionOrder(
      { db: ctx.db, env: ctx.env, now },
      {
        orderId: order.id,
        to: "PAID",
        actor: `user:${user.id}`,
        note: "paid with points",
        payment: { id: opened.payment.id },
      },
    );
    answer.status = result.changed
      ? "PAID"
      : ((result.order?.status as OrderStatus | undefined) ?? "PENDING");
    return answer;
  }
  try {
    if (input.method === "VNPAY" && opened.gatewayRef) {
      answer.url = vnpayUrl(ctx, order, opened.gatewayRef, opened.due, now, opened.expiresAt);
    } else if (input.method === "ZALOPAY" && opened.gatewayRef) {
      answer.url = await zalopayUrl(ctx, order, opened.gatewayRef, opened.due, now, opened.payment.id);
    } else {
      answer.transfer = await transferInstructions(ctx, order, opened.due);
    }
  } catch (error) {
    // The gateway could not start: the attempt ends and its points come back.
    ctx.log.error({ err: error, payment: opened.payment.id }, "gateway did not start the payment");
    await ctx.db.transaction((tx) =>
      voidPayment(tx, opened.payment, "CANCEL", ctx.clock(), "gateway unavailable"),
    );
    void forgetCachedSessions({ userId: user.id });
    throw new AppError("GATEWAY_UNAVAILABLE");
  }
  return answer;
}

/** /payment/status: the result page's view of an attempt; `refresh` asks the gateway when the callback is late. */
export async function paymentStatus(
  ctx: Ctx,
  input: z.output<typeof paymentStatusSchema>,
): Promise<PaymentStatusDto> {
  const found = await findPayment(ctx.db, input.payment_id);
  if (!found) throw new AppError(ctx.auth ? "PAYMENT_NOT_FOUND" : "UNAUTHORIZED");
  let payment = found;
  if (ctx.auth?.user.id !== payment.userId) {
    // Without the owner's session, only the checkout link's capability shows the attempt.
    const order = input.transaction_id ? await findOrder(ctx.db, payment.orderId) : undefined;
    if (!order || !safeEqual(order.transactionId, input.transaction_id ?? "")) {
      throw new AppError(ctx.auth ? "PAYMENT_NOT_FOUND" : "UNAUTHORIZED");
    }
  }
  if (
    input.refresh &&
    payment.status === "PENDING" &&
    (payment.gateway === "VNPAY" || payment.gateway === "ZALOPAY")
  ) {
    await refreshPayment({ db: ctx.db, env: ctx.env, origin: ctx.origin, log: ctx.log }, payment).catch(
      (error) => ctx.log.warn({ err: error, payment: found.id }, "gateway query failed"),
    );
    payment = (await findPayment(ctx.db, input.payment_id)) ?? payment;
  }
  const order = await findOrder(ctx.db, payment.orderId);
  if (!order) throw new AppError("ORDER_NOT_FOUND");
  return {
    payment_id: payment.id,
    reference_no: payment.referenceNo,
    status: payment.status as OrderStatus,
    gateway: payment.gateway,
    amount: payment.amount,
    points_used: Number(payment.pointsUsed),
    order_id: order.id,
    order_reference_no: order.referenceNo,
    order_status: order.status as OrderStatus,
    transaction_id: order.transactionId,
    app_code: order.appCode,
    points_outcome: pointsOutcome(payment.status, Number(payment.pointsUsed)),
    ...(payment.gateway === "CASH" && payment.status === "PENDING"
      ? { transfer: await transferInstructions(ctx, order, payment.amount) }
      : {}),
  };
}
