// A local eSMS for integration tests: a node:http server on a random port that speaks eSMS's
// customer-care send (POST /MainService.svc/json/SendMultipleMessage_V4_post_json/) as
// developers.esms.vn documents it. It checks every field the portal must send (keys, brandname,
// SmsType 2, IsUnicode and Sandbox as "0"/"1", a Vietnamese number, a RequestId, GSM-only content
// when IsUnicode is 0) and answers eSMS's JSON: CodeResult "100" with an SMSID, "124" for a
// RequestId it already took, "101" for wrong keys, "104" for an unknown brandname, or what the
// test scripts ("99" …). It also builds the delivery report eSMS would call back with.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export const ESMS_PATH = "/MainService.svc/json/SendMultipleMessage_V4_post_json/";

export type EsmsRequest = {
  ApiKey: string;
  SecretKey: string;
  Phone: string;
  Content: string;
  Brandname: string;
  SmsType: string;
  IsUnicode: string;
  Sandbox: string;
  RequestId: string;
  CallbackUrl?: string;
};

export type EsmsAnswer = { status?: number; CodeResult?: string; ErrorMessage?: string; SMSID?: string };

export type EsmsPeer = {
  origin: string;
  /** The portal's settings pointing at this peer. */
  env: {
    SMS_PROVIDER: "esms";
    ESMS_BASE_URL: string;
    ESMS_API_KEY: string;
    ESMS_SECRET_KEY: string;
    ESMS_BRANDNAME: string;
  };
  /** Every request, in order. */
  requests: EsmsRequest[];
  /** Requests whose fields the peer refused (answered 99 "Invalid request"), with why. */
  rejected: { request: unknown; why: string }[];
  /** RequestId → SMSID of every message taken. */
  accepted: Map<string, string>;
  /**
   * What to answer a well-formed request with the right keys (0-based index over all requests):
   * undefined = accept; a CodeResult; a number = that HTTP status with no JSON; "lost" = take the
   * message but answer 502 (the answer lost on the way: a retry then meets "124").
   */
  script: (request: EsmsRequest, index: number) => string | number | undefined;
  /** The report eSMS would GET for a taken message: its CallbackUrl plus "?SMSID=…" (eSMS appends so). */
  reportUrl: (requestId: string, outcome: "delivered" | "failed" | "pending") => string;
  close: () => Promise<void>;
};

/** GSM 03.38's basic alphabet and extension table (what IsUnicode 0 can carry). */
const GSM = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

