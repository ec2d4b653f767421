import type { ErrorCode } from "@/lib/errors";
import type { AuthMode } from "@/server/http/call";

// The shape of the API reference: OpenAPI 3.1 as far as the reference page (/docs/api) reads it.

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
  /** "public": any origin may call it from a browser (CORS `*`, no credentials). */
  "x-cors"?: "public";
  "x-errors": ErrorEntry[];
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: {
    title: string;
    version: string;
    description: string;
    contact: { name: string; url: string };
    license: { name: string; url: string };
  };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<"get" | "post", Operation>>>;
  webhooks: Record<string, { post: Operation }>;
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    schemas: Record<string, JsonSchema>;
  };
};
