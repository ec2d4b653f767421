// A local Zalo for integration tests: a node:http server on a random port that plays Zalo's OAuth
// for Official Accounts (POST /v4/oa/access_token, refresh_token grant) and ZNS
// (POST /message/template). Like Zalo, it rotates the pair on every refresh and refuses a refresh
// token that was spent (-14014), refuses a refresh after `revoke()`, answers -124 to an access token
// it did not issue (or expired), and checks the ZNS body: a 84… phone, template id, template data,
// tracking id. What each ZNS answers is scripted per request.
// It also plays Zalo Login v4 (sign in with Zalo; `startZaloLogin`, also mounted by the
// end-to-end peers under /zalo): the permission page answers at once with a code for the
// identity chosen next, the code exchange checks the secret_key header, app_id and the PKCE
// verifier against the challenge, and the Graph API's /me answers that identity.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Who signs in at Zalo next, or how Zalo refuses. */
export type ZaloIdentity = {
  id: string;
  name?: string;
  picture?: string;
  /** The person refused the permission: the redirect carries an error and no code. */
  deny?: boolean;
  /** The token endpoint answers `{ error: <this> }` (e.g. -14019: invalid code) for this code. */
  tokenError?: number;
};

/** The Zalo Login part of a peer: its app, the next identity, and what it was asked. */
export type ZaloLogin = {
  app: { id: string; secret: string };
  nextIdentity: (identity: ZaloIdentity) => void;
  /** Every code exchange: its form and whether the verifier matched the challenge. */
  exchanges: { form: Record<string, string>; secretKey: string; pkceOk: boolean }[];
  /** Every permission request's query. */
  permissions: Record<string, string>[];
  /** Handles a request under `prefix` ("" for a peer of its own); false when it is not Zalo Login's. */
  handle: (req: IncomingMessage, res: ServerResponse, prefix?: string) => Promise<boolean>;
};

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export function startZaloLogin(app = { id: "zalo-login-app", secret: "zalo-login-secret" }): ZaloLogin {
  let next: ZaloIdentity = { id: "9000000000000000001", name: "Nguyễn Zalo" };
  const byCode = new Map<string, { identity: ZaloIdentity; challenge: string }>();
  const byToken = new Map<string, ZaloIdentity>();
  const login: ZaloLogin = {
    app,
    nextIdentity: (identity) => {
      next = identity;
    },
    exchanges: [],
    permissions: [],
    handle: async (req, res, prefix = "") => {
      const url = new URL(req.url ?? "/", "http://zalo.local");
      if (!url.pathname.startsWith(prefix)) return false;
      const path = url.pathname.slice(prefix.length);
      const json = (body: unknown) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(body));
      };
      if (req.method === "GET" && path === "/v4/permission") {
        const query = Object.fromEntries(url.searchParams);
        login.permissions.push(query);
        const identity = next;
        const back = new URL(query.redirect_uri ?? "");
        back.searchParams.set("state", query.state ?? "");
        if (query.app_id !== app.id || !query.code_challenge) {
          back.searchParams.set("error", "-14003");
        } else if (identity.deny) {
          back.searchParams.set("error", "-14008");
          back.searchParams.set("error_description", "User denied the permission");
        } else {
          const code = randomBytes(16).toString("hex");
          byCode.set(code, { identity, challenge: query.code_challenge });
          back.searchParams.set("code", code);
          back.searchParams.set("code_challenge", query.code_challenge);
        }
        res.statusCode = 302;
        res.setHeader("location", back.toString());
        res.end();
        return true;
      }
      if (req.method === "POST" && path === "/v4/access_token") {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const secretKey = String(req.headers.secret_key ?? "");
        const issued = byCode.get(form.code ?? "");
        const pkceOk = Boolean(issued && form.code_verifier && s256(form.code_verifier) === issued.challenge);
        login.exchanges.push({ form, secretKey, pkceOk });
        const refusal =
          secretKey !== app.secret
            ? { error: -14002, error_name: "Invalid app secret" }
            : form.app_id !== app.id || form.grant_type !== "authorization_code"
              ? { error: -14001, error_name: "Invalid parameter" }
              : !issued
                ? { error: -14019, error_name: "Invalid authorization code" }
                : !pkceOk
                  ? { error: -14020, error_name: "Invalid code verifier" }
                  : issued.identity.tokenError
                    ? { error: issued.identity.tokenError, error_name: "Scripted refusal" }
                    : undefined;
        if (issued) byCode.delete(form.code ?? "");
        if (refusal || !issued) {
          json(refusal);
          return true;
        }
        const accessToken = randomBytes(16).toString("hex");
        byToken.set(accessToken, issued.identity);
        json({
          access_token: accessToken,
          refresh_token: randomBytes(8).toString("hex"),
          expires_in: "3600",
        });
        return true;
      }
      if (req.method === "GET" && path === "/v2.0/me") {
        const identity = byToken.get(String(req.headers.access_token ?? ""));
        if (!identity) {
          json({ error: -501, message: "Access token is invalid" });
          return true;
        }
        json({
          id: identity.id,
          name: identity.name ?? "",
          picture: { data: { url: identity.picture ?? "https://s120.avatar.talk.zdn.vn/default" } },
          error: 0,
          message: "Success",
        });
        return true;
      }
      return false;
    },
  };
  return login;
}

/** The portal's Zalo Login settings for a peer at `origin` (its routes under `prefix`). */
export function zaloLoginEnv(login: ZaloLogin, origin: string, prefix = "") {
  return {
    ZALO_LOGIN_APP_ID: login.app.id,
    ZALO_LOGIN_APP_SECRET: login.app.secret,
    ZALO_LOGIN_AUTH_URL: `${origin}${prefix}/v4/permission`,
    ZALO_LOGIN_TOKEN_URL: `${origin}${prefix}/v4/access_token`,
    ZALO_LOGIN_PROFILE_URL: `${origin}${prefix}/v2.0/me?fields=id,name,picture`,
  };
}

/** A peer that plays only Zalo Login, on a port of its own (integration tests). */
export async function startZaloLoginPeer(): Promise<{
  login: ZaloLogin;
  env: ReturnType<typeof zaloLoginEnv>;
  close: () => Promise<void>;
}> {
  const login = startZaloLogin();
  const server = createServer(async (req, res) => {
    if (!(await login.handle(req, res))) {
      res.statusCode = 404;
      res.end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    login,
    env: zaloLoginEnv(login, `http://127.0.0.1:${port}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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
