// VNPAY payment gateway, API version 2.1.0 (sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html
// for pay, return URL and IPN; .../truy-van-hoan-tien/querydr&refund.html for querydr).
// Pure protocol code: the pay URL, checking the signed parameters VNPAY sends back, the IPN
// answers it expects, and the signed querydr request and response. Secrets and clocks are passed in.
import { hexDigestEquals, hmacHex, toPlainAscii, vietnamClock } from "./shared";

export const VNPAY_VERSION = "2.1.0";

export type VnpayLocale = "vn" | "en";

export type VnpayPayUrlOptions = {
  payUrl: string;
  tmnCode: string;
  hashSecret: string;
  amountVnd: number;
  /** Unique per attempt; VNPAY echoes it in the return URL and IPN. ASCII letters and digits only. */
  txnRef: string;
  orderInfo: string;
  orderType: string;
  locale: VnpayLocale;
  returnUrl: string;
  ipAddr: string;
  createDate: Date;
  expireDate: Date;
  bankCode?: string;
};

/** `yyyyMMddHHmmss` on Vietnam's clock (GMT+7), the only date format VNPAY accepts. */
export function formatVnpayDate(date: Date): string {
  const c = vietnamClock(date);
  return `${c.year}${c.month}${c.day}${c.hour}${c.minute}${c.second}`;
}

/**
 * Text VNPAY signs the same way whoever computes it. VNPAY's Node demo signs
 * `encodeURIComponent` values, its PHP demo `urlencode`, its Java demo `URLEncoder`; they differ
 * on `! ' ( ) ~ *` (and Java's US-ASCII variant loses accented letters), so we send none of those.
 */
export function sanitizeVnpayText(text: string): string {
  return toPlainAscii(text);
}

/**
 * The string VNPAY signs: keys sorted, each value `encodeURIComponent`-ed with `%20` as `+`,
 * joined as a query string. This is what VNPAY's Node.js demo builds with its `sortObject` and
 * `querystring.stringify(…, { encode: false })`.
 */
