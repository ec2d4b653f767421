// A local OAuth 2.0 / OpenID Connect provider (oauth2-mock-server) that plays Google and Facebook.
// Tests choose who "signs in at the provider" next: `nextIdentity(...)` in-process, or
// POST /identity on the peers' HTTP side. `deny` makes the next authorization answer access_denied.
import { OAuth2Server } from "oauth2-mock-server";

export type Identity = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  /** Answer the next authorization with error=access_denied (the person refused consent). */
  deny?: boolean;
};

export type OAuthPeer = {
  server: OAuth2Server;
  issuer: string;
  /** Who the next authorization request signs in as. */
  nextIdentity: (identity: Identity) => void;
  /** Whether the identity set last is still waiting for an authorization to take it. */
  identityPending: () => boolean;
  stop: () => Promise<void>;
};

const DEFAULT_IDENTITY: Identity = {
  sub: "provider-user",
  email: "person@example.com",
  email_verified: true,
};

export async function startOAuthPeer(port = 0): Promise<OAuthPeer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  let next: Identity = DEFAULT_IDENTITY;
  let pending = false;
  const byCode = new Map<string, Identity>();
  const byAccessToken = new Map<string, Identity>();

  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }) => {
    const identity = next;
    next = DEFAULT_IDENTITY;
    pending = false;
    if (identity.deny) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      redirect.url.searchParams.set("error_description", "The user denied the request");
      return;
    }
    const code = redirect.url.searchParams.get("code");
    if (code) byCode.set(code, identity);
  });
  // Both the access token and the ID token carry the chosen person.
  server.service.on(
    "beforeTokenSigning",
    (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
      const identity = req.body?.code ? byCode.get(req.body.code) : undefined;
      if (!identity) return;
      token.payload.sub = identity.sub;
      if (identity.email) token.payload.email = identity.email;
    },
  );
  server.service.on(
    "beforeResponse",
    (response: { body: Record<string, unknown> }, req: { body?: { code?: string } }) => {
      const identity = req.body?.code ? byCode.get(req.body.code) : undefined;
      if (identity && typeof response.body.access_token === "string") {
        byAccessToken.set(response.body.access_token, identity);
      }
    },
  );
  server.service.on(
    "beforeUserinfo",
    (response: { body: Record<string, unknown> }, req: { headers: Record<string, string | undefined> }) => {
      const token = req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
      const identity = byAccessToken.get(token);
      if (!identity) {
        response.body = { error: "invalid_token" };
        (response as { statusCode?: number }).statusCode = 401;
        return;
      }
      const { deny: _deny, ...claims } = identity;
      // Google answers `sub`; Facebook answers `id` (and `picture.data.url`).
      response.body = { ...claims, id: identity.sub };
    },
  );

  await server.start(port, "127.0.0.1");
  const issuer = `http://localhost:${new URL(server.issuer.url ?? "").port}`;
  server.issuer.url = issuer;
  return {
    server,
    issuer,
    nextIdentity: (identity) => {
      next = identity;
      pending = true;
    },
    identityPending: () => pending,
    stop: () => server.stop(),
  };
}
