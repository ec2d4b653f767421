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

/**
 * What a gateway's query said about an attempt: a final answer, or not known yet with what it
 * said (`raw` null when it was not asked: no gateway configured, or one that cannot be asked).
 */
export type Verdict =
  | ({ final: true } & Pick<GatewayResult, "ok" | "gatewayTxn" | "raw">)
  | { final: false; raw: unknown };
const NOT_ASKED: Verdict = { final: false, raw: null };

/** VNPAY's querydr: 00 paid (for the whole amount), any other final status failed, 01 still waiting. */
async function askVnpay(deps: Deps, payment: PaymentRow, gatewayRef: string, now: Date): Promise<Verdict> {
  const config = vnpayConfig(deps.env, deps.origin);
  if (!config) return NOT_ASKED;
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
  if (answer.vnp_ResponseCode !== "00" || answer.vnp_TransactionStatus === "01")
    return { final: false, raw: { query: answer } };
  return {
    final: true,
    ok: answer.vnp_TransactionStatus === "00" && Number(answer.vnp_Amount) === payment.amount * 100,
    gatewayTxn: answer.vnp_TransactionNo,
    raw: { query: answer, at: formatVnpayDate(now) },
  };
}

/** ZaloPay's query: 1 paid (for the whole amount), 2 failed, 3 not paid yet or processing. */
async function askZalopay(deps: Deps, payment: PaymentRow, gatewayRef: string): Promise<Verdict> {
  const config = zalopayConfig(deps.env, deps.origin);
  if (!config) return NOT_ASKED;
  const query = buildZalopayQuery({ appId: config.appId, key1: config.key1, appTransId: gatewayRef });
  const answer = await postToGateway<{
    return_code?: number;
    is_processing?: boolean;
    amount?: number;
    zp_trans_id?: number | string;
  }>(config.queryUrl, gatewayForm(query));
  if (answer.return_code === 1 && Number(answer.amount) === payment.amount)
    return { final: true, ok: true, gatewayTxn: String(answer.zp_trans_id ?? ""), raw: { query: answer } };
  if (answer.return_code === 2) return { final: true, ok: false, raw: { query: answer } };
  return { final: false, raw: { query: answer } };
}

/** Asks a pending attempt's gateway (VNPAY, ZaloPay) what became of it; anything else is not asked. */
export async function queryGateway(deps: Deps, payment: PaymentRow): Promise<Verdict> {
  if (payment.status !== "PENDING" || !payment.gatewayRef) return NOT_ASKED;
  const now = deps.now ?? new Date();
  if (payment.gateway === "VNPAY") return askVnpay(deps, payment, payment.gatewayRef, now);
  if (payment.gateway === "ZALOPAY") return askZalopay(deps, payment, payment.gatewayRef);
  return NOT_ASKED;
}

/** A final answer applied through the same path as a callback. */
function applyVerdict(deps: Deps, payment: PaymentRow, verdict: Verdict & { final: true }) {
  const { ok, gatewayTxn, raw } = verdict;
  return applyGatewayResult(deps, { payment, ok, gatewayTxn, raw, actor: `query:${payment.gateway}` });
}

/**
 * Asks the gateway about a pending attempt (the result page when the callback is late, the
 * reconciliation, the sweeper) and applies a final answer through the same path as a callback.
 * Returns what happened, or "pending" when the gateway does not know yet.
 */
export async function refreshPayment(deps: Deps, payment: PaymentRow): Promise<Applied | "pending"> {
  const verdict = await queryGateway(deps, payment);
  return verdict.final ? applyVerdict(deps, payment, verdict) : "pending";
}

/** Ends an attempt past its expiry that nobody paid: CANCEL, its points back. False when it had already ended. */
async function expireAttempt(deps: Deps, payment: PaymentRow, now: Date): Promise<boolean> {
  const voided = await deps.db.transaction((tx) => voidPayment(tx, payment, "CANCEL", now, "expired"));
  if (voided) void forgetCachedSessions({ userId: payment.userId });
  return Boolean(voided);
}

/**
 * The reconciliation of one attempt (the console's "ask the gateway"): the gateway's answer,
 * applied when final; an attempt past its expiry without a final answer ends, as the sweeper
 * would end it. A failed query is thrown, and then nothing changes.
 */
export async function reconcileAttempt(
  deps: Deps,
  payment: PaymentRow,
): Promise<{ verdict: Verdict; outcome: Applied | "pending" | "expired" }> {
  const now = deps.now ?? new Date();
  const verdict = await queryGateway(deps, payment);
  if (verdict.final) return { verdict, outcome: await applyVerdict(deps, payment, verdict) };
  const isPast = payment.status === "PENDING" && payment.expiresAt !== null && payment.expiresAt <= now;
  return { verdict, outcome: isPast && (await expireAttempt(deps, payment, now)) ? "expired" : "pending" };
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
    if (await expireAttempt(deps, payment, now)) expired += 1;
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