export function vnpaySignData(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${key}=${encodeURIComponent(params[key] ?? "").replace(/%20/g, "+")}`)
    .join("&");
}

export function vnpaySecureHash(params: Record<string, string>, hashSecret: string): string {
  return hmacHex("sha512", hashSecret, vnpaySignData(params));
}

/** The URL the buyer's browser is sent to, with every parameter VNPAY 2.1.0 requires, signed. */
export function buildVnpayPayUrl(opts: VnpayPayUrlOptions): string {
  if (!Number.isSafeInteger(opts.amountVnd) || opts.amountVnd <= 0) {
    throw new RangeError("VNPAY amount must be a positive whole number of VND");
  }
  // Checked, not rewritten: a silently changed reference would not match the one we stored.
  if (!/^[A-Za-z0-9]{1,100}$/.test(opts.txnRef)) {
    throw new RangeError("VNPAY txnRef must be 1–100 ASCII letters and digits");
  }
  const orderInfo = sanitizeVnpayText(opts.orderInfo).slice(0, 255).trim();
  if (!orderInfo) throw new RangeError("VNPAY orderInfo is empty once reduced to plain ASCII");
  if (opts.expireDate.getTime() <= opts.createDate.getTime()) {
    throw new RangeError("VNPAY expireDate must be after createDate");
  }

  const params: Record<string, string> = {
    vnp_Version: VNPAY_VERSION,
    vnp_Command: "pay",
    vnp_TmnCode: opts.tmnCode,
    // VNPAY counts in hundredths of a dong.
    vnp_Amount: String(opts.amountVnd * 100),
    vnp_CurrCode: "VND",
    vnp_TxnRef: opts.txnRef,
    vnp_OrderInfo: orderInfo,
    vnp_OrderType: opts.orderType,
    vnp_Locale: opts.locale,
    vnp_ReturnUrl: opts.returnUrl,
    vnp_IpAddr: opts.ipAddr,
    vnp_CreateDate: formatVnpayDate(opts.createDate),
    vnp_ExpireDate: formatVnpayDate(opts.expireDate),
  };
  if (opts.bankCode) params.vnp_BankCode = opts.bankCode;

  // The URL carries the very string that was signed, so VNPAY decodes back to the same values.
  const signData = vnpaySignData(params);
  const separator = opts.payUrl.includes("?") ? "&" : "?";
  return `${opts.payUrl}${separator}${signData}&vnp_SecureHash=${hmacHex("sha512", opts.hashSecret, signData)}`;
}

/**
 * Checks the signature of a return URL or IPN (decoded query parameters). Only `vnp_` fields are
 * signed, without `vnp_SecureHash` and `vnp_SecureHashType`.
 */
export function verifyVnpayParams(params: Record<string, string>, hashSecret: string): boolean {
  const received = params.vnp_SecureHash;
  if (typeof received !== "string" || received === "") return false;
  const signed: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!key.startsWith("vnp_") || key === "vnp_SecureHash" || key === "vnp_SecureHashType") continue;
    signed[key] = value;
  }
  if (hexDigestEquals(vnpaySecureHash(signed, hashSecret), received)) return true;
  // VNPAY's Java and .NET demos leave empty values out of the signed string where the Node demo
  // keeps them; both forms need the secret, so accepting either loosens nothing.
  const nonEmpty = Object.fromEntries(Object.entries(signed).filter(([, value]) => value !== ""));
  if (Object.keys(nonEmpty).length === Object.keys(signed).length) return false;
  return hexDigestEquals(vnpaySecureHash(nonEmpty, hashSecret), received);
}

export type VnpayIpnCode = "00" | "01" | "02" | "04" | "97" | "99";

// VNPAY's IPN documentation and demos word them exactly so ("Unknow" included).
const IPN_MESSAGES: Record<VnpayIpnCode, string> = {
  "00": "Confirm Success",
  "01": "Order not found",
  "02": "Order already confirmed",
  "04": "Invalid amount",
  "97": "Invalid signature",
  "99": "Unknow error",
};

/** The JSON body VNPAY expects in reply to an IPN; anything but 00/02 makes it retry. */
export function vnpayIpnAnswer(code: VnpayIpnCode): { RspCode: VnpayIpnCode; Message: string } {
  return { RspCode: code, Message: IPN_MESSAGES[code] };
}

export type VnpayQueryOptions = {
  tmnCode: string;
  hashSecret: string;
  txnRef: string;
  /** When the payment was created (its vnp_CreateDate). */
  transactionDate: Date;
  /** When this query is made. */
  createDate: Date;
  ipAddr: string;
  /** Unique per query request, within the day. */
  requestId: string;
  orderInfo: string;
};

export type VnpayQueryRequest = {
  vnp_RequestId: string;
  vnp_Version: string;
  vnp_Command: "querydr";
  vnp_TmnCode: string;
  vnp_TxnRef: string;
  vnp_OrderInfo: string;
  vnp_TransactionDate: string;
  vnp_CreateDate: string;
  vnp_IpAddr: string;
  vnp_SecureHash: string;
};

/** The JSON body of a querydr call (POST …/merchant_webapi/api/transaction). */
export function buildVnpayQueryRequest(opts: VnpayQueryOptions): VnpayQueryRequest {
  const body = {
    vnp_RequestId: opts.requestId,
    vnp_Version: VNPAY_VERSION,
    vnp_Command: "querydr" as const,
    vnp_TmnCode: opts.tmnCode,
    vnp_TxnRef: opts.txnRef,
    vnp_OrderInfo: opts.orderInfo,
    vnp_TransactionDate: formatVnpayDate(opts.transactionDate),
    vnp_CreateDate: formatVnpayDate(opts.createDate),
    vnp_IpAddr: opts.ipAddr,
  };
  // querydr is signed over fixed fields joined by "|", raw (not URL-encoded), unlike pay.
  const data = [
    body.vnp_RequestId,
    body.vnp_Version,
    body.vnp_Command,
    body.vnp_TmnCode,
    body.vnp_TxnRef,
    body.vnp_TransactionDate,
    body.vnp_CreateDate,
    body.vnp_IpAddr,
    body.vnp_OrderInfo,
  ].join("|");
  return { ...body, vnp_SecureHash: hmacHex("sha512", opts.hashSecret, data) };
}

/** The response fields VNPAY signs, in the order it documents for querydr. */
export const VNPAY_QUERY_RESPONSE_FIELDS = [
  "vnp_ResponseId",
  "vnp_Command",
  "vnp_ResponseCode",
  "vnp_Message",
  "vnp_TmnCode",
  "vnp_TxnRef",
  "vnp_Amount",
  "vnp_BankCode",
  "vnp_PayDate",
  "vnp_TransactionNo",
  "vnp_TransactionType",
  "vnp_TransactionStatus",
  "vnp_OrderInfo",
  "vnp_PromotionCode",
  "vnp_PromotionAmount",
] as const;

/** The signature of a querydr answer: its fields in VNPAY's order joined by "|", a missing one empty. */
export function vnpayQueryResponseHash(
  body: Partial<Record<(typeof VNPAY_QUERY_RESPONSE_FIELDS)[number], string | number>>,
  hashSecret: string,
): string {
  const data = VNPAY_QUERY_RESPONSE_FIELDS.map((field) => String(body[field] ?? "")).join("|");
  return hmacHex("sha512", hashSecret, data);
}

/** Checks the signature of a querydr answer; a field VNPAY left out counts as empty. */
export function verifyVnpayQueryResponse(body: Record<string, unknown>, hashSecret: string): boolean {
  const received = body.vnp_SecureHash;
  if (typeof received !== "string" || received === "") return false;
  const fields: Record<string, string | number> = {};
  for (const field of VNPAY_QUERY_RESPONSE_FIELDS) {
    const value = body[field];
    if (typeof value === "string" || typeof value === "number") fields[field] = value;
    else if (value !== undefined && value !== null) return false;
  }
  return hexDigestEquals(vnpayQueryResponseHash(fields, hashSecret), received);
}
