import "server-only";
import type { PaymentRow } from "@/server/db/tables/commerce";
import { verifyVnpayParams, vnpayIpnAnswer } from "@/server/gateways/vnpay";
import { verifyZalopayCallback, zalopayCallbackAnswer } from "@/server/gateways/zalopay";
import { metrics } from "@/server/ops/metrics";
import { findPaymentOfGateway, recordLateAttempt } from "@/server/payment/attempts";
import { applyGatewayResult, type Deps } from "./apply";
import { vnpayConfig, zalopayConfig } from "./config";

// The gateways' server callbacks: verified in each gateway's own order, then applied once through
// applyGatewayResult; the answer is in the gateway's own words.

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
  const row = await recordLateAttempt(deps.db, {
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
    const payment = await findPaymentOfGateway(deps.db, "VNPAY", params.vnp_TxnRef ?? "");
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
    const payment = await findPaymentOfGateway(deps.db, "ZALOPAY", String(data.app_trans_id ?? ""));
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
