// Issue 24, Operations (/admin/clients): the configured product apps and OpenID Connect clients as
// an operator may see them. No api key, webhook secret, webhook path or client secret in the answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { env, resetEnvForTests } from "@/lib/env";
import { oidcIssuer, toClientMetadata } from "@/server/oidc/provider";
import { registry } from "@/server/registry";
import { createOperator, signedInOperator } from "@/tests/factories/operator";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

type Data = Record<string, unknown> & { error?: string };

const SECRETS = {
  lsKey: "ls-api-key-0123456789-SECRET",
  lsWebhookSecret: "ls-webhook-secret-0123456789",
  lsWebhookToken: "path-token-abcdef123456",
  lpKey: "lp-api-key-9876543210-SECRET",
  clientSecret: "oidc-client-secret-0123456789abcdef",
};

const saved = { apps: process.env.APPS_CONFIG, clients: process.env.OIDC_CLIENTS };

beforeAll(() => {
  process.env.APPS_CONFIG = JSON.stringify({
    ls: {
      name: "Sales app",
      home: "https://sales.family.example",
      logout: "https://sales.family.example/logout",
      api_key: SECRETS.lsKey,
      webhook: `https://hooks.sales.example/portal/${SECRETS.lsWebhookToken}?sig=${SECRETS.lsWebhookToken}`,
      webhook_secret: SECRETS.lsWebhookSecret,
    },
    lp: { name: "Builder", home: "https://builder.family.example", api_key: SECRETS.lpKey },
  });
  process.env.OIDC_CLIENTS = JSON.stringify([
    {
      client_id: "crm-web",
      client_secret: SECRETS.clientSecret,
      name: "CRM",
      redirect_uris: ["https://crm.example/callback"],
      post_logout_redirect_uris: ["https://crm.example/"],
      first_party: true,
    },
    { client_id: "mobile.app", redirect_uris: ["https://mobile.example/cb"] },
  ]);
  resetEnvForTests();
});

afterAll(() => {
  process.env.APPS_CONFIG = saved.apps;
  if (saved.clients === undefined) delete process.env.OIDC_CLIENTS;
  else process.env.OIDC_CLIENTS = saved.clients;
  resetEnvForTests();
});

describe("/admin/clients/list", () => {
  it("answers the apps, the hosts a sign-in may return to and the OIDC clients, never a secret", async () => {
    const { cookie } = await signedInOperator();
    const res = await call<Data>("/admin/clients/list", {}, { cookie });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const parsed = registry["/admin/clients/list"]?.output?.safeParse(res.body.data);
    expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
    expect(parsed?.data).toEqual(res.body.data);

    const json = JSON.stringify(res.body);
    for (const secret of Object.values(SECRETS)) expect(json).not.toContain(secret);
    expect(json).not.toMatch(/"(client_secret|api_key|webhook_secret|webhook)"/);

    expect(res.body.data).toEqual({
      apps: [
        {
          code: "lp",
          name: "Builder",
          home: "https://builder.family.example",
          logout: null,
          webhook_host: null,
          has_api_key: true,
          has_webhook_secret: false,
        },
        {
          code: "ls",
          name: "Sales app",
          home: "https://sales.family.example",
          logout: "https://sales.family.example/logout",
          webhook_host: "hooks.sales.example",
          has_api_key: true,
          has_webhook_secret: true,
        },
      ],
      callback_hosts: [
        "app.example.com",
        "*.family.example",
        "sales.family.example",
        "builder.family.example",
      ],
      oidc_clients: [
        {
          client_id: "crm-web",
          name: "CRM",
          redirect_uris: ["https://crm.example/callback"],
          post_logout_redirect_uris: ["https://crm.example/"],
          grant_types: ["authorization_code", "refresh_token"],
          token_endpoint_auth_method: "client_secret_basic",
          token_endpoint_auth_methods: ["client_secret_basic", "client_secret_post"],
          first_party: true,
        },
        {
          client_id: "mobile.app",
          name: "mobile.app",
          redirect_uris: ["https://mobile.example/cb"],
          post_logout_redirect_uris: [],
          grant_types: ["authorization_code", "refresh_token"],
          token_endpoint_auth_method: "none",
          token_endpoint_auth_methods: ["none"],
          first_party: false,
        },
      ],
      oidc_issuer: oidcIssuer(env()),
    });
  });

  it("says of each client what the provider registers (grant types, authentication, redirects)", async () => {
    const { cookie } = await signedInOperator();
    const res = await call<{ oidc_clients: Record<string, unknown>[] }>(
      "/admin/clients/list",
      {},
      { cookie },
    );
    const registered = env().OIDC_CLIENTS.map(toClientMetadata);
    expect(
      res.body.data.oidc_clients.map((c) => [
        c.client_id,
        c.name,
        c.redirect_uris,
        c.grant_types,
        c.token_endpoint_auth_method,
      ]),
    ).toEqual(
      registered.map((m) => [
        m.client_id,
        m.client_name,
        m.redirect_uris,
        m.grant_types,
        m.token_endpoint_auth_method,
      ]),
    );
  });

  it("refuses no session, a person without the scope and an admin without the second factor", async () => {
    expect((await call<Data>("/admin/clients/list", {})).body.data.error).toBe("UNAUTHORIZED");
    const person = await createUser();
    const signedIn = await call(
      "/auth/signin",
      { email: person.email, password: PASSWORD },
      { ip: "10.9.0.1" },
    );
    const plain = await call<Data>("/admin/clients/list", {}, { cookie: `${signedIn.cookie}; LANGUAGE=en` });
    expect([plain.status, plain.body.data.error]).toEqual([403, "ADMIN_REQUIRED"]);
    // An admin stopped at the password step has no console session at all.
    const { user } = await createOperator();
    const first = await call<Data>(
      "/auth/signin",
      { email: user.email, password: PASSWORD },
      { ip: "10.9.0.2" },
    );
    expect(first.cookie).not.toMatch(/SSID=/);
    const halfway = await call<Data>("/admin/clients/list", {}, { cookie: first.cookie });
    expect(halfway.body.data.error).toBe("UNAUTHORIZED");
  });
});
