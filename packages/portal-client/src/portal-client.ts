// @account-portal/client: what a product needs from the account portal, on Node 20+ and edge
// runtimes alike (fetch and WebCrypto only, no dependencies). The browser's framed sign-in is in
// "@account-portal/client/browser".
import { type ApiBody, type ApiData, type CallAuth, callApi, type Transport } from "./api.js";
import { sha256Hex } from "./crypto.js";
import {
  type PortalLocale,
  type SignInUrlOptions,
  type SignOutUrlOptions,
  signInUrl,
  signOutUrl,
} from "./urls.js";
import {
  type PortalEvent,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
} from "./webhook.js";

export type { ApiBody, ApiData, ApiPath } from "./api.js";
export { sha256Hex } from "./crypto.js";
export { PortalError, type PortalErrorCode, type TransportErrorCode } from "./errors.js";
export {
  type PortalLocale,
  type SignInFrameUrlOptions,
  type SignInUrlOptions,
  type SignOutUrlOptions,
  signInFrameUrl,
  signInUrl,
  signOutUrl,
} from "./urls.js";
export {
  DEFAULT_TOLERANCE_SECONDS,
  type PortalEvent,
  type PortalEventMap,
  type PortalEventType,
  SIGNATURE_HEADER,
  type VerifyWebhookOptions,
  verifyWebhook,
  WebhookError,
  type WebhookErrorCode,
  type WebhookHeaders,
} from "./webhook.js";

/** The person a token belongs to (`POST /2.0/auth/userinfo`). */
export type PortalUser = ApiData<"/2.0/auth/userinfo">;
export type CreateOrderInput = ApiBody<"/2.0/order/create">;
export type CreatedOrder = ApiData<"/2.0/order/create">;
export type Order = ApiData<"/2.0/order/detail">;
export type PackageQuery = ApiBody<"/2.0/package/list">;
export type PackagePage = ApiData<"/2.0/package/list">;
export type EventQuery = ApiBody<"/2.0/product/events/list">;
export type EventPage = ApiData<"/2.0/product/events/list">;
/** One event queued for your webhook and how its delivery went. */
export type EventDelivery = ApiData<"/2.0/product/events/redeliver">;

export type PortalClientOptions = {
  /** The portal's address, e.g. https://account.example.com */
  portalUrl: string;
  /** Your app code in the portal's APPS_CONFIG. */
  appCode: string;
  /** Your `api_key` (APPS_CONFIG): orders and your events. Keep it on the server. */
  apiKey?: string;
  /** Your `webhook_secret` (APPS_CONFIG): verifyWebhook's default. */
  webhookSecret?: string;
  /** How long verifyToken keeps a checked token, in seconds (30 by default; 0 asks the portal every time). */
  tokenCacheSeconds?: number;
  /** At most this many cached tokens (10,000 by default); the oldest go first. */
  tokenCacheSize?: number;
  /** The language of the portal's messages (PortalError.message); Vietnamese without it. */
  lang?: PortalLocale;
  /** How long a call may take, in milliseconds (10,000 by default). */
  timeoutMs?: number;
  /** Another fetch (a proxy agent, tests); the global one by default. */
  fetch?: typeof fetch;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
};

type CachedToken = { user: PortalUser; userId: string; expiresAt: number };

/** The token as the hand-off gave it: `session.ended` names it by the SHA-256 of exactly that. */
const bareToken = (token: string) => token.replace(/^Bearer\s+/i, "").trim();

/** A portal client for one product; create one per process and share it. */
export class PortalClient {
  readonly portalUrl: string;
  readonly appCode: string;
  readonly #apiKey: string | undefined;
  readonly #webhookSecret: string | undefined;
  readonly #transport: Transport;
  readonly #ttlMs: number;
  readonly #cacheSize: number;
  readonly #now: () => number;
  readonly #cache = new Map<string, CachedToken>();
  // A session.ended or user.deleted seen while a check of that token (or person) is on its way to
  // the portal: the check's answer is not cached. Kept only while checks are in flight.
  #generation = 0;
  #inFlight = 0;
  readonly #endedTokens = new Map<string, number>();
  readonly #deletedUsers = new Map<string, number>();

