// The gateway side of VNPAY (API 2.1.0) and ZaloPay (API v2) for integration and E2E tests: what
// the gateways sign and check, so a test can play VNPAY or ZaloPay against the portal.
// Written apart from server/gateways on purpose (and never importing it), so a mistake in the
// portal's signing cannot be mirrored here and pass unnoticed. Docs followed:
// sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html and …/truy-van-hoan-tien/querydr&refund.html;
// docs.zalopay.vn/docs/specs/order-create, …/callback-api, …/order-query.
import { createHmac, timingSafeEqual } from "node:crypto";

function hmac(algorithm: "sha256" | "sha512", key: string, data: string): string {
  return createHmac(algorithm, key).update(Buffer.from(data, "utf8")).digest("hex");
}

function sameDigest(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), "utf8");
  const b = Buffer.from(received.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `yyyyMMddHHmmss` on the Asia/Ho_Chi_Minh clock, through the platform's time-zone database. */
export function vnpayDate(instant: Date): string {
  // Swedish writes an instant as `yyyy-MM-dd HH:mm:ss`: its digits are the wire format.
  return instant.toLocaleString("sv-SE", { timeZone: "Asia/Ho_Chi_Minh" }).replace(/\D/g, "");
}

// ---------------------------------------------------------------------------------------------
// VNPAY

/**
 * The string VNPAY signs: the vnp_ fields but the hash ones, sorted by name, form-encoded. This
 * uses WHATWG form encoding (URLSearchParams, space as "+"), which agrees with VNPAY's Node demo
 * for letters, digits, spaces, Vietnamese and URL punctuation, but not for ! ' ( ) ~ — values the
 * portal never sends (it reduces free text to plain ASCII).
 */
function vnpaySignedString(params: Record<string, string>): string {
  const form = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    if (!key.startsWith("vnp_") || key === "vnp_SecureHash" || key === "vnp_SecureHashType") continue;
    form.append(key, params[key] ?? "");
  }
  return form.toString();
}

/**
 * The query string VNPAY puts on the return URL (and sends to the IPN URL): the parameters as
 * given plus vnp_SecureHash = HMAC-SHA512(hashSecret). Append it to the URL after "?".
 */
export function vnpaySignedReturn(params: Record<string, string>, hashSecret: string): string {
  const signed = vnpaySignedString(params);
  return `${signed}&vnp_SecureHash=${hmac("sha512", hashSecret, signed)}`;
}

const VNPAY_PAY_REQUIRED = [
  "vnp_Version",
  "vnp_Command",
  "vnp_TmnCode",
  "vnp_Amount",
  "vnp_CurrCode",
  "vnp_TxnRef",
  "vnp_OrderInfo",
  "vnp_OrderType",
  "vnp_Locale",
  "vnp_ReturnUrl",
  "vnp_IpAddr",
  "vnp_CreateDate",
  "vnp_ExpireDate",
] as const;

export type ParsedPayUrl = {
  /** Signature valid and every required field present. */
  ok: boolean;
  isSignatureValid: boolean;
  missing: string[];
  /** Decoded query parameters, vnp_SecureHash included. */
  params: Record<string, string>;
};

/** Reads a pay URL as VNPAY does: decode the query, re-sign it, compare, and check the fields. */
export function vnpayParsePayUrl(url: string, hashSecret: string): ParsedPayUrl {
  const params: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) params[key] = value;
  const received = params.vnp_SecureHash ?? "";
  const isSignatureValid =
    received !== "" && sameDigest(hmac("sha512", hashSecret, vnpaySignedString(params)), received);
  const missing: string[] = VNPAY_PAY_REQUIRED.filter((key) => !params[key]);
  if (params.vnp_Version !== undefined && params.vnp_Version !== "2.1.0") missing.push("vnp_Version=2.1.0");
  if (params.vnp_Command !== undefined && params.vnp_Command !== "pay") missing.push("vnp_Command=pay");
  return { ok: isSignatureValid && missing.length === 0, isSignatureValid, missing, params };
}

export type VnpayOutcome = "paid" | "cancelled" | "failed";

/**
 * The fields VNPAY sends back for a pay request (return URL and IPN), before signing: 00/00 when
 * paid, 24/02 when the buyer cancelled, 51/02 for insufficient funds.
 */
