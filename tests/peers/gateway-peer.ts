// A local VNPAY + ZaloPay server for integration tests: a node:http server on a random port that
// plays the gateways' server-to-server side (ZaloPay /v2/create and /v2/query, VNPAY querydr). It
// checks every request's mac/signature with tests/peers/gateway-signing.ts (never server/gateways)
// and answers signed as the gateway would; a test decides what each transaction's status is.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  vnpayCheckQueryRequest,
  vnpayQueryAnswer,
  type ZalopayQueryStatus,
  zalopayCheckCreateOrder,
  zalopayCheckQuery,
  zalopayQueryAnswer,
} from "./gateway-signing";

export type PeerKeys = {
  vnpay: { tmnCode: string; hashSecret: string };
  zalopay: { appId: string; key1: string; key2: string };
};

/** What VNPAY's querydr knows about one vnp_TxnRef. */
export type VnpayTxn = {
  /** 00 paid, 01 not finished, 02 failed; "missing" answers 91 (no such transaction). */
  status: "00" | "01" | "02" | "missing";
  amountVnd: number;
  transactionNo?: string;
  /** The pay URL's vnp_CreateDate: a querydr whose vnp_TransactionDate differs is answered 91. */
  createDate?: string;
};

export type ZalopayCreateMode = "ok" | "refuse" | "broken";

export type GatewayPeer = {
  url: string;
  /** The portal's settings pointing at this peer. */
  env: { VNPAY_QUERY_URL: string; ZALOPAY_CREATE_URL: string; ZALOPAY_QUERY_URL: string };
  /** Every /v2/create form received with a valid mac, by app_trans_id. */
  zalopayCreates: Map<string, Record<string, string>>;
  zalopayQueries: Record<string, string>[];
  vnpayQueries: Record<string, unknown>[];
  /** Requests whose mac/signature (or app_time, or transaction date) the peer refused. */
  rejected: { path: string; why: string }[];
  /** How /v2/create answers: ok (return_code 1), refuse (return_code 2), broken (HTTP 500, no JSON). */
  zalopayCreateMode: ZalopayCreateMode;
  /** ZaloPay's status of an app_trans_id; unknown ones are "pending" (return_code 3). */
  zalopayStatus: Map<string, ZalopayQueryStatus>;
  vnpayTxns: Map<string, VnpayTxn>;
  /** The gateway's own clock (ZaloPay refuses an app_time more than 15 minutes off it). */
  now: () => number;
  /** Milliseconds each answer waits, to widen race windows. */
  delayMs: number;
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const formOf = (text: string) => Object.fromEntries(new URLSearchParams(text));

/** Starts the peer in `into` when given (an object a test file holds before it starts). */
export async function startGatewayPeer(keys: PeerKeys, into: object = {}): Promise<GatewayPeer> {
  const peer = Object.assign(into, {
    zalopayCreates: new Map(),
    zalopayQueries: [],
    vnpayQueries: [],
    rejected: [],
    zalopayCreateMode: "ok",
    zalopayStatus: new Map(),
    vnpayTxns: new Map(),
    now: () => Date.now(),
    delayMs: 0,
  }) as unknown as GatewayPeer;

  const send = (res: ServerResponse, body: unknown, status = 200) => {
    res.statusCode = status;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://peer").pathname;
    const text = await readBody(req);
    if (peer.delayMs) await new Promise((r) => setTimeout(r, peer.delayMs));

    if (req.method === "POST" && path === "/zalopay/v2/create") {
      const form = formOf(text);
      if (peer.zalopayCreateMode === "broken") {
        res.statusCode = 500;
        res.end("upstream error");
        return;
      }
      if (!zalopayCheckCreateOrder(form, keys.zalopay.key1) || form.app_id !== keys.zalopay.appId) {
        peer.rejected.push({ path, why: "mac" });
        return send(res, { return_code: 2, return_message: "mac invalid", sub_return_code: -402 });
      }
      if (Math.abs(Number(form.app_time) - peer.now()) > 15 * 60_000) {
        peer.rejected.push({ path, why: "app_time" });
        return send(res, { return_code: 2, return_message: "app_time invalid", sub_return_code: -68 });
      }
      if (peer.zalopayCreateMode === "refuse") {
        return send(res, { return_code: 2, return_message: "Giao dịch thất bại", sub_return_code: -54 });
      }
      peer.zalopayCreates.set(form.app_trans_id ?? "", form);
      return send(res, {
        return_code: 1,
        return_message: "Giao dịch thành công",
        sub_return_code: 1,
        order_url: `https://qcgateway.zalopay.test/openinapp?order=${encodeURIComponent(form.app_trans_id ?? "")}`,
        zp_trans_token: `ACtoken${form.app_trans_id}`,
        order_token: `ACtoken${form.app_trans_id}`,
      });
    }

    if (req.method === "POST" && path === "/zalopay/v2/query") {
      const form = formOf(text);
      peer.zalopayQueries.push(form);
      if (!zalopayCheckQuery(form, keys.zalopay.key1) || form.app_id !== keys.zalopay.appId) {
        peer.rejected.push({ path, why: "mac" });
        return send(res, { return_code: 2, return_message: "mac invalid", sub_return_code: -402 });
      }
      const created = peer.zalopayCreates.get(form.app_trans_id ?? "");
      const status = peer.zalopayStatus.get(form.app_trans_id ?? "") ?? "pending";
      return send(res, zalopayQueryAnswer({ status, amountVnd: Number(created?.amount ?? 0) }));
    }

    if (req.method === "POST" && path === "/vnpay/merchant_webapi/api/transaction") {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        /* answered below as a bad signature */
      }
      peer.vnpayQueries.push(body);
      const txnRef = String(body.vnp_TxnRef ?? "");
      const base = { hashSecret: keys.vnpay.hashSecret, tmnCode: keys.vnpay.tmnCode, txnRef, amountVnd: 0 };
      if (!vnpayCheckQueryRequest(body, keys.vnpay.hashSecret) || body.vnp_TmnCode !== keys.vnpay.tmnCode) {
        peer.rejected.push({ path, why: "signature" });
        return send(res, vnpayQueryAnswer({ ...base, transactionStatus: "02", responseCode: "97" }));
      }
      const txn = peer.vnpayTxns.get(txnRef);
      if (txn?.createDate && txn.createDate !== body.vnp_TransactionDate) {
        peer.rejected.push({ path, why: `transaction date ${String(body.vnp_TransactionDate)}` });
        return send(res, vnpayQueryAnswer({ ...base, transactionStatus: "02", responseCode: "91" }));
      }
      if (!txn || txn.status === "missing") {
        return send(res, vnpayQueryAnswer({ ...base, transactionStatus: "02", responseCode: "91" }));
      }
      return send(
        res,
        vnpayQueryAnswer({
          ...base,
          amountVnd: txn.amountVnd,
          transactionStatus: txn.status,
          transactionNo: txn.transactionNo,
          payDate: new Date(peer.now()),
        }),
      );
    }

    send(res, { error: "not found" }, 404);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  peer.url = `http://127.0.0.1:${port}`;
  peer.env = {
    VNPAY_QUERY_URL: `${peer.url}/vnpay/merchant_webapi/api/transaction`,
    ZALOPAY_CREATE_URL: `${peer.url}/zalopay/v2/create`,
    ZALOPAY_QUERY_URL: `${peer.url}/zalopay/v2/query`,
  };
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}

/** A URL on this machine where nothing listens (a gateway that is down). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v2/create`;
}
