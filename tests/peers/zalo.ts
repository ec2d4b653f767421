// A local Zalo for integration tests: a node:http server on a random port that plays Zalo's OAuth
// for Official Accounts (POST /v4/oa/access_token, refresh_token grant) and ZNS
// (POST /message/template). Like Zalo, it rotates the pair on every refresh and refuses a refresh
// token that was spent (-14014), refuses a refresh after `revoke()`, answers -124 to an access token
// it did not issue (or expired), and checks the ZNS body: a 84… phone, template id, template data,
// tracking id. What each ZNS answers is scripted per request.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type ZnsRequest = {
  accessToken: string;
  phone: string;
  template_id: string;
  template_data: Record<string, string>;
  tracking_id: string;
  mode?: string;
};

export type ZaloPeer = {
  origin: string;
  /** The portal's settings pointing at this peer (the first refresh token as ZALO_OA_REFRESH_TOKEN). */
  env: {
    ZNS_PROVIDER: "zalo";
    ZALO_APP_ID: string;
    ZALO_APP_SECRET: string;
    ZALO_OA_REFRESH_TOKEN: string;
    ZALO_OAUTH_URL: string;
    ZALO_ZNS_URL: string;
    ZNS_TEMPLATE_OTP: string;
  };
  /** Every refresh asked, and whether it was granted. */
  refreshes: { refreshToken: string; granted: boolean; at: Date }[];
  /** Every well-formed ZNS request with a valid token, in order. */
  sends: ZnsRequest[];
  /** Requests the peer refused as malformed (bad secret, phone, body), with why. */
  rejected: { path: string; why: string }[];
  /** The refresh token Zalo would take now; every earlier one is spent. */
  currentRefresh: () => string;
  /** Access tokens issued and still accepted. */
  validAccess: Set<string>;
  /** Refuse every refresh from now on (the OA's authorisation was revoked). */
  revoke: () => void;
  /** A new authorisation after a revocation: a fresh refresh token the operator would copy. */
  reauthorise: () => string;
  /** The ZNS `error` for a request (0-based over the well-formed ones with a valid token); default 0. */
  script: (request: ZnsRequest, index: number) => number;
  /** Milliseconds a refresh takes (widens the two-instance race). */
  refreshDelayMs: number;
  /** expires_in of an issued access token, in seconds (Zalo: 90000). */
  expiresIn: number;
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startZaloPeer(
  app = { id: "1234567890", secret: "zalo-app-secret" },
): Promise<ZaloPeer> {
  let generation = 0;
  let refreshToken = "refresh-0";
  let revoked = false;
  const peer = {
    refreshes: [],
    sends: [],
    rejected: [],
    validAccess: new Set<string>(),
    script: () => 0,
    refreshDelayMs: 0,
    expiresIn: 90_000,
  } as unknown as ZaloPeer;
  peer.currentRefresh = () => refreshToken;
  peer.revoke = () => {
    revoked = true;
    peer.validAccess.clear();
  };
  peer.reauthorise = () => {
    revoked = false;
    generation += 1;
    refreshToken = `refresh-reauth-${generation}`;
    return refreshToken;
  };

  const server = createServer(async (req, res) => {
    res.setHeader("content-type", "application/json");
    const answer = (body: unknown) => res.end(JSON.stringify(body));
    const raw = await readBody(req);
    if (req.method === "POST" && req.url === "/v4/oa/access_token") {
      const form = new URLSearchParams(raw);
      if (req.headers.secret_key !== app.secret) {
        peer.rejected.push({ path: req.url, why: "secret_key header" });
        answer({ error: -14002, error_name: "Invalid app secret" });
        return;
      }
      if (form.get("app_id") !== app.id || form.get("grant_type") !== "refresh_token") {
        peer.rejected.push({ path: req.url, why: "app_id or grant_type" });
        answer({ error: -14001, error_name: "Invalid parameter" });
        return;
      }
      const given = form.get("refresh_token") ?? "";
      if (peer.refreshDelayMs) await new Promise((r) => setTimeout(r, peer.refreshDelayMs));
      const granted = !revoked && given === refreshToken;
      peer.refreshes.push({ refreshToken: given, granted, at: new Date() });
      if (!granted) {
        answer({
          error: -14014,
          error_name: "Invalid refresh token",
          error_description: "refresh token is invalid or expired",
        });
        return;
      }
      generation += 1;
      const access = `access-${generation}`;
      refreshToken = `refresh-${generation}`;
      peer.validAccess.add(access);
      answer({ access_token: access, refresh_token: refreshToken, expires_in: String(peer.expiresIn) });
      return;
    }
    if (req.method === "POST" && req.url === "/message/template") {
      const accessToken = String(req.headers.access_token ?? "");
      if (!peer.validAccess.has(accessToken)) {
        answer({ error: -124, message: "Access token invalid" });
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        peer.rejected.push({ path: req.url, why: "not JSON" });
        answer({ error: -122, message: "Body format invalid" });
        return;
      }
      const why = !/^84\d{9}$/.test(String(body.phone))
        ? `phone ${String(body.phone)} is not 84…`
        : typeof body.template_id !== "string" || !body.template_id
          ? "template_id"
          : !body.template_data || typeof body.template_data !== "object"
            ? "template_data"
            : typeof body.tracking_id !== "string" || !body.tracking_id
              ? "tracking_id"
              : undefined;
      if (why) {
        peer.rejected.push({ path: req.url, why });
        answer({ error: -108, message: "Phone number invalid" });
        return;
      }
      const request = { ...(body as Omit<ZnsRequest, "accessToken">), accessToken };
      const index = peer.sends.push(request) - 1;
      const error = peer.script(request, index);
      if (error !== 0) {
        answer({ error, message: error === -118 ? "Zalo account not existed" : `scripted ${error}` });
        return;
      }
      answer({
        error: 0,
        message: "Success",
        data: { msg_id: `zns-${index + 1}`, sent_time: String(Date.now()) },
      });
      return;
    }
    res.statusCode = 404;
    answer({});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  peer.origin = `http://127.0.0.1:${port}`;
  peer.env = {
    ZNS_PROVIDER: "zalo",
    ZALO_APP_ID: app.id,
    ZALO_APP_SECRET: app.secret,
    ZALO_OA_REFRESH_TOKEN: refreshToken,
    ZALO_OAUTH_URL: peer.origin,
    ZALO_ZNS_URL: peer.origin,
    ZNS_TEMPLATE_OTP: "312345",
  };
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}
