import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import type { Env } from "@/lib/env";
import { logger } from "@/lib/logger";
import {
  formatVnpayDate,
  verifyVnpayParams,
  vnpayQueryResponseHash,
  vnpaySecureHash,
} from "@/server/gateways/vnpay";
import {
  zalopayCallbackMac,
  zalopayCreateOrderMac,
  zalopayQueryMac,
  zalopayRedirectChecksum,
} from "@/server/gateways/zalopay";
import { vnpayConfig, zalopayConfig } from "./config";

// DESIGN §5: with OUTBOX_UI=1 or in development, and no gateway credentials, /dev/gateway/<name>
// plays VNPAY and ZaloPay: it checks the portal's signed request, lets the person Pay or Cancel,
// then signs the return redirect and sends the IPN/callback to the portal with the same secrets
// and code paths as the real sandbox. Its memory is the process's (the embedded default is one).

type VnpayTxn = {
  amount: string;
  status: "00" | "02";
  transactionNo: string;
  payDate: string;
  orderInfo: string;
};
type ZalopayOrder = {
  appId: string;
  appTransId: string;
  appUser: string;
  appTime: string;
  amount: number;
  embedData: string;
  item: string;
  description: string;
  callbackUrl: string;
  /** 1 paid, 2 failed/cancelled, 3 waiting. */
  status: 1 | 2 | 3;
  zpTransId?: number;
};

const memory = globalThis as unknown as {
  __sandbox?: {
    vnpay: Map<string, VnpayTxn>;
    zalopay: Map<string, ZalopayOrder>;
    tokens: Map<string, string>;
  };
};
const state = () => {
  memory.__sandbox ??= { vnpay: new Map(), zalopay: new Map(), tokens: new Map() };
  return memory.__sandbox;
};

function sandboxVnpay(env: Env, origin: string) {
  const config = vnpayConfig(env, origin);
  if (!config?.sandbox) throw new Error("the VNPAY sandbox is off");
  return config;
}

function sandboxZalopay(env: Env, origin: string) {
  const config = zalopayConfig(env, origin);
  if (!config?.sandbox) throw new Error("the ZaloPay sandbox is off");
  return config;
}

/** Pay or Cancel on the VNPAY sandbox page: the IPN goes to the portal, then the browser returns. */
export async function completeVnpay(env: Env, origin: string, query: string, outcome: "pay" | "cancel") {
  const config = sandboxVnpay(env, origin);
  const request = Object.fromEntries(new URLSearchParams(query));
  if (!verifyVnpayParams(request, config.hashSecret))
    return { error: "Invalid signature (VNPAY code 97)" } as const;
  const paid = outcome === "pay";
  const txn: VnpayTxn = {
    amount: request.vnp_Amount ?? "0",
    status: paid ? "00" : "02",
    transactionNo: paid ? String(randomInt(10_000_000, 99_999_999)) : "0",
    payDate: formatVnpayDate(new Date()),
    orderInfo: request.vnp_OrderInfo ?? "",
  };
  state().vnpay.set(request.vnp_TxnRef ?? "", txn);
  const answer: Record<string, string> = {
    vnp_Amount: txn.amount,
    vnp_BankCode: "NCB",
    vnp_CardType: "ATM",
    vnp_OrderInfo: txn.orderInfo,
    vnp_PayDate: txn.payDate,
    vnp_ResponseCode: paid ? "00" : "24",
    vnp_TmnCode: config.tmnCode,
    vnp_TransactionNo: txn.transactionNo,
    vnp_TransactionStatus: txn.status,
    vnp_TxnRef: request.vnp_TxnRef ?? "",
  };
  // The hash covers the fields above only; VNPAY adds the hash type beside it.
  const secureHash = vnpaySecureHash(answer, config.hashSecret);
  answer.vnp_SecureHashType = "HmacSHA512";
  answer.vnp_SecureHash = secureHash;
  const qs = new URLSearchParams(answer).toString();
  const ipn = await fetch(`${origin}/2.0/payment/vnpay-ipn?${qs}`).catch((error: unknown) => error);
  logger.info(
    { sandbox: "vnpay", ipn: ipn instanceof Response ? await ipn.text() : String(ipn) },
    "sandbox IPN sent",
  );
  const back = new URL(request.vnp_ReturnUrl ?? `${origin}/order`);
  for (const [k, v] of Object.entries(answer)) back.searchParams.set(k, v);
  return { redirect: back.toString() } as const;
}

