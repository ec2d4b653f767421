import "server-only";
import type { Env } from "@/lib/env";
import type { Logger } from "@/lib/logger";
import type { Db } from "@/server/db/client";
import {
  buildVnpayQueryRequest,
  verifyVnpayParams,
  verifyVnpayQueryResponse,
  vnpayIpnAnswer,
} from "@/server/gateways/vnpay";
import {
  buildZalopayQuery,
  verifyZalopayCallback,
  verifyZalopayRedirect,
  zalopayCallbackAnswer,
} from "@/server/gateways/zalopay";
import { metrics } from "@/server/ops/metrics";
import { transitionOrder } from "@/server/order/state";
import {
  findExpiredPending,
  findPaymentByGatewayRef,
  findPaymentById,
  type PaymentRow,
  recordLatePayment,
} from "@/server/payment/repository";
import { voidPayment } from "@/server/payment/service";
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
  const fresh = await findPaymentById(deps.db, payment.id);
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

/**
 * The gateway took money for an attempt that had already ended (the order was paid another way,
 * or the attempt expired first): recorded once, for the operator to refund. True when recorded now.
 */
async function recordLate(
  deps: Deps,
  payment: PaymentRow,
  gatewayTxn: string | undefined,
  raw: unknown,
  actor: string,
) {
  const row = await recordLatePayment(deps.db, {
    id: payment.id,
    gatewayTxn,
    rawCallback: raw,
    note: `${actor}: paid after this attempt ended — refund ${gatewayTxn ?? ""}`.trim(),
    now: deps.now ?? new Date(),
  });
  if (row) {
    metrics().payments.inc({ gateway: payment.gateway, outcome: "late" });
    deps.log.warn({ payment: payment.id, gatewayTxn }, "gateway money for an ended attempt: refund it");
  }
  return Boolean(row);
}

/**
 * VNPAY IPN (GET /2.0/payment/vnpay-ipn), checked in VNPAY's order: signature 97, payment 01,
 * amount 04, still pending 02; then applied (committed) before answering 00. A failed or
 * cancelled payment is recorded and also answered 00 (VNPAY retries any other answer).
 */
export async function handleVnpayIpn(deps: Deps, params: Record<string, string>) {
  const config = vnpayConfig(deps.env, deps.origin);
  try {
    if (!config || !verifyVnpayParams(params, config.hashSecret)) return vnpayIpnAnswer("97");
    const payment = await findPaymentByGatewayRef(deps.db, "VNPAY", params.vnp_TxnRef ?? "");
    if (!payment) return vnpayIpnAnswer("01");
    if (Number(params.vnp_Amount) !== payment.amount * 100) return vnpayIpnAnswer("04");
    const ok = params.vnp_ResponseCode === "00" && (params.vnp_TransactionStatus ?? "00") === "00";
    if (payment.status !== "PENDING") {
      if (!ok || payment.status === "PAID") return vnpayIpnAnswer("02");
      const recorded = await recordLate(deps, payment, params.vnp_TransactionNo, params, "gateway:VNPAY");
      return vnpayIpnAnswer(recorded ? "00" : "02");
    }
    const applied = await applyGatewayResult(deps, {
      payment,
      ok,
      gatewayTxn: params.vnp_TransactionNo,
      raw: params,
      actor: "gateway:VNPAY",
    });
    return vnpayIpnAnswer(applied === "duplicate" ? "02" : "00");
  } catch (error) {
    deps.log.error({ err: error }, "VNPAY IPN failed");
    return vnpayIpnAnswer("99");
  }
}

/**
 * ZaloPay callback (POST /2.0/payment/zalopay-callback): the mac over the raw `data` string with
 * key2, then applied once; 1 success, 2 already applied, anything else refused.
 */
export async function handleZalopayCallback(deps: Deps, body: { data: string; mac: string; type?: number }) {
  const config = zalopayConfig(deps.env, deps.origin);
  try {
    if (!config) return zalopayCallbackAnswer("bad_mac");
    const verified = verifyZalopayCallback(body, config.key2);
    if (!verified.ok) return zalopayCallbackAnswer("bad_mac");
    const data = verified.data as { app_trans_id?: string; amount?: number; zp_trans_id?: number | string };
    const payment = await findPaymentByGatewayRef(deps.db, "ZALOPAY", String(data.app_trans_id ?? ""));
    if (!payment || Number(data.amount) !== payment.amount) return zalopayCallbackAnswer("error");
    if (payment.status !== "PENDING") {
      if (payment.status === "PAID") return zalopayCallbackAnswer("duplicate");
      const raw = { data: body.data, mac: body.mac, type: body.type };
      const recorded = await recordLate(
        deps,
        payment,
        String(data.zp_trans_id ?? ""),
        raw,
        "gateway:ZALOPAY",
      );
      return zalopayCallbackAnswer(recorded ? "ok" : "duplicate");
    }
    const applied = await applyGatewayResult(deps, {
      payment,
      ok: true,
      gatewayTxn: String(data.zp_trans_id ?? ""),
      raw: { data: body.data, mac: body.mac, type: body.type },
      actor: "gateway:ZALOPAY",
    });
    return zalopayCallbackAnswer(applied === "duplicate" ? "duplicate" : "ok");
  } catch (error) {
    deps.log.error({ err: error }, "ZaloPay callback failed");
    return zalopayCallbackAnswer("error");
  }
}