export function vnpayResultParams(
  pay: Record<string, string>,
  opts: { outcome: VnpayOutcome; transactionNo?: string; payDate?: Date; bankCode?: string },
): Record<string, string> {
  const codes = { paid: ["00", "00"], cancelled: ["24", "02"], failed: ["51", "02"] } as const;
  const [responseCode, transactionStatus] = codes[opts.outcome];
  const transactionNo = opts.outcome === "cancelled" ? "0" : (opts.transactionNo ?? "14422574");
  const params: Record<string, string> = {
    vnp_Amount: pay.vnp_Amount ?? "",
    vnp_BankCode: opts.bankCode ?? "NCB",
    vnp_CardType: "ATM",
    vnp_OrderInfo: pay.vnp_OrderInfo ?? "",
    vnp_PayDate: vnpayDate(opts.payDate ?? new Date()),
    vnp_ResponseCode: responseCode,
    vnp_TmnCode: pay.vnp_TmnCode ?? "",
    vnp_TransactionNo: transactionNo,
    vnp_TransactionStatus: transactionStatus,
    vnp_TxnRef: pay.vnp_TxnRef ?? "",
  };
  if (opts.outcome === "paid") params.vnp_BankTranNo = `VNP${transactionNo}`;
  return params;
}

/** Checks a querydr request body as VNPAY does, over its pipe-joined fields. */
export function vnpayCheckQueryRequest(body: Record<string, unknown>, hashSecret: string): boolean {
  const field = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
  const data = [
    "vnp_RequestId",
    "vnp_Version",
    "vnp_Command",
    "vnp_TmnCode",
    "vnp_TxnRef",
    "vnp_TransactionDate",
    "vnp_CreateDate",
    "vnp_IpAddr",
    "vnp_OrderInfo",
  ]
    .map(field)
    .join("|");
  const received = field("vnp_SecureHash");
  return (
    received !== "" &&
    body.vnp_Command === "querydr" &&
    sameDigest(hmac("sha512", hashSecret, data), received)
  );
}

export type VnpayQueryAnswerOptions = {
  hashSecret: string;
  tmnCode: string;
  txnRef: string;
  amountVnd: number;
  /** 00 paid, 01 not finished yet, 02 failed. */
  transactionStatus: "00" | "01" | "02";
  /** 00 found; 91 no such transaction; 97 bad signature; 99 other error. */
  responseCode?: "00" | "91" | "94" | "97" | "99";
  transactionNo?: string;
  bankCode?: string;
  payDate?: Date;
  orderInfo?: string;
  responseId?: string;
};

/** A querydr answer signed as VNPAY signs it, over its documented field order. */
export function vnpayQueryAnswer(opts: VnpayQueryAnswerOptions): Record<string, string> {
  const found = (opts.responseCode ?? "00") === "00";
  const answer: Record<string, string> = {
    vnp_ResponseId: opts.responseId ?? `res${opts.txnRef}`,
    vnp_Command: "querydr",
    vnp_ResponseCode: opts.responseCode ?? "00",
    vnp_Message: found ? "QueryDR Success" : "QueryDR Error",
    vnp_TmnCode: opts.tmnCode,
    vnp_TxnRef: opts.txnRef,
    vnp_Amount: found ? String(opts.amountVnd * 100) : "",
    vnp_BankCode: found ? (opts.bankCode ?? "NCB") : "",
    vnp_PayDate: found && opts.transactionStatus === "00" ? vnpayDate(opts.payDate ?? new Date()) : "",
    vnp_TransactionNo: found ? (opts.transactionNo ?? "14422574") : "",
    vnp_TransactionType: found ? "01" : "",
    vnp_TransactionStatus: found ? opts.transactionStatus : "",
    vnp_OrderInfo: opts.orderInfo ?? "",
    vnp_PromotionCode: "",
    vnp_PromotionAmount: "",
  };
  const data = [
    answer.vnp_ResponseId,
    answer.vnp_Command,
    answer.vnp_ResponseCode,
    answer.vnp_Message,
    answer.vnp_TmnCode,
    answer.vnp_TxnRef,
    answer.vnp_Amount,
    answer.vnp_BankCode,
    answer.vnp_PayDate,
    answer.vnp_TransactionNo,
    answer.vnp_TransactionType,
    answer.vnp_TransactionStatus,
    answer.vnp_OrderInfo,
    answer.vnp_PromotionCode,
    answer.vnp_PromotionAmount,
  ].join("|");
  return { ...answer, vnp_SecureHash: hmac("sha512", opts.hashSecret, data) };
}

