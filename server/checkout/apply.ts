import "server-only";
import type { Env } from "@/lib/env";
import type { Logger } from "@/lib/logger";
import type { Db } from "@/server/db/client";
import type { PaymentRow } from "@/server/db/tables/commerce";
import { buildVnpayQueryRequest, formatVnpayDate, verifyVnpayQueryResponse } from "@/server/gateways/vnpay";
import { buildZalopayQuery } from "@/server/gateways/zalopay";
import { metrics } from "@/server/ops/metrics";
import { transitionOrder } from "@/server/order/state";
import { findExpiredAttempts, findPayment, voidPayment } from "@/server/payment/attempts";
import { forgetCachedSessions } from "@/server/session/service";
import { selfOrigin, vnpayConfig, zalopayConfig } from "./config";

export type Deps = { db: Db; env: Env; origin: string; log: Logger; now?: Date };

/** What a gateway said about one attempt, once verified. */
export type GatewayResult = {
  payment: PaymentRow;
  ok: boolean;
  gatewayTxn?: string;
  raw: unknown;
  actor: string;
};

export type Applied = "paid" | "failed" | "duplicate" | "late";

/**
 * Applies a verified gateway answer through the order state module (DESIGN §10): paid → the order
 * is paid with this attempt (stores, rewards, events follow once); failed or cancelled → the
 * attempt ends and its points come back. A replay changes nothing ("duplicate"); money for an
 * order another attempt already paid is recorded for a refund ("late").
 */
export async function applyGatewayResult(deps: Deps, result: GatewayResult): Promise<Applied> {
  const outcome = await applyOnce(deps, result);
  metrics().payments.inc({ gateway: result.payment.gateway, outcome });
  return outcome;
}

async function applyOnce(deps: Deps, result: GatewayResult): Promise<Applied> {
  const now = deps.now ?? new Date();
  const { payment } = result;
  if (!result.ok) {
    const voided = await deps.db.transaction((tx) =>
      voidPayment(tx, payment, "CANCEL", now, `${result.actor}: not paid`),
    );
    void forgetCachedSessions({ userId: payment.userId });
    return voided ? "failed" : "duplicate";
  }
  const moved = await transitionOrder(
    { db: deps.db, env: deps.env, now },
    {
      orderId: payment.orderId,
      to: "PAID",
      actor: result.actor,
      payment: { id: payment.id, gatewayTxn: result.gatewayTxn, rawCallback: result.raw },
    },
  );
  if (moved.changed) return "paid";
  const fresh = await findPayment(deps.db, payment.id);
  if (fresh?.status === "PAID") return "duplicate";
  if (fresh?.status === "PENDING" || moved.reason === "not_allowed") {
    // Paid at the gateway although the order was settled by another attempt: keep the money's
    // trace for a refund; the attempt's points come back.
    await deps.db.transaction((tx) =>
      voidPayment(
        tx,
        fresh ?? payment,
        "INVALID",
        now,
        `${result.actor}: paid after the order was settled — refund ${result.gatewayTxn ?? ""}`.trim(),
      ),
    );
    deps.log.warn(
      { payment: payment.id, gatewayTxn: result.gatewayTxn },
      "late payment for a settled order: refund it",
    );
    return "late";
  }
  return "duplicate";
}

/** POSTs to a gateway (JSON, or a form when given one) and reads its JSON answer; 15 s at most. */
export async function postToGateway<T>(url: string, body: object): Promise<T> {
  const isForm = body instanceof URLSearchParams;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": isForm ? "application/x-www-form-urlencoded" : "application/json" },
    body: isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return (await response.json()) as T;
}

/** A gateway's form: every field as text. */
export const gatewayForm = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));

/** What a gateway's query said about an attempt: a final answer, or not known yet. */
type Verdict = Pick<GatewayResult, "ok" | "gatewayTxn" | "raw"> | "pending";

