import "server-only";
// The API reference (issue: "a portal a product team integrates in an afternoon", item 4): an
// OpenAPI 3.1 document made from the registry itself — each call's auth mode, zod input, zod
// `output` and error codes — plus the product events as `webhooks`. Served raw at
// GET /2.0/openapi.json and rendered at /docs/api; built once per process.
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import type { AuthMode, Call } from "@/lib/http/call";
import { CATALOGS } from "@/lib/i18n";
import { LOCALES } from "@/lib/locales";
import { SESSION_COOKIE } from "@/lib/session";
import { commissionDto } from "@/server/affiliate/schema";
import { secondFactorStepDto, signedInDto, verificationStepDto } from "@/server/auth/schema";
import { transferInstructionsDto } from "@/server/checkout/schema";
import { orderDto, orderLineDto } from "@/server/order/schema";
import { PRODUCT_EVENTS, productEventDto } from "@/server/outbox/schema";
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS } from "@/server/outbox/signature";
import { packageDto } from "@/server/package/schema";
import { storeDto } from "@/server/partner/schema";
import { paymentDto } from "@/server/payment/schema";
import { deviceDto } from "@/server/two-factor/schema";
import { userInfoDto } from "@/server/user/schema";

/** lib/http/dispatch.ts's prefix (importing it from there would be circular: dispatch → registry → here). */
const API_PREFIX = "/2.0";

/** The part of JSON Schema (draft 2020-12) the reference page reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  contentMediaType?: string;
  [key: string]: unknown;
};

/** An error code a call may answer; its words are in components/schemas/ErrorCode. */
export type ErrorEntry = { code: ErrorCode; status: number };

export type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters?: {
    name: string;
    in: "query" | "header";
    required: boolean;
    description?: string;
    schema: JsonSchema;
  }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema; example?: unknown }> }
  >;
  "x-auth": AuthMode;
  "x-raw"?: boolean;
  "x-errors": ErrorEntry[];
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<"get" | "post", Operation>>>;
  webhooks: Record<string, { post: Operation }>;
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    schemas: Record<string, JsonSchema>;
  };
};

/** What any call may answer, whatever it does (dispatch's own refusals). */
export const COMMON_ERRORS: readonly ErrorCode[] = [
  "VALIDATION",
  "BAD_JSON",
  "PAYLOAD_TOO_LARGE",
  "METHOD_NOT_ALLOWED",
  "INTERNAL",
];

const AUTH_ERRORS: Record<AuthMode, readonly ErrorCode[]> = {
  none: [],
  optional: [],
  session: ["UNAUTHORIZED"],
  product: ["PRODUCT_KEY_INVALID"],
  bank: ["PRODUCT_KEY_INVALID"],
};

/** Every error code a call may answer: its own, its auth mode's and the common ones, by status. */
export function errorsOf(call: Call): ErrorCode[] {
  const codes = new Set<ErrorCode>([
    ...COMMON_ERRORS,
    ...AUTH_ERRORS[call.auth],
    // A POST carrying the portal's cookie must come from the portal's own pages (CSRF).
    ...((call.method ?? "POST") === "POST" && call.auth !== "product" && call.auth !== "bank"
      ? (["FORBIDDEN_ORIGIN"] as const)
      : []),
    ...(call.errors ?? []),
  ]);
  return [...codes].sort((a, b) => ERROR_CODES[a] - ERROR_CODES[b] || a.localeCompare(b));
}

/** The English catalog's text of an error (its placeholders left as they are). */
function errorText(code: ErrorCode): string {
  const errors = CATALOGS.en.errors as Record<string, string>;
  return errors[code] ?? code;
}

/** Extra words for the codes whose envelope carries more than `error`. */
const ERROR_NOTES: Partial<Record<ErrorCode, string>> = {
  VALIDATION: "`data.fields` maps each refused field to its message.",
  DEVICE_LIMIT_EXCEEDED:
    "`data` also holds `devices`, `token`, `limit` and `redirect_url` (/device-limit-exceeded): sign out a device with /auth/device-limit-resolve.",
  PACKAGE_UNKNOWN: "`data.line` is the index of the refused line.",
  PACKAGE_MONTHS_INVALID: "`data.line` is the index of the refused line.",
  STORE_NOT_OWNED: "`data.line` is the index of the refused line (order/create).",
  RATE_LIMITED: "Try again after the seconds the message names.",
};

function errorDescription(code: ErrorCode): string {
  const note = ERROR_NOTES[code];
  return note ? `${errorText(code)}. ${note}` : errorText(code);
}

/** zod → JSON Schema (draft 2020-12, what OpenAPI 3.1 uses). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    // Transforms, refinements and the avatar's Blob have no JSON Schema: their input side, or {}.
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as { _zod: { def: { type: string } } })._zod.def;
      if (def.type === "custom") {
        jsonSchema.type = "string";
        jsonSchema.contentMediaType = "application/octet-stream";
      }
      // `.int()`'s safe-integer bounds are no limit a caller needs to read.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      // A format says it (zod's date-time pattern is 400 characters, once per timestamp).
      if (typeof jsonSchema.format === "string" && jsonSchema.format !== "regex") delete jsonSchema.pattern;
      // An answer may grow a field: a product's client must not break on it.
      if (io === "output" && jsonSchema.additionalProperties === false)
        delete jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** Answers many calls share: written once under components/schemas, referred to elsewhere. */
