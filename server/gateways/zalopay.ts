// ZaloPay payment gateway, API v2 (docs.zalopay.vn/docs/specs/order-create, …/callback-api,
// …/order-query). Pure protocol code: the create-order form with its key1 mac, the key2 check of
// the callback over the raw `data` string and of the browser redirect, the query form, and the
// replies ZaloPay expects.
import { z } from "zod";
import { hexDigestEquals, hmacHex, vietnamClock } from "./shared";

/**
 * `yymmdd_<ref>`: ZaloPay requires the date prefix on Vietnam's clock (GMT+7), because it
 * reconciles by Vietnamese day, and at most 40 characters in all.
 */
export function zalopayAppTransId(ref: string, now: Date): string {
  if (!/^[A-Za-z0-9_-]+$/.test(ref))
    throw new RangeError("ZaloPay ref must be ASCII letters, digits, _ or -");
  const c = vietnamClock(now);
  const id = `${c.year.slice(2)}${c.month}${c.day}_${ref}`;
  if (id.length > 40) throw new RangeError("ZaloPay app_trans_id is longer than 40 characters");
  return id;
}

export type ZalopayCreateOrderOptions = {
  appId: number | string;
  key1: string;
  appUser: string;
  amountVnd: number;
  appTransId: string;
  /** Milliseconds since the epoch; ZaloPay refuses an order whose app_time is 15 minutes off. */
  appTime: number;
  item: unknown[];
  embedData: object;
  description: string;
  callbackUrl?: string;
  bankCode?: string;
};

/** The form fields of POST /v2/create, every value a string so it can go straight into a form body. */
export type ZalopayCreateOrderBody = {
  app_id: string;
  app_user: string;
  app_trans_id: string;
  app_time: string;
  amount: string;
  item: string;
  embed_data: string;
  description: string;
  callback_url?: string;
  bank_code?: string;
  mac: string;
};

export function buildZalopayCreateOrder(opts: ZalopayCreateOrderOptions): ZalopayCreateOrderBody {
  if (!Number.isSafeInteger(opts.amountVnd) || opts.amountVnd <= 0) {
    throw new RangeError("ZaloPay amount must be a positive whole number of VND");
  }
  if (!Number.isSafeInteger(opts.appTime) || opts.appTime <= 0)
    throw new RangeError("ZaloPay app_time is invalid");
  const item = JSON.stringify(opts.item);
  const embedData = JSON.stringify(opts.embedData);
  // ZaloPay's documented size limits; it answers a bare "invalid parameter" past them.
  if (!opts.appUser || opts.appUser.length > 50)
    throw new RangeError("ZaloPay app_user must be 1–50 characters");
  if (item.length > 2048) throw new RangeError("ZaloPay item is longer than 2048 characters");
  if (embedData.length > 1024) throw new RangeError("ZaloPay embed_data is longer than 1024 characters");
  if (!opts.description || opts.description.length > 256) {
    throw new RangeError("ZaloPay description must be 1–256 characters");
  }

  const body: Omit<ZalopayCreateOrderBody, "mac"> = {
    app_id: String(opts.appId),
    app_user: opts.appUser,
    app_trans_id: opts.appTransId,
    app_time: String(opts.appTime),
    amount: String(opts.amountVnd),
    item,
    embed_data: embedData,
    description: opts.description,
  };
  if (opts.callbackUrl) body.callback_url = opts.callbackUrl;
  if (opts.bankCode) body.bank_code = opts.bankCode;
  // The mac covers exactly the strings sent, so item and embed_data are serialised once, above.
  return { ...body, mac: zalopayCreateOrderMac(body, opts.key1) };
}

/** HMAC-SHA256(key1) over a create-order form's fields in ZaloPay's documented order. */
export function zalopayCreateOrderMac(
  form: Partial<
    Record<"app_id" | "app_trans_id" | "app_user" | "amount" | "app_time" | "embed_data" | "item", string>
  >,
  key1: string,
): string {
  const data = [
    form.app_id,
    form.app_trans_id,
    form.app_user,
    form.amount,
    form.app_time,
    form.embed_data,
    form.item,
  ].join("|");
  return hmacHex("sha256", key1, data);
}

