import "server-only";
// The API reference (issue: "a portal a product team integrates in an afternoon", item 4): an
// OpenAPI 3.1 document made from the registry itself — each call's auth mode, zod input, zod
// `output` and error codes — plus the product events as `webhooks`. Served raw at
// GET /2.0/openapi.json and rendered at /docs/api; built once per process.
import { env } from "@/lib/env";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { LINKS } from "@/lib/links";
import { LOCALES } from "@/lib/locales";
import { SESSION_COOKIE } from "@/lib/session";
import { API_PREFIX } from "@/server/http/api-request";
import { type Call, methodsOf } from "@/server/http/call";
import { PRODUCT_EVENTS, productEventDto } from "@/server/outbox/schema";
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS } from "@/server/outbox/signature";
import { ERROR_ENVELOPE, errorDescription } from "./error-codes";
import { jsonSchemaOf, type SharedIndex, sharedIndex, withRefs } from "./json-schema";
import { operationOf, tagOf } from "./operation";
import type { JsonSchema, OpenApiDocument, Operation } from "./types";

const TAGS: Record<string, string> = {
  auth: "Sign-in, sign-up, verification codes, the session and the hand-off to products",
  "auth2-fa": "Two-factor authentication: set-up and the second step of a sign-in",
  user: "The signed-in person: profile, password, email verification, referral, devices",
  affilate: "The affiliate programme: customers, commissions, the affiliate's own info",
  invoice: "Affiliate invoices",
  partner: "Partners: customers' stores bought with partner credit; the credit log",
  point: "The point log",
  referral: "People the person referred",
  package: "The package catalog",
  order: "Orders: the person's, and a product's order creation",
  product: "A product's own calls with its api_key: the events sent to its webhook, and their redelivery",
  payment: "Payment attempts and the gateways' callbacks",
  passkey: "Passkeys (WebAuthn): adding one, signing in with one, and confirming it's you again",
  "account-deletion": "Deleting the account: the request, its code, and cancelling a pending deletion",
  captcha: "The sign-up captcha (ALTCHA)",
  lead: "Lead capture to the form service",
  notify: "Delivery reports of the SMS vendor",
  admin: "The operators' console: people, orders, payments, invoices, affiliates, the catalog, the audit log",
  reference: "This document",
};

export const SIGNATURE_DESCRIPTION = `\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the app's webhook_secret>\`. Check it against the raw body before parsing it, and refuse a \`t\` more than ${SIGNATURE_TOLERANCE_SECONDS / 60} minutes from your clock (a captured request cannot be replayed). server/outbox/signature.ts's \`verifySignature\` is a copy-ready check.`;

function webhooksOf(index: SharedIndex): OpenApiDocument["webhooks"] {
  return Object.fromEntries(
    Object.entries(PRODUCT_EVENTS).map(([type, event]) => {
      const body = withRefs(
        jsonSchemaOf(productEventDto(type as keyof typeof PRODUCT_EVENTS, event.data), "output"),
        index,
      ) as JsonSchema;
      const operation: Operation = {
        operationId: `event${type.replace(/(^|\.)(\w)/g, (_, __, c: string) => c.toUpperCase())}`,
        tags: ["events"],
        summary: event.summary,
        description: `POSTed to the product's \`webhook\` (APPS_CONFIG), signed in \`${SIGNATURE_HEADER}\`. Answer 2xx within 10 seconds; anything else is retried with exponential backoff, so the same \`id\` may arrive more than once.`,
        security: [],
        parameters: [
          {
            name: SIGNATURE_HEADER,
            in: "header",
            required: true,
            description: SIGNATURE_DESCRIPTION,
            schema: { type: "string", pattern: "^t=\\d+,v1=[0-9a-f]{64}$" },
          },
        ],
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: { "200": { description: "Received (any 2xx)" } },
        "x-auth": "none",
        "x-errors": [],
      };
      return [type, { post: operation }];
    }),
  );
}

const INFO_DESCRIPTION = `Every call is \`POST ${API_PREFIX}/<path>\` with a JSON body (a few widgets' and gateways' calls are GET) and answers the envelope \`{ code, message, data }\`: \`code\` repeats the HTTP status, \`message\` is translated, \`data\` is the call's answer. A failure's \`data.error\` is a stable code (the same in every language) and \`data.request_id\` names its log lines.

Language (every answer, refusals included, with or without \`authorization\`): the query's or JSON body's \`lang\` (${LOCALES.join(", ")}), else the \`LANGUAGE\` cookie, else the saved language of the person whose session or token the call carries, else the first of those five in \`Accept-Language\` (q-values honoured), else vi.

Authentication: a person's session is the portal's cookie in the browser, or the person's token in \`authorization\` (\`authorization: <token>\` or \`Bearer <token>\`) for a product holding one. A product's own calls (order creation) carry its \`api_key\`. A POST with the portal's cookie must come from the portal's own origin. Calls marked \`x-cors: public\` (the package catalog, by POST or by GET with the fields in the query) answer any origin from a browser: CORS \`Access-Control-Allow-Origin: *\` without credentials; no other call answers another origin's page.

Product events arrive at the product's \`webhook\` as signed POSTs (see webhooks): verify \`${SIGNATURE_HEADER}\`: ${SIGNATURE_DESCRIPTION}`;