/** VNPAY's querydr, answered from the sandbox's memory and signed as VNPAY signs it. */
export function queryVnpay(env: Env, origin: string, body: Record<string, string>) {
  const config = sandboxVnpay(env, origin);
  const txn = state().vnpay.get(body.vnp_TxnRef ?? "");
  const answer: Record<string, string> = {
    vnp_ResponseId: randomBytes(8).toString("hex"),
    vnp_Command: "querydr",
    vnp_ResponseCode: txn ? "00" : "91",
    vnp_Message: txn ? "QueryDR Success" : "Transaction not found",
    vnp_TmnCode: config.tmnCode,
    vnp_TxnRef: body.vnp_TxnRef ?? "",
    vnp_Amount: txn?.amount ?? "",
    vnp_BankCode: txn ? "NCB" : "",
    vnp_PayDate: txn?.payDate ?? "",
    vnp_TransactionNo: txn?.transactionNo ?? "",
    vnp_TransactionType: "01",
    vnp_TransactionStatus: txn?.status ?? "",
    vnp_OrderInfo: txn?.orderInfo ?? "",
    vnp_PromotionCode: "",
    vnp_PromotionAmount: "",
  };
  answer.vnp_SecureHash = vnpayQueryResponseHash(answer, config.hashSecret);
  return answer;
}

/** ZaloPay's create order: checks the portal's mac (key1) and answers the sandbox page as `order_url`. */
export function createZalopay(env: Env, origin: string, form: Record<string, string>) {
  const config = sandboxZalopay(env, origin);
  if (zalopayCreateOrderMac(form, config.key1) !== (form.mac ?? "").toLowerCase()) {
    return { return_code: 2, return_message: "Invalid mac" };
  }
  const token = randomBytes(16).toString("base64url");
  const order: ZalopayOrder = {
    appId: form.app_id ?? "",
    appTransId: form.app_trans_id ?? "",
    appUser: form.app_user ?? "",
    appTime: form.app_time ?? "",
    amount: Number(form.amount),
    embedData: form.embed_data ?? "{}",
    item: form.item ?? "[]",
    description: form.description ?? "",
    callbackUrl: form.callback_url || `${origin}/2.0/payment/zalopay-callback`,
    status: 3,
  };
  state().zalopay.set(order.appTransId, order);
  state().tokens.set(token, order.appTransId);
  const url = new URL(`${origin}/dev/gateway/zalopay`);
  url.searchParams.set("token", token);
  url.searchParams.set("amount", String(order.amount));
  url.searchParams.set("description", order.description);
  url.searchParams.set("app_trans_id", order.appTransId);
  return {
    return_code: 1,
    return_message: "Giao dịch thành công",
    order_url: url.toString(),
    zp_trans_token: token,
  };
}

/** Pay or Cancel on the ZaloPay sandbox page: a callback only when paid (as ZaloPay), then the redirect. */
export async function completeZalopay(env: Env, origin: string, token: string, outcome: "pay" | "cancel") {
  const config = sandboxZalopay(env, origin);
  const appTransId = state().tokens.get(token);
  const order = appTransId ? state().zalopay.get(appTransId) : undefined;
  if (!order) return { error: "Unknown or finished ZaloPay order" } as const;
  state().tokens.delete(token);
  const paid = outcome === "pay";
  order.status = paid ? 1 : 2;
  if (paid) {
    order.zpTransId = randomInt(100_000_000, 999_999_999);
    const data = JSON.stringify({
      app_id: Number(order.appId),
      app_trans_id: order.appTransId,
      app_time: Number(order.appTime),
      app_user: order.appUser,
      amount: order.amount,
      embed_data: order.embedData,
      item: order.item,
      zp_trans_id: order.zpTransId,
      server_time: Date.now(),
      channel: 38,
      merchant_user_id: "",
      user_fee_amount: 0,
      discount_amount: 0,
    });
    const callback = await fetch(order.callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data, mac: zalopayCallbackMac(data, config.key2), type: 1 }),
    }).catch((error: unknown) => error);
    logger.info(
      {
        sandbox: "zalopay",
        callback: callback instanceof Response ? await callback.text() : String(callback),
      },
      "sandbox callback sent",
    );
  }
  const redirect = (JSON.parse(order.embedData) as { redirecturl?: string }).redirecturl ?? `${origin}/order`;
  const params: Record<string, string> = {
    appid: order.appId,
    apptransid: order.appTransId,
    pmcid: "38",
    bankcode: "",
    amount: String(order.amount),
    discountamount: "0",
    status: paid ? "1" : "-49",
  };
  params.checksum = zalopayRedirectChecksum(params, config.key2);
  const back = new URL(redirect);
  for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
  return { redirect: back.toString() } as const;
}

/** ZaloPay's query: 1 paid, 2 failed, 3 still waiting; the mac over app_id|app_trans_id|key1. */
export function queryZalopay(env: Env, origin: string, form: Record<string, string>) {
  const config = sandboxZalopay(env, origin);
  const expected = zalopayQueryMac(`${form.app_id}`, `${form.app_trans_id}`, config.key1);
  if (expected !== (form.mac ?? "").toLowerCase()) return { return_code: 2, return_message: "Invalid mac" };
  const order = state().zalopay.get(form.app_trans_id ?? "");
  if (!order) return { return_code: 2, return_message: "Transaction not found", is_processing: false };
  return {
    return_code: order.status,
    return_message:
      order.status === 1 ? "Giao dịch thành công" : order.status === 2 ? "Giao dịch thất bại" : "Đang xử lý",
    is_processing: order.status === 3,
    amount: order.amount,
    zp_trans_id: order.zpTransId ?? 0,
  };
}