const SHARED: Record<string, z.ZodType> = {
  UserInfo: userInfoDto,
  SignedIn: signedInDto,
  VerificationStep: verificationStepDto,
  SecondFactorStep: secondFactorStepDto,
  Order: orderDto,
  OrderLine: orderLineDto,
  Payment: paymentDto,
  TransferInstructions: transferInstructionsDto,
  Commission: commissionDto,
  Device: deviceDto,
  Package: packageDto,
  Store: storeDto,
};

const REF_PREFIX = "#/components/schemas/";

/** A shared answer's JSON Schema (as zod writes it) → its component's name. */
type SharedIndex = Map<string, string>;

function sharedIndex(): { index: SharedIndex; raw: Record<string, JsonSchema> } {
  const raw = Object.fromEntries(
    Object.entries(SHARED).map(([name, s]) => [name, jsonSchemaOf(s, "output")]),
  );
  return { index: new Map(Object.entries(raw).map(([name, s]) => [JSON.stringify(s), name])), raw };
}

/** Replaces every subtree that is a shared answer (a description beside it kept) with a $ref. */
function withRefs(node: unknown, index: SharedIndex, self?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => withRefs(n, index, self));
  if (!node || typeof node !== "object") return node;
  const { description, ...rest } = node as JsonSchema;
  const name = index.get(JSON.stringify(rest));
  if (name && name !== self) return { $ref: `${REF_PREFIX}${name}`, ...(description ? { description } : {}) };
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withRefs(v, index, self)]));
}

const SECURITY: Record<AuthMode, Record<string, string[]>[]> = {
  none: [],
  optional: [{}, { sessionCookie: [] }, { personToken: [] }],
  session: [{ sessionCookie: [] }, { personToken: [] }],
  product: [{ productKey: [] }],
  bank: [{ bankKey: [] }],
};

export const AUTH_DESCRIPTIONS: Record<AuthMode, string> = {
  none: "No authentication.",
  optional:
    "Anyone; a person's session (the portal's cookie, or their token in `authorization`) changes what it answers.",
  session: "A person's session: the portal's cookie, or the person's token in `authorization`.",
  product:
    "Server to server: the product's `api_key` (APPS_CONFIG) as `authorization: Bearer <api_key>`; no cookie, no Origin check.",
  bank: "The bank's notification: `Authorization: Apikey <BANK_WEBHOOK_KEY>`.",
};

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
  payment: "Payment attempts and the gateways' callbacks",
  captcha: "The sign-up captcha (ALTCHA)",
  lead: "Lead capture to the form service",
  reference: "This document",
};

const tagOf = (path: string) => {
  const parts = path.split("/").filter(Boolean);
  return parts.length > 1 ? (parts[0] as string) : "reference";
};

const operationIdOf = (path: string) =>
  path
    .slice(1)
    .replace(/\.json$/, "")
    .replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase());

function envelopeSchema(code: JsonSchema, data: JsonSchema): JsonSchema {
  return {
    type: "object",
    required: ["code", "message", "data"],
    properties: {
      code,
      message: { type: "string", description: "Translated for the request's language" },
      data,
    },
  };
}

/** Every failure's envelope (components/schemas/ErrorEnvelope). */
const ERROR_ENVELOPE = envelopeSchema(
  { type: "integer", description: "The HTTP status" },
  {
    type: "object",
    required: ["error", "request_id"],
    properties: {
      error: { $ref: `${REF_PREFIX}ErrorCode` },
      request_id: {
        type: "string",
        description: "Names the log lines of this request (also `x-request-id`)",
      },
      fields: {
        type: "object",
        additionalProperties: { type: "string" },
        description: "VALIDATION and some others: each refused field and its message",
      },
    },
  },
);

/** The envelope of a status's failures: its codes only. */
function errorResponseSchema(status: number, codes: ErrorCode[]): JsonSchema {
  return {
    $ref: `${REF_PREFIX}ErrorEnvelope`,
    properties: { code: { const: status }, data: { properties: { error: { enum: codes } } } },
  };
}

/** GET calls take their input from the query: one parameter per field (or one object for a record). */
function queryParameters(input: JsonSchema): NonNullable<Operation["parameters"]> {
  if (!input.properties) {
    return [
      {
        name: "params",
        in: "query",
        required: false,
        description: "Any query parameters (style form, exploded)",
        schema: input,
      },
    ];
  }
  const required = new Set(input.required ?? []);
  return Object.entries(input.properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(schema.description ? { description: schema.description } : {}),
    schema,
  }));
}

