import "server-only";
import { z } from "zod";
import { commissionDto } from "@/server/affiliate/schema";
import { secondFactorStepDto, signedInDto, verificationStepDto } from "@/server/auth/schema";
import { transferInstructionsDto } from "@/server/checkout/schema";
import { orderDto, orderLineDto } from "@/server/order/schema";
import { packageDto } from "@/server/package/schema";
import { storeDto } from "@/server/partner/schema";
import { paymentDto } from "@/server/payment/schema";
import { deviceDto } from "@/server/two-factor/schema";
import { userInfoDto } from "@/server/user/schema";
import type { JsonSchema } from "./types";

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

export const REF_PREFIX = "#/components/schemas/";

/** A shared answer's JSON Schema (as zod writes it) → its component's name. */
export type SharedIndex = Map<string, string>;

export function sharedIndex(): { index: SharedIndex; raw: Record<string, JsonSchema> } {
  const raw = Object.fromEntries(
    Object.entries(SHARED).map(([name, s]) => [name, jsonSchemaOf(s, "output")]),
  );
  return { index: new Map(Object.entries(raw).map(([name, s]) => [JSON.stringify(s), name])), raw };
}

/** Replaces every subtree that is a shared answer (a description beside it kept) with a $ref. */
export function withRefs(node: unknown, index: SharedIndex, self?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => withRefs(n, index, self));
  if (!node || typeof node !== "object") return node;
  const { description, ...rest } = node as JsonSchema;
  const name = index.get(JSON.stringify(rest));
  if (name && name !== self) return { $ref: `${REF_PREFIX}${name}`, ...(description ? { description } : {}) };
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withRefs(v, index, self)]));
}

export function envelopeSchema(code: JsonSchema, data: JsonSchema): JsonSchema {
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