// ---------------------------------------------------------------------------------------------
// ZaloPay

/** Checks a /v2/create form as ZaloPay does: key1 over app_id|app_trans_id|app_user|amount|app_time|embed_data|item. */
export function zalopayCheckCreateOrder(form: Record<string, string>, key1: string): boolean {
  const names = ["app_id", "app_trans_id", "app_user", "amount", "app_time", "embed_data", "item"];
  const data = names.map((name) => form[name] ?? "").join("|");
  return typeof form.mac === "string" && sameDigest(hmac("sha256", key1, data), form.mac);
}

/** Checks a /v2/query form: key1 over app_id|app_trans_id|key1. */
export function zalopayCheckQuery(form: Record<string, string>, key1: string): boolean {
  const data = `${form.app_id ?? ""}|${form.app_trans_id ?? ""}|${key1}`;
  return typeof form.mac === "string" && sameDigest(hmac("sha256", key1, data), form.mac);
}

/** The `data` object of a paid-order callback for an order the portal created (its create form). */
export function zalopayPaidData(
  createForm: Record<string, string>,
  opts: { zpTransId?: number; serverTime?: number; amountVnd?: number } = {},
): Record<string, unknown> {
  return {
    app_id: Number(createForm.app_id),
    app_trans_id: createForm.app_trans_id,
    app_time: Number(createForm.app_time),
    app_user: createForm.app_user,
    amount: opts.amountVnd ?? Number(createForm.amount),
    embed_data: createForm.embed_data,
    item: createForm.item,
    zp_trans_id: opts.zpTransId ?? 240_101_000_000_389,
    server_time: opts.serverTime ?? Date.now(),
    channel: 38,
    merchant_user_id: "peer-merchant-user",
    user_fee_amount: 0,
    discount_amount: 0,
  };
}

/** The body ZaloPay POSTs to callback_url: `data` as a JSON string and its key2 mac over that string. */
export function zalopaySignedCallback(data: object, key2: string): { data: string; mac: string; type: 1 } {
  const text = JSON.stringify(data);
  return { data: text, mac: hmac("sha256", key2, text), type: 1 };
}

/**
 * The query ZaloPay adds to embed_data.redirecturl when it sends the buyer back, with its key2
 * checksum over appid|apptransid|pmcid|bankcode|amount|discountamount|status. Status 1 is paid.
 */
export function zalopaySignedRedirect(
  createForm: Record<string, string>,
  opts: { paid: boolean; key2: string },
): Record<string, string> {
  const params = {
    appid: createForm.app_id ?? "",
    apptransid: createForm.app_trans_id ?? "",
    pmcid: "38",
    bankcode: "",
    amount: createForm.amount ?? "",
    discountamount: "0",
    status: opts.paid ? "1" : "-49",
  };
  const data = [
    params.appid,
    params.apptransid,
    params.pmcid,
    params.bankcode,
    params.amount,
    params.discountamount,
    params.status,
  ].join("|");
  return { ...params, checksum: hmac("sha256", opts.key2, data) };
}

export type ZalopayQueryStatus = "paid" | "failed" | "pending";

/** ZaloPay's /v2/query answer (unsigned): return_code 1 paid, 2 failed, 3 not paid yet or processing. */
export function zalopayQueryAnswer(opts: {
  status: ZalopayQueryStatus;
  amountVnd: number;
  zpTransId?: number;
  serverTime?: number;
}) {
  const code = { paid: 1, failed: 2, pending: 3 }[opts.status];
  return {
    return_code: code,
    return_message: {
      paid: "Giao dịch thành công",
      failed: "Giao dịch thất bại",
      pending: "Giao dịch đang xử lý",
    }[opts.status],
    // ZaloPay details failures in sub_return_code; the portal reads return_code only.
    sub_return_code: code,
    sub_return_message: "",
    is_processing: opts.status === "pending",
    amount: opts.amountVnd,
    discount_amount: 0,
    zp_trans_id: opts.status === "pending" ? 0 : (opts.zpTransId ?? 240_101_000_000_389),
    server_time: opts.serverTime ?? Date.now(),
  };
}