/** VNPAY's querydr: 00 paid (for the whole amount), any other final status failed, 01 still waiting. */
async function askVnpay(deps: Deps, payment: PaymentRow, gatewayRef: string, now: Date): Promise<Verdict> {
  const config = vnpayConfig(deps.env, deps.origin);
  if (!config) return "pending";
  const request = buildVnpayQueryRequest({
    tmnCode: config.tmnCode,
    hashSecret: config.hashSecret,
    txnRef: gatewayRef,
    transactionDate: payment.createdAt,
    createDate: now,
    ipAddr: "127.0.0.1",
    requestId: `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    orderInfo: `Query ${gatewayRef}`,
  });
  const answer = await postToGateway<Record<string, string>>(config.queryUrl, request);
  if (!verifyVnpayQueryResponse(answer, config.hashSecret))
    throw new Error("VNPAY query answer signature mismatch");
  if (answer.vnp_ResponseCode !== "00" || answer.vnp_TransactionStatus === "01") return "pending";
  return {
    ok: answer.vnp_TransactionStatus === "00" && Number(answer.vnp_Amount) === payment.amount * 100,
    gatewayTxn: answer.vnp_TransactionNo,
    raw: { query: answer, at: formatVnpayDate(now) },
  };
}

/** ZaloPay's query: 1 paid (for the whole amount), 2 failed, 3 not paid yet or processing. */
async function askZalopay(deps: Deps, payment: PaymentRow, gatewayRef: string): Promise<Verdict> {
  const config = zalopayConfig(deps.env, deps.origin);
  if (!config) return "pending";
  const query = buildZalopayQuery({ appId: config.appId, key1: config.key1, appTransId: gatewayRef });
  const answer = await postToGateway<{
    return_code?: number;
    is_processing?: boolean;
    amount?: number;
    zp_trans_id?: number | string;
  }>(config.queryUrl, gatewayForm(query));
  if (answer.return_code === 1 && Number(answer.amount) === payment.amount)
    return { ok: true, gatewayTxn: String(answer.zp_trans_id ?? ""), raw: { query: answer } };
  if (answer.return_code === 2) return { ok: false, raw: { query: answer } };
  return "pending";
}

/**
 * Asks the gateway about a pending attempt (the result page when the callback is late, the
 * reconciliation, the sweeper) and applies a final answer through the same path as a callback.
 * Returns what happened, or "pending" when the gateway does not know yet.
 */
export async function refreshPayment(deps: Deps, payment: PaymentRow): Promise<Applied | "pending"> {
  if (payment.status !== "PENDING" || !payment.gatewayRef) return "pending";
  const now = deps.now ?? new Date();
  const verdict =
    payment.gateway === "VNPAY"
      ? await askVnpay(deps, payment, payment.gatewayRef, now)
      : payment.gateway === "ZALOPAY"
        ? await askZalopay(deps, payment, payment.gatewayRef)
        : "pending";
  if (verdict === "pending") return "pending";
  return applyGatewayResult(deps, { payment, ...verdict, actor: `query:${payment.gateway}` });
}

/**
 * Ends attempts past their expiry: a gateway is asked one last time (it may have the money);
 * whatever is still unpaid is cancelled and its points come back. The order stays payable.
 */
export async function sweepExpiredAttempts(deps: Deps): Promise<{ expired: number; paid: number }> {
  const now = deps.now ?? new Date();
  let expired = 0;
  let paid = 0;
  for (const payment of await findExpiredAttempts(deps.db, now, 50)) {
    let outcome: Applied | "pending" = "pending";
    try {
      outcome = await refreshPayment(deps, payment);
    } catch (error) {
      deps.log.warn({ err: error, payment: payment.id }, "gateway query failed at expiry");
    }
    if (outcome === "paid") {
      paid += 1;
      continue;
    }
    if (outcome !== "pending") continue;
    const voided = await deps.db.transaction((tx) => voidPayment(tx, payment, "CANCEL", now, "expired"));
    if (voided) {
      expired += 1;
      void forgetCachedSessions({ userId: payment.userId });
    }
  }
  return { expired, paid };
}

/** `npm run admin -- payments reconcile`: the same, from the operator's shell. */
export const reconcileDeps = (db: Db, env: Env, log: Logger): Deps => ({
  db,
  env,
  log,
  origin: selfOrigin(env),
});