const hhmmss = (d: Date) =>
  new Date(d.getTime() + 7 * 3_600_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);

/**
 * Asks the gateway about a pending attempt (the result page when the callback is late, the
 * reconciliation, the sweeper) and applies a final answer through the same path as a callback.
 * Returns what happened, or "pending" when the gateway does not know yet.
 */
export async function refreshPayment(deps: Deps, payment: PaymentRow): Promise<Applied | "pending"> {
  if (payment.status !== "PENDING" || !payment.gatewayRef) return "pending";
  const now = deps.now ?? new Date();
  if (payment.gateway === "VNPAY") {
    const config = vnpayConfig(deps.env, deps.origin);
    if (!config) return "pending";
    const request = buildVnpayQueryRequest({
      tmnCode: config.tmnCode,
      hashSecret: config.hashSecret,
      txnRef: payment.gatewayRef,
      transactionDate: payment.createdAt,
      createDate: now,
      ipAddr: "127.0.0.1",
      requestId: `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      orderInfo: `Query ${payment.gatewayRef}`,
    });
    const response = await fetch(config.queryUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await response.json()) as Record<string, string>;
    if (!verifyVnpayQueryResponse(answer, config.hashSecret))
      throw new Error("VNPAY query answer signature mismatch");
    if (answer.vnp_ResponseCode !== "00") return "pending";
    if (answer.vnp_TransactionStatus === "01") return "pending";
    const ok = answer.vnp_TransactionStatus === "00" && Number(answer.vnp_Amount) === payment.amount * 100;
    return applyGatewayResult(deps, {
      payment,
      ok,
      gatewayTxn: answer.vnp_TransactionNo,
      raw: { query: answer, at: hhmmss(now) },
      actor: "query:VNPAY",
    });
  }
  if (payment.gateway === "ZALOPAY") {
    const config = zalopayConfig(deps.env, deps.origin);
    if (!config) return "pending";
    const query = buildZalopayQuery({
      appId: config.appId,
      key1: config.key1,
      appTransId: payment.gatewayRef,
    });
    const response = await fetch(config.queryUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await response.json()) as {
      return_code?: number;
      is_processing?: boolean;
      amount?: number;
      zp_trans_id?: number | string;
    };
    // ZaloPay: 1 paid, 2 failed, 3 not paid yet / processing.
    if (answer.return_code === 1 && Number(answer.amount) === payment.amount) {
      return applyGatewayResult(deps, {
        payment,
        ok: true,
        gatewayTxn: String(answer.zp_trans_id ?? ""),
        raw: { query: answer },
        actor: "query:ZALOPAY",
      });
    }
    if (answer.return_code === 2) {
      return applyGatewayResult(deps, { payment, ok: false, raw: { query: answer }, actor: "query:ZALOPAY" });
    }
    return "pending";
  }
  return "pending";
}

/**
 * Ends attempts past their expiry: a gateway is asked one last time (it may have the money);
 * whatever is still unpaid is cancelled and its points come back. The order stays payable.
 */
export async function sweepExpiredAttempts(deps: Deps): Promise<{ expired: number; paid: number }> {
  const now = deps.now ?? new Date();
  let expired = 0;
  let paid = 0;
  for (const payment of await findExpiredPending(deps.db, now, 50)) {
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

/**
 * Where a gateway sends the browser back: the parameters are verified (a forged return is
 * refused) but never mark anything paid; the result page shows what the database says.
 */
export async function resolveReturn(
  deps: Deps,
  gateway: "VNPAY" | "ZALOPAY",
  params: Record<string, string>,
): Promise<{ paymentId: string | null; valid: boolean; transactionId: string | null }> {
  if (gateway === "VNPAY") {
    const config = vnpayConfig(deps.env, deps.origin);
    const valid = Boolean(config && verifyVnpayParams(params, config.hashSecret));
    const payment = await findPaymentByGatewayRef(deps.db, "VNPAY", params.vnp_TxnRef ?? "");
    return {
      paymentId: payment?.id ?? null,
      valid,
      transactionId: valid ? await transactionOf(deps, payment) : null,
    };
  }
  const config = zalopayConfig(deps.env, deps.origin);
  const valid = Boolean(config && verifyZalopayRedirect(params, config.key2));
  const payment = await findPaymentByGatewayRef(deps.db, "ZALOPAY", params.apptransid ?? "");
  return {
    paymentId: payment?.id ?? null,
    valid,
    transactionId: valid ? await transactionOf(deps, payment) : null,
  };
}

/** A signed return proves the browser came from the gateway: it may see the attempt without a session. */
async function transactionOf(deps: Deps, payment: PaymentRow | undefined): Promise<string | null> {
  if (!payment) return null;
  const { getOrderLines } = await import("@/server/order/service");
  return (await getOrderLines(deps.db, payment.orderId)).order.transactionId;
}