  constructor(options: PortalClientOptions) {
    const url = new URL(options.portalUrl);
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new TypeError(`portalUrl must be an http(s) address, not ${url.protocol}`);
    }
    if (!options.appCode) throw new TypeError("appCode is required");
    this.portalUrl = url.origin;
    this.appCode = options.appCode;
    this.#apiKey = options.apiKey;
    this.#webhookSecret = options.webhookSecret;
    this.#ttlMs = Math.max(0, options.tokenCacheSeconds ?? 30) * 1000;
    this.#cacheSize = Math.max(1, options.tokenCacheSize ?? 10_000);
    this.#now = options.now ?? Date.now;
    const fetcher = options.fetch ?? globalThis.fetch;
    if (typeof fetcher !== "function") throw new TypeError("no fetch: pass options.fetch");
    this.#transport = {
      portalUrl: this.portalUrl,
      // Called unbound: some runtimes' fetch refuses another `this`.
      fetch: (input, init) => fetcher(input, init),
      lang: options.lang,
      timeoutMs: options.timeoutMs ?? 10_000,
    };
  }

  // ---- Pages -----------------------------------------------------------------------------------

  /** The sign-in hand-off for this product: `/signin?callback_url=…&app_code=…`. */
  signInUrl(options: Omit<SignInUrlOptions, "portalUrl" | "appCode"> = {}): string {
    return signInUrl({ ...options, portalUrl: this.portalUrl, appCode: this.appCode });
  }

  /** The single sign-out: `/signin?logout=1&app_code=…`. */
  signOutUrl(options: Omit<SignOutUrlOptions, "portalUrl" | "appCode"> = {}): string {
    return signOutUrl({ ...options, portalUrl: this.portalUrl, appCode: this.appCode });
  }

  // ---- Tokens ----------------------------------------------------------------------------------

  /**
   * The person a token belongs to. A checked token is kept `tokenCacheSeconds` (keyed by its
   * SHA-256, never the token itself) and dropped at once when this client's verifyWebhook (or
   * applyEvent) sees its `session.ended`, or its person's `user.deleted`. Throws PortalError
   * (status 401, UNAUTHORIZED) for a token that is not, or no longer, a live session.
   */
  async verifyToken(token: string): Promise<PortalUser> {
    const bare = bareToken(token);
    const key = await sha256Hex(bare);
    const cached = this.#cache.get(key);
    if (cached && cached.expiresAt > this.#now()) return cached.user;
    if (cached) this.#cache.delete(key);
    const started = this.#generation;
    this.#inFlight += 1;
    try {
      const user = await this.userInfo(bare);
      const endedSince = (this.#endedTokens.get(key) ?? -1) > started;
      const deletedSince = (this.#deletedUsers.get(user._id) ?? -1) > started;
      if (this.#ttlMs > 0 && !endedSince && !deletedSince) {
        this.#cache.delete(key);
        this.#cache.set(key, { user, userId: user._id, expiresAt: this.#now() + this.#ttlMs });
        while (this.#cache.size > this.#cacheSize) {
          const oldest = this.#cache.keys().next().value;
          if (oldest === undefined) break;
          this.#cache.delete(oldest);
        }
      }
      return user;
    } finally {
      this.#inFlight -= 1;
      if (this.#inFlight === 0) {
        this.#endedTokens.clear();
        this.#deletedUsers.clear();
      }
    }
  }

  /** Drops a token from verifyToken's cache (your own sign-out of it, say). */
  async forgetToken(token: string): Promise<void> {
    this.#forgetTokenHash(await sha256Hex(bareToken(token)));
  }

  /** How many checked tokens verifyToken keeps now. */
  get cachedTokens(): number {
    return this.#cache.size;
  }

  #forgetTokenHash(tokenSha256: string): void {
    const key = tokenSha256.toLowerCase();
    this.#generation += 1;
    if (this.#inFlight > 0) this.#endedTokens.set(key, this.#generation);
    this.#cache.delete(key);
  }

  #forgetUser(userId: string): void {
    this.#generation += 1;
    if (this.#inFlight > 0) this.#deletedUsers.set(userId, this.#generation);
    for (const [key, entry] of this.#cache) if (entry.userId === userId) this.#cache.delete(key);
  }

  // ---- Events ----------------------------------------------------------------------------------

  /**
   * Checks a webhook request (see the standalone verifyWebhook) with `secret` or the client's
   * `webhookSecret`, and lets verifyToken's cache hear it: `session.ended` drops that token,
   * `user.deleted` that person's tokens.
   */
  async verifyWebhook(
    rawBody: string | Uint8Array | ArrayBuffer,
    headers: WebhookHeaders,
    secret: string | undefined = this.#webhookSecret,
    options: VerifyWebhookOptions = {},
  ): Promise<PortalEvent> {
    if (!secret)
      throw new TypeError("verifyWebhook needs the webhook_secret: pass it, or webhookSecret to the client");
    const event = await verifyWebhook(rawBody, headers, secret, { now: this.#now, ...options });
    this.applyEvent(event);
    return event;
  }

  /**
   * Lets verifyToken's cache hear an event verified elsewhere: with several instances of your
   * service, the one that received `session.ended` passes it on (your own pub/sub) and each calls this.
   */
  applyEvent(event: PortalEvent): void {
    if (event.type === "session.ended") this.#forgetTokenHash(event.data.token_sha256);
    else if (event.type === "user.deleted") this.#forgetUser(event.data.user_id);
  }

  // ---- The typed /2.0 calls --------------------------------------------------------------------

  /** `POST /2.0/auth/userinfo` with the person's token, never cached (verifyToken caches). */
  userInfo(token: string): Promise<PortalUser> {
    return callApi(this.#transport, "/2.0/auth/userinfo", {}, { authorization: token });
  }

  /** `POST /2.0/auth/logout` with the person's token: ends that token only (and drops it from the cache). */
  async endToken(token: string): Promise<void> {
    await this.forgetToken(token);
    await callApi(this.#transport, "/2.0/auth/logout", {}, { authorization: token });
  }

  /**
   * `POST /2.0/order/create`: an order of your own app's packages for the person whose token you
   * hold. A retry with the same `idempotencyKey` answers the same order; send the browser to
   * `checkout_url`.
   */
  async createOrder(
    input: CreateOrderInput,
    options: { idempotencyKey?: string } = {},
  ): Promise<CreatedOrder> {
    return callApi(this.#transport, "/2.0/order/create", input, this.#productAuth(options));
  }

  /** `POST /2.0/order/detail` as the person (their token): one of their orders with its lines. */
  orderDetail(token: string, id: string): Promise<Order> {
    return callApi(this.#transport, "/2.0/order/detail", { id }, { authorization: token });
  }

  /** `POST /2.0/package/list`: the catalog, your own app's packages unless `app_code` says otherwise. */
  listPackages(query: PackageQuery = {}): Promise<PackagePage> {
    return callApi(this.#transport, "/2.0/package/list", { app_code: this.appCode, ...query });
  }

  /** `POST /2.0/product/events/list`: the events queued for your webhook and how each delivery went. */
  async listEvents(query: EventQuery = {}): Promise<EventPage> {
    return callApi(this.#transport, "/2.0/product/events/list", query, this.#productAuth());
  }

  /** `POST /2.0/product/events/redeliver`: one of your events again, now (same id and body, freshly signed). */
  async redeliverEvent(id: string): Promise<EventDelivery> {
    return callApi(this.#transport, "/2.0/product/events/redeliver", { id }, this.#productAuth());
  }

  #productAuth(options: { idempotencyKey?: string } = {}): CallAuth {
    if (!this.#apiKey) throw new TypeError("this call needs your api_key: pass apiKey to createPortalClient");
    return { authorization: `Bearer ${this.#apiKey}`, idempotencyKey: options.idempotencyKey };
  }
}

/** A client for one product: pages, token checks with their cache, webhooks and the typed calls. */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  return new PortalClient(options);
}