function describeCall(call: Call): string {
  const notes = [AUTH_DESCRIPTIONS[call.auth]];
  if (call.bodyToken) notes.push("The person's token may also come as the body's `token`.");
  if (call.multipart)
    notes.push("Also `multipart/form-data`: the fields as JSON in `jsonData`, files beside it.");
  if (call.raw) {
    notes.push(
      call.rawError
        ? "Answers its caller's own JSON, not the envelope, also when it fails (see the responses)."
        : "Answers the data itself, not the envelope; failures answer the envelope.",
    );
  }
  return notes.join(" ");
}

function operationOf(path: string, call: Call, index: SharedIndex): Operation {
  const method = call.method ?? "POST";
  const input = jsonSchemaOf(call.input, "input");
  const output = (call.output ? withRefs(jsonSchemaOf(call.output, "output"), index) : {}) as JsonSchema;
  const errors = errorsOf(call);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errors)
    byStatus.set(ERROR_CODES[code], [...(byStatus.get(ERROR_CODES[code]) ?? []), code]);

  const responses: Operation["responses"] = {
    "200": {
      description: call.raw ? "The answer itself" : "Success: `data` is the answer",
      content: {
        "application/json": {
          schema: call.raw ? output : envelopeSchema({ type: "integer", const: 200 }, output),
        },
      },
    },
  };
  for (const [status, codes] of byStatus) {
    const description = codes.map((c) => `${c}: ${errorDescription(c)}`).join("\n");
    if (call.rawError) {
      // Its caller reads only its own shape: what it really answers (for the status's first code).
      const own = call.rawError({ status, error: codes[0] as string });
      const note = `On ${codes.join(", ")} (${status}) it answers ${JSON.stringify(own.body)}.`;
      const existing = responses[String(own.status)];
      if (existing) existing.description += `\n\n${note}`;
      else
        responses[String(own.status)] = {
          description: `${description}\n\n${note}`,
          content: { "application/json": { schema: {}, example: own.body } },
        };
      continue;
    }
    responses[String(status)] = {
      description,
      content: { "application/json": { schema: errorResponseSchema(status, codes) } },
    };
  }

  const operation: Operation = {
    operationId: operationIdOf(path),
    tags: [tagOf(path)],
    summary: call.summary ?? path,
    description: describeCall(call),
    security: SECURITY[call.auth],
    responses,
    "x-auth": call.auth,
    ...(call.raw ? { "x-raw": true } : {}),
    "x-errors": errors.map((code) => ({ code, status: ERROR_CODES[code] })),
  };
  if (method === "GET") {
    operation.parameters = queryParameters(input);
  } else {
    const content: Record<string, { schema: JsonSchema }> = { "application/json": { schema: input } };
    if (call.multipart) {
      const files = Object.fromEntries(
        Object.entries(input.properties ?? {}).filter(([, s]) => s.contentMediaType),
      );
      content["multipart/form-data"] = {
        schema: {
          type: "object",
          properties: {
            jsonData: {
              type: "string",
              contentMediaType: "application/json",
              description: "The other fields, as the JSON body above",
            },
            ...files,
          },
        },
      };
    }
    operation.requestBody = { required: true, content };
  }
  if (call.auth === "product") {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: "idempotency-key",
        in: "header",
        required: false,
        description:
          "A retry with the same key answers the same result; the same key with another body is IDEMPOTENCY_MISMATCH (at most 255 characters)",
        schema: { type: "string", maxLength: 255 },
      },
    ];
  }
  return operation;
}

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

Language: the body's \`lang\` (${LOCALES.join(", ")}), else the \`LANGUAGE\` cookie, else (a caller with \`authorization\` and no cookie) \`Accept-Language\`.

Authentication: a person's session is the portal's cookie in the browser, or the person's token in \`authorization\` (\`authorization: <token>\` or \`Bearer <token>\`) for a product holding one. A product's own calls (order creation) carry its \`api_key\`. A POST with the portal's cookie must come from the portal's own origin.

Product events arrive at the product's \`webhook\` as signed POSTs (see webhooks): verify \`${SIGNATURE_HEADER}\`: ${SIGNATURE_DESCRIPTION}`;

/** The whole document for `registry` (pure: the unit test builds it from the real registry). */
export function buildOpenApi(
  registry: Record<string, Call>,
  options: { title?: string } = {},
): OpenApiDocument {
  const { index, raw } = sharedIndex();
  const paths: OpenApiDocument["paths"] = {};
  for (const path of Object.keys(registry).sort()) {
    const call = registry[path] as Call;
    const method = (call.method ?? "POST").toLowerCase() as "get" | "post";
    paths[`${API_PREFIX}${path}`] = { [method]: operationOf(path, call, index) };
  }
  const used = new Set(Object.keys(registry).map(tagOf));
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: { title: options.title ?? "Account portal API", version: "2.0", description: INFO_DESCRIPTION },
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

let cached: OpenApiDocument | undefined;

/** The document of the running portal's registry, built on first use. */
export async function openApiDocument(): Promise<OpenApiDocument> {
  if (!cached) {
    // Imported here: the registry lists this module's own call.
    const { registry } = await import("@/server/registry");
    const { env } = await import("@/lib/env");
    cached = buildOpenApi(registry, { title: `${env().BRAND_NAME} account portal API` });
  }
  return cached;
}