/** Why a request is not one eSMS's customer-care send takes, or undefined (tests/peers/peers.ts uses it too). */
export function invalidEsmsRequest(body: Record<string, unknown>): string | undefined {
  for (const name of [
    "ApiKey",
    "SecretKey",
    "Phone",
    "Content",
    "Brandname",
    "SmsType",
    "IsUnicode",
    "Sandbox",
    "RequestId",
  ]) {
    if (typeof body[name] !== "string" || body[name] === "") return `${name} missing or not a string`;
  }
  if (body.SmsType !== "2") return `SmsType ${String(body.SmsType)} is not 2 (customer care)`;
  if (!["0", "1"].includes(body.IsUnicode as string)) return "IsUnicode is not 0 or 1";
  if (!["0", "1"].includes(body.Sandbox as string)) return "Sandbox is not 0 or 1";
  if (!/^0[35789]\d{8}$/.test(body.Phone as string)) return `Phone ${String(body.Phone)} is not 0xxxxxxxxx`;
  if ((body.RequestId as string).length > 50) return "RequestId longer than 50";
  if (body.IsUnicode === "0" && !GSM.test(body.Content as string))
    return "IsUnicode 0 with characters outside GSM";
  if (body.CallbackUrl !== undefined && !/^https?:\/\//.test(String(body.CallbackUrl)))
    return "CallbackUrl is no URL";
  return undefined;
}

export async function startEsmsPeer(
  keys = { apiKey: "esms-api-key", secretKey: "esms-secret-key", brandname: "NOVA" },
): Promise<EsmsPeer> {
  const peer = {
    requests: [] as EsmsRequest[],
    rejected: [] as EsmsPeer["rejected"],
    accepted: new Map<string, string>(),
    script: () => undefined,
  } as unknown as EsmsPeer;
  let sequence = 0;
  const server = createServer(async (req, res) => {
    res.setHeader("content-type", "application/json");
    const send = (answer: EsmsAnswer) => {
      res.statusCode = answer.status ?? 200;
      const { status: _status, ...body } = answer;
      res.end(JSON.stringify({ CountRegenerate: 0, ...body }));
    };
    if (req.method !== "POST" || req.url !== ESMS_PATH) {
      res.statusCode = 404;
      res.end("{}");
      return;
    }
    const body = await readJson(req);
    if (!body || typeof body !== "object") {
      peer.rejected.push({ request: body, why: "not JSON" });
      send({ status: 400, CodeResult: "99", ErrorMessage: "Invalid request" });
      return;
    }
    const why = invalidEsmsRequest(body as Record<string, unknown>);
    if (why) {
      peer.rejected.push({ request: body, why });
      send({ CodeResult: "99", ErrorMessage: "Invalid request" });
      return;
    }
    const request = body as EsmsRequest;
    const index = peer.requests.push(request) - 1;
    if (request.ApiKey !== keys.apiKey || request.SecretKey !== keys.secretKey) {
      send({ CodeResult: "101", ErrorMessage: "Authorize Failed" });
      return;
    }
    if (request.Brandname !== keys.brandname) {
      send({ CodeResult: "104", ErrorMessage: "Brand name code is not exist" });
      return;
    }
    if (peer.accepted.has(request.RequestId)) {
      send({ CodeResult: "124", ErrorMessage: "Duplicate RequestId" });
      return;
    }
    const scripted = peer.script(request, index);
    if (typeof scripted === "number") {
      res.statusCode = scripted;
      res.end("<html>error</html>");
      return;
    }
    if (scripted === "lost") {
      sequence += 1;
      peer.accepted.set(request.RequestId, `sms-${sequence}-${request.RequestId}`);
      res.statusCode = 502;
      res.end("<html>bad gateway</html>");
      return;
    }
    if (scripted !== undefined && scripted !== "100") {
      send({ CodeResult: scripted, ErrorMessage: `scripted ${scripted}` });
      return;
    }
    sequence += 1;
    const smsId = `sms-${sequence}-${request.RequestId}`;
    peer.accepted.set(request.RequestId, smsId);
    send({ CodeResult: "100", SMSID: smsId });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  peer.origin = `http://127.0.0.1:${port}`;
  peer.env = {
    SMS_PROVIDER: "esms",
    ESMS_BASE_URL: peer.origin,
    ESMS_API_KEY: keys.apiKey,
    ESMS_SECRET_KEY: keys.secretKey,
    ESMS_BRANDNAME: keys.brandname,
  };
  peer.reportUrl = (requestId, outcome) => {
    const request = peer.requests.find((r) => r.RequestId === requestId && r.CallbackUrl);
    const smsId = peer.accepted.get(requestId);
    if (!request?.CallbackUrl || !smsId) throw new Error(`no taken message ${requestId} with a CallbackUrl`);
    const query = new URLSearchParams({
      SMSID: smsId,
      SendFailed: outcome === "failed" ? "1" : "0",
      SendStatus: outcome === "pending" ? "1" : "5",
      SendSuccess: outcome === "delivered" ? "1" : "0",
      TotalPrice: "0",
      TotalReceiver: "1",
      TotalSent: "1",
      RequestId: requestId,
      TypeId: "2",
      telcoid: "1",
      phonenumber: request.Phone,
    });
    return `${request.CallbackUrl}?${query}`;
  };
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}
