// Bodies for a /2.0 call derived from its own zod schema: zod 4's JSON Schema of the input
// (z.toJSONSchema, io "input") walked into fast-check arbitraries — objects, strings within and
// just outside their bounds, numbers, enums, booleans, arrays, unions, optionals — then mutated
// (a field of the wrong type or hostile, a required field dropped, strangers' keys).
import fc from "fast-check";
import { z } from "zod";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
};

/** The JSON Schema of what a call accepts (transforms and refinements become "anything"). */
export function inputSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Strings an attacker or a broken client sends: injections, odd unicode, prototype keys, sizes. */
export const HOSTILE_STRINGS: { label: string; value: string }[] = [
  { label: "sql or", value: "' OR 1=1--" },
  { label: "sql drop", value: "'; DROP TABLE users;--" },
  { label: "sql quote", value: '" OR ""="' },
  { label: "sql sleep", value: "1'); select pg_sleep(0.1);--" },
  { label: "sql comment", value: "admin'/*" },
  { label: "nosql gt", value: '{"$gt":""}' },
  { label: "nosql ne", value: '{"$ne":null}' },
  { label: "rtl override", value: "\u202egnp.exe\u202c" },
  { label: "zero width", value: "a\u200b\u200c\u200d\ufeffb" },
  { label: "emoji", value: "😀👨‍👩‍👧‍👦🇻🇳" },
  { label: "nul inside", value: "a\u0000b" },
  { label: "nul alone", value: "\u0000" },
  { label: "lone surrogate", value: "x\ud800y" },
  { label: "reversed surrogates", value: "\udfff\ud800" },
  { label: "zalgo", value: "Z̴̡͙a̷̢l̶g̴o" },
  { label: "turkish i", value: "İıſK" },
  { label: "controls", value: "\r\n\t\u0007\u001b[31m" },
  { label: "percent nul", value: "%00%0a%0d%ff" },
  { label: "path traversal", value: "../../../../etc/passwd" },
  { label: "html", value: "<script>alert(1)</script>" },
  { label: "template", value: "\u0024{jndi:ldap://x}{{7*7}}" },
  { label: "__proto__", value: "__proto__" },
  { label: "constructor", value: "constructor" },
  { label: "big number", value: "9".repeat(400) },
  { label: "float words", value: "1e309" },
  { label: "60 kB", value: "x".repeat(60_000) },
  { label: "100 kB", value: "y".repeat(100_000) },
];

/** Values of the wrong type for any field. */
export const WRONG_VALUES: { label: string; value: unknown }[] = [
  { label: "number", value: 42 },
  { label: "negative", value: -1 },
  { label: "float", value: 1.5 },
  { label: "huge number", value: 1e308 },
  { label: "true", value: true },
  { label: "null", value: null },
  { label: "empty array", value: [] },
  { label: "array", value: ["a", 1, null] },
  { label: "object", value: { a: 1 } },
  { label: "nosql object", value: { $gt: "" } },
  { label: "proto object", value: JSON.parse('{"__proto__":{"polluted":true}}') },
];

const MAX_GENERATED_STRING = 300;

function stringArb(schema: JsonSchema, name: string, context: FuzzContext): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? MAX_GENERATED_STRING;
  const cap = Math.min(max, MAX_GENERATED_STRING);
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength: Math.min(min, cap), maxLength: cap }),
    fc.string({ minLength: Math.min(min, cap), maxLength: cap, unit: "grapheme" }),
    fc.string({ minLength: Math.min(min, cap), maxLength: cap, unit: "binary" }),
    // Just inside and just outside the bounds.
    fc.constantFrom(
      ...[min, Math.max(0, min - 1), max, max + 1]
        .filter((n, i, all) => n <= 70_000 && all.indexOf(n) === i)
        .map((n) => "a".repeat(n)),
    ),
  ];
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      options.push(fc.stringMatching(pattern).filter((s) => s.length <= max));
      options.push(fc.stringMatching(pattern).filter((s) => s.length <= max));
    } catch {
      // a pattern fast-check cannot read: the plain strings above
    }
  }
  if (schema.format === "date-time") {
    options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  }
  const lower = name.toLowerCase();
  if (lower.includes("email")) {
    options.push(fc.emailAddress(), fc.constant(context.knownEmail));
  }
  if (lower.includes("url") || lower.includes("origin")) {
    options.push(
      fc.webUrl(),
      fc.constantFrom("https://allowed.test/x", "http://allowed.test", "javascript:alert(1)", "//evil.com"),
    );
  }
  if (lower === "id" || lower.endsWith("_id")) options.push(fc.constantFrom(...context.knownIds));
  if (lower.includes("phone")) options.push(fc.stringMatching(/^\+?[0-9 ]{6,15}$/));
  return fc.oneof(...options);
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  const inside = integer
    ? fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) })
    : fc.double({ min, max, noNaN: true });
  const edges = [min - 1, min, max, max + 1, 0, -1, 0.5, Number.MAX_SAFE_INTEGER + 2].filter(Number.isFinite);
  return fc.oneof({ weight: 3, arbitrary: inside }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

export type FuzzContext = { knownEmail: string; knownIds: string[] };

/** A value that conforms to `schema` most of the time and sits at or past its bounds otherwise. */
export function arbitraryOf(schema: JsonSchema, context: FuzzContext, name = ""): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((s) => arbitraryOf(s, context, name)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryOf(schema.allOf[0] ?? {}, context, name);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((t) => arbitraryOf({ ...schema, type: t }, context, name)));
  switch (types[0]) {
    case "string":
      return stringArb(schema, name, context);
    case "integer":
      return numberArb(schema, true);
    case "number":
      return numberArb(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = arbitraryOf(schema.items ?? {}, context, name);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, 5));
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(items, { minLength, maxLength }) },
        { weight: 1, arbitrary: fc.array(items, { minLength: 0, maxLength: (schema.maxItems ?? 5) + 1 }) },
      );
    }
    case "object": {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      const record = fc.record(
        Object.fromEntries(keys.map((k) => [k, arbitraryOf(properties[k] ?? {}, context, k)])),
        { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) },
      ) as fc.Arbitrary<Record<string, unknown>>;
      const extra =
        schema.additionalProperties && typeof schema.additionalProperties === "object"
          ? fc.dictionary(fc.string({ maxLength: 20 }), arbitraryOf(schema.additionalProperties, context), {
              maxKeys: 6,
            })
          : fc.constant({});
      return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Any JSON value, strings hostile now and then. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...WRONG_VALUES.map((w) => w.value)),
  fc.constantFrom(...HOSTILE_STRINGS.filter((h) => h.value.length < 1_000).map((h) => h.value)),
);

/** Bodies for a call: schema-shaped, then mutated one field at a time, or none of its shape. */
export function bodiesOf(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const shaped = arbitraryOf(schema, context).map((v) =>
    v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v },
  );
  const keys = Object.keys(schema.properties ?? {});
  const withKey = (
    f: (body: Record<string, unknown>, key: string) => fc.Arbitrary<Record<string, unknown>>,
  ) =>
    keys.length === 0
      ? shaped
      : fc.tuple(shaped, fc.constantFrom(...keys)).chain(([body, key]) => f(body, key));
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: withKey((body, key) => wrongValue.map((v) => ({ ...body, [key]: v }))) },
    {
      weight: 1,
      arbitrary: withKey((body, key) =>
        fc.constant(Object.fromEntries(Object.entries(body).filter(([k]) => k !== key))),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
    },
  );
}

/** The query string a GET call receives for `body` (non-strings as JSON). */
export function toQuery(body: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(body))
    search.append(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
  return search.toString();
}