/** The fields of a paid-order callback's `data` we rely on; ZaloPay may add more. */
const callbackDataSchema = z.looseObject({
  app_id: z.union([z.number(), z.string()]),
  app_trans_id: z.string(),
  app_time: z.number().optional(),
  app_user: z.string().optional(),
  amount: z.number(),
  embed_data: z.string().optional(),
  item: z.string().optional(),
  zp_trans_id: z.number(),
  server_time: z.number().optional(),
  channel: z.number().optional(),
  merchant_user_id: z.string().optional(),
  user_fee_amount: z.number().optional(),
  discount_amount: z.number().optional(),
});

export type ZalopayCallbackData = z.infer<typeof callbackDataSchema>;

export type ZalopayCallbackBody = { data: string; mac: string; type?: number };

/**
 * Checks a callback: the mac is HMAC-SHA256(key2) over the `data` string exactly as received.
 * Parsing and re-serialising first could reorder keys or reformat numbers and break the mac.
 */
export function verifyZalopayCallback(
  rawBody: ZalopayCallbackBody,
  key2: string,
): { ok: true; data: ZalopayCallbackData } | { ok: false } {
  if (typeof rawBody?.data !== "string" || typeof rawBody.mac !== "string") return { ok: false };
  if (!hexDigestEquals(zalopayCallbackMac(rawBody.data, key2), rawBody.mac)) return { ok: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.data);
  } catch {
    return { ok: false };
  }
  const result = callbackDataSchema.safeParse(parsed);
  return result.success ? { ok: true, data: result.data } : { ok: false };
}

/** HMAC-SHA256(key2) over a callback's `data` string: what ZaloPay puts in the callback's `mac`. */
export function zalopayCallbackMac(data: string, key2: string): string {
  return hmacHex("sha256", key2, data);
}

/** The query fields ZaloPay adds when it sends the buyer back to embed_data.redirecturl, in signing order. */
export const ZALOPAY_REDIRECT_FIELDS = [
  "appid",
  "apptransid",
  "pmcid",
  "bankcode",
  "amount",
  "discountamount",
  "status",
] as const;

/**
 * The redirect's `checksum`: HMAC-SHA256(key2) over appid|apptransid|pmcid|bankcode|amount|
 * discountamount|status (docs.zalopay.vn/docs/webtoapp/api.html, "Redirect"); absent fields are empty.
 */
export function zalopayRedirectChecksum(params: Record<string, string>, key2: string): string {
  return hmacHex("sha256", key2, ZALOPAY_REDIRECT_FIELDS.map((field) => params[field] ?? "").join("|"));
}

/**
 * Checks the redirect's checksum. The redirect only tells the browser where to go: the callback
 * (or a query) is what moves a payment, so a valid redirect is a hint to refresh, never proof.
 */
export function verifyZalopayRedirect(params: Record<string, string>, key2: string): boolean {
  const received = params.checksum;
  if (typeof received !== "string" || received === "") return false;
  return hexDigestEquals(zalopayRedirectChecksum(params, key2), received);
}

/** The form fields of POST /v2/query; its mac input ends with key1 itself, as ZaloPay documents. */
export function buildZalopayQuery(opts: { appId: number | string; key1: string; appTransId: string }) {
  const appId = String(opts.appId);
  return {
    app_id: appId,
    app_trans_id: opts.appTransId,
    mac: zalopayQueryMac(appId, opts.appTransId, opts.key1),
  };
}

/** HMAC-SHA256(key1) over `app_id|app_trans_id|key1`: a query's mac. */
export const zalopayQueryMac = (appId: string, appTransId: string, key1: string): string =>
  hmacHex("sha256", key1, `${appId}|${appTransId}|${key1}`);

export type ZalopayCallbackKind = "ok" | "duplicate" | "bad_mac" | "invalid" | "error";

/**
 * The JSON reply to a callback. ZaloPay: 1 = applied, 2 = this zp_trans_id was already applied,
 * -1 = refused (its sample's "mac not equal", or a body that is not a callback), 0 = our
 * failure, which makes ZaloPay call again.
 */
export function zalopayCallbackAnswer(kind: ZalopayCallbackKind): {
  return_code: 1 | 2 | -1 | 0;
  return_message: string;
} {
  switch (kind) {
    case "ok":
      return { return_code: 1, return_message: "success" };
    case "duplicate":
      return { return_code: 2, return_message: "already applied" };
    case "bad_mac":
      return { return_code: -1, return_message: "mac not equal" };
    case "invalid":
      return { return_code: -1, return_message: "invalid callback" };
    case "error":
      return { return_code: 0, return_message: "error" };
  }
}
