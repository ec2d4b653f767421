import "server-only";
import { verifyVnpayParams } from "@/server/gateways/vnpay";
import { verifyZalopayRedirect } from "@/server/gateways/zalopay";
import { findOrder } from "@/server/order/service/get-order";
import { findPaymentOfGateway } from "@/server/payment/attempts";
import type { Deps } from "./apply";
import { vnpayConfig, zalopayConfig } from "./config";

/** Whether a return's parameters carry the gateway's signature, and the attempt they name. */
function readReturn(deps: Deps, gateway: "VNPAY" | "ZALOPAY", params: Record<string, string>) {
  if (gateway === "VNPAY") {
    const config = vnpayConfig(deps.env, deps.origin);
    return {
      valid: Boolean(config && verifyVnpayParams(params, config.hashSecret)),
      gatewayRef: params.vnp_TxnRef ?? "",
    };
  }
  const config = zalopayConfig(deps.env, deps.origin);
  return {
    valid: Boolean(config && verifyZalopayRedirect(params, config.key2)),
    gatewayRef: params.apptransid ?? "",
  };
}

/**
 * Where a gateway sends the browser back: the parameters are verified (a forged return is
 * refused) but never mark anything paid; the result page shows what the database says. A signed
 * return proves the browser came from the gateway: it may see the attempt without a session.
 */
export async function resolveReturn(
  deps: Deps,
  gateway: "VNPAY" | "ZALOPAY",
  params: Record<string, string>,
): Promise<{ paymentId: string | null; valid: boolean; transactionId: string | null }> {
  const { valid, gatewayRef } = readReturn(deps, gateway, params);
  const payment = await findPaymentOfGateway(deps.db, gateway, gatewayRef);
  const order = valid && payment ? await findOrder(deps.db, payment.orderId) : undefined;
  return { paymentId: payment?.id ?? null, valid, transactionId: order?.transactionId ?? null };
}