export type DocumentOptions = {
  title?: string;
  /** The public origin (APP_URL); unset, the document names its own host. */
  appUrl?: string;
  /** Where a product team asks for help (LINK_SUPPORT_URL). */
  supportUrl?: string;
  brand?: string;
};

/**
 * Where the calls are. The paths carry the prefix (`/2.0/auth/signin`, the address a person reads
 * and the registry's path beside it), so the server is the bare origin: a generated client joins
 * the two into `https://id.example.com/2.0/auth/signin`. A server of `…/2.0` would double the
 * prefix. Without APP_URL, `/` is the host that served this document (OpenAPI resolves a relative
 * server against it), which is the portal's own.
 */
function serversOf(appUrl: string | undefined): OpenApiDocument["servers"] {
  if (!appUrl) return [{ url: "/", description: "The portal that serves this document" }];
  return [{ url: new URL(appUrl).origin, description: "The portal (APP_URL)" }];
}

/** The whole document for `registry` (pure: the unit test builds it from the real registry). */
export function buildOpenApi(registry: Record<string, Call>, options: DocumentOptions = {}): OpenApiDocument {
  const { index, raw } = sharedIndex();
  const paths: OpenApiDocument["paths"] = {};
  for (const path of Object.keys(registry).sort()) {
    const call = registry[path] as Call;
    paths[`${API_PREFIX}${path}`] = Object.fromEntries(
      methodsOf(call).map((method) => [method.toLowerCase(), operationOf(path, call, index, method)]),
    );
  }
  const used = new Set(Object.keys(registry).map(tagOf));
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: options.title ?? "Account portal API",
      version: "2.0",
      description: INFO_DESCRIPTION,
      contact: {
        name: `${options.brand ?? "Account portal"} support`,
        url: options.supportUrl ?? LINKS.help,
      },
      // The portal is no open-source package (package.json is private, with no licence): its use is
      // governed by the terms of use its own sign-up asks people to accept.
      license: { name: "Proprietary", url: LINKS.terms },
    },
    servers: serversOf(options.appUrl),
    tags: [
      ...Object.entries(TAGS)
        .filter(([name]) => used.has(name))
        .map(([name, description]) => ({ name, description })),
      ...[...used].filter((t) => !TAGS[t]).map((name) => ({ name, description: name })),
      { name: "events", description: "Product events (webhooks)" },
    ],
    paths,
    webhooks: webhooksOf(index),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The portal's own sealed session cookie, set by sign-in (the portal's pages)",
        },
        personToken: {
          type: "http",
          scheme: "bearer",
          description: "A person's token as a product received it at the hand-off (`Bearer ` optional)",
        },
        productKey: {
          type: "http",
          scheme: "bearer",
          description: "The product's `api_key` from APPS_CONFIG (server to server)",
        },
        bankKey: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "`Apikey <BANK_WEBHOOK_KEY>` (the bank's notification)",
        },
      },
      schemas: {
        ...Object.fromEntries(
          Object.entries(raw).map(([name, schema]) => [name, withRefs(schema, index, name) as JsonSchema]),
        ),
        ErrorEnvelope: ERROR_ENVELOPE,
        ErrorCode: {
          type: "string",
          description: "The closed set of error codes (lib/errors.ts): `data.error` of a failure",
          oneOf: (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => ({
            const: code,
            description: errorDescription(code),
            "x-status": ERROR_CODES[code],
          })),
        },
      },
    },
  };
}

const built = new WeakMap<Record<string, Call>, OpenApiDocument>();

/** The document of the running portal's registry (passed in: the registry lists this module's own call), built once. */
export function openApiDocument(registry: Record<string, Call>): OpenApiDocument {
  let doc = built.get(registry);
  if (!doc) {
    const config = env();
    doc = buildOpenApi(registry, {
      title: `${config.BRAND_NAME} account portal API`,
      appUrl: config.APP_URL,
      supportUrl: config.LINK_SUPPORT_URL,
      brand: config.BRAND_NAME,
    });
    built.set(registry, doc);
  }
  return doc;
}
