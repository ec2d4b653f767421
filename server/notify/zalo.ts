import "server-only";
import type { Env } from "@/lib/env";
import type { Db } from "@/server/db/client";
import { DeliveryError, type Receipt } from "./delivery-error";
import type { OutgoingMessage } from "./message";
import { internationalDigits } from "./phone";
import { zaloAccessToken } from "./zalo-token";

// Zalo Notification Service through the Official Account API: POST {zns}/message/template with the
// OA's access token (./zalo-token.ts). `error` 0 is success; everything else is Zalo's code.

/** Zalo's "Access token invalid": refreshed once and tried again. */
export const ZNS_TOKEN_INVALID = -124;

/**
 * ZNS errors a retry cannot change (Zalo's "handle error code" table): given up, and a code goes by
 * SMS instead when SMS is configured. The number's side: -108 invalid phone, -110 Zalo too old,
 * -114 the person is inactive or refuses ZNS, -118 no Zalo account, -119 the account cannot
 * receive ZNS, -139 / -141 the person refused this kind of ZNS or this OA. The operator's side: -101
 * … -106 the app (invalid, missing, not activated, wrong secret, not linked to an OA, unsupported
 * method), -109 template id, -111 / -112 / -113 / -116 template data, button or text refused,
 * -117 no permission for the template, -120 no permission for the feature, -121 / -122 the body,
 * -125 the OA id, -135 the OA is not approved for ZNS, -138 the app has no ZNS permission.
 * Anything else is retried: -100 unknown error, -115 the ZNS balance is spent (the operator tops
 * up), daily quotas, an HTTP error or an unreadable answer.
 */
export const ZNS_GIVE_UP: ReadonlySet<number> = new Set([
  -101, -102, -103, -104, -105, -106, -107, -108, -109, -110, -111, -112, -113, -114, -116, -117, -118, -119,
  -120, -121, -122, -125, -135, -138, -139, -141,
]);

type Config = Pick<
  Env,
  | "ZALO_APP_ID"
  | "ZALO_APP_SECRET"
  | "ZALO_OA_REFRESH_TOKEN"
  | "ZALO_OAUTH_URL"
  | "ZALO_ZNS_URL"
  | "DATA_ENCRYPTION_KEY"
  | "ZNS_TEMPLATE_OTP"
  | "ZNS_DEVELOPMENT"
>;

/**
 * The ZNS template of a message kind and the parameters it is registered with (README "SMS and
 * Zalo ZNS"). Only one-time codes go by ZNS today; a new kind adds its ZNS_TEMPLATE_* here.
 */
export function znsTemplate(
  config: Config,
  message: OutgoingMessage,
): { id: string; data: Record<string, string> } | undefined {
  if (message.template === "otp" && config.ZNS_TEMPLATE_OTP)
    return { id: config.ZNS_TEMPLATE_OTP, data: { otp: String(message.params.code) } };
  return undefined;
}

type ZnsAnswer = { error?: number; message?: string; data?: { msg_id?: string } };

async function post(config: Config, token: string, body: Record<string, unknown>): Promise<ZnsAnswer> {
  let response: Response;
  try {
    response = await fetch(`${config.ZALO_ZNS_URL.replace(/\/+$/, "")}/message/template`, {
      method: "POST",
      headers: { "content-type": "application/json", access_token: token },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new DeliveryError({
      vendor: "zalo",
      vendorCode: "unreachable",
      permanent: false,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  if (!response.ok)
    throw new DeliveryError({ vendor: "zalo", vendorCode: `http_${response.status}`, permanent: false });
  try {
    return (await response.json()) as ZnsAnswer;
  } catch {
    throw new DeliveryError({ vendor: "zalo", vendorCode: "bad_answer", permanent: false });
  }
}

/** Sends one ZNS; `trackingId` is its outbox row id. Throws a DeliveryError unless Zalo answers error 0. */
export async function sendZns(
  db: Db,
  config: Config,
  message: OutgoingMessage,
  trackingId: string,
): Promise<Receipt> {
  const template = znsTemplate(config, message);
  if (!template) {
    throw new DeliveryError({
      vendor: "zalo",
      vendorCode: "no_template",
      permanent: true,
      detail: message.template,
    });
  }
  const body = {
    phone: internationalDigits(message.to),
    template_id: template.id,
    template_data: template.data,
    tracking_id: trackingId,
    ...(config.ZNS_DEVELOPMENT ? { mode: "development" } : {}),
  };
  let token = await zaloAccessToken(db, config);
  let answer = await post(config, token, body);
  if (answer.error === ZNS_TOKEN_INVALID) {
    token = await zaloAccessToken(db, config, { rejected: token });
    answer = await post(config, token, body);
  }
  if (answer.error === 0) return { vendor: "zalo", vendorMessageId: answer.data?.msg_id };
  const code = typeof answer.error === "number" ? answer.error : Number.NaN;
  throw new DeliveryError({
    vendor: "zalo",
    vendorCode: Number.isNaN(code) ? "bad_answer" : String(code),
    permanent: ZNS_GIVE_UP.has(code),
    detail: answer.message,
  });
}
