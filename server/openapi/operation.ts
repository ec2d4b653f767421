import "server-only";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import type { AuthMode, Call } from "@/server/http/call";
import { errorDescription, errorResponseSchema, errorsOf } from "./error-codes";
import { envelopeSchema, jsonSchemaOf, type SharedIndex, withRefs } from "./json-schema";
import type { JsonSchema, Operation } from "./types";

// One /2.0 call as an OpenAPI operation: its auth, input (body or query), answer and errors.

const SECURITY: Record<AuthMode, Record<string, string[]>[]> = {
  none: [],
  optional: [{}, { sessionCookie: [] }, { personToken: [] }],
  session: [{ sessionCookie: [] }, { personToken: [] }],
  product: [{ productKey: [] }],
  bank: [{ bankKey: [] }],
  admin: [{ sessionCookie: [] }],
};

export const AUTH_DESCRIPTIONS: Record<AuthMode, string> = {
  none: "No authentication.",
  optional:
    "Anyone; a person's session (the portal's cookie, or their token in `authorization`) changes what it answers.",
  session: "A person's session: the portal's cookie, or the person's token in `authorization`.",
  product:
    "Server to server: the product's `api_key` (APPS_CONFIG) as `authorization: Bearer <api_key>`; no cookie, no Origin check.",
  bank: "The bank's notification: `Authorization: Apikey <BANK_WEBHOOK_KEY>`.",
  admin:
    "An operator: the portal's session cookie only, of a person with the admin scope whose sign-in proved the second factor or used a passkey. Destructive actions also need a re-authentication within 15 minutes.",
};

export const tagOf = (path: string) => {
  const parts = path.split("/").filter(Boolean);
  return parts.length > 1 ? (parts[0] as string) : "reference";
};

const operationIdOf = (path: string) =>
  path
    .slice(1)
    .replace(/\.json$/, "")
    .replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase());

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
  if (call.cors === "public")
    notes.push(
      "Any origin may call it from a browser: CORS `Access-Control-Allow-Origin: *` without credentials (send no cookie), and a preflight OPTIONS is answered.",
    );
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

/**
 * The call as the operation of one of its methods (a call that takes two has two operations: the
 * one of its own method keeps the plain id, the other's id ends with the method).
 */
export function operationOf(
  path: string,
  call: Call,
  index: SharedIndex,
  method: "GET" | "POST" = call.method ?? "POST",
): Operation {
  const isOwn = method === (call.method ?? "POST");
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
    operationId: isOwn ? operationIdOf(path) : `${operationIdOf(path)}${method === "GET" ? "Get" : "Post"}`,
    tags: [tagOf(path)],
    summary: call.summary ?? path,
    description: describeCall(call),
    security: SECURITY[call.auth],
    responses,
    "x-auth": call.auth,
    ...(call.raw ? { "x-raw": true } : {}),
    ...(call.cors ? { "x-cors": call.cors } : {}),
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
  // Only the calls that keep a result per key read the header (order/create).
  if (call.auth === "product" && call.errors?.includes("IDEMPOTENCY_MISMATCH")) {
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
