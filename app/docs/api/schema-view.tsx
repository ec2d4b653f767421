// The fields of a JSON Schema (draft 2020-12, as server/openapi writes it) as plain HTML: name,
// type, required, limits and words; nested objects indented, shared answers linked by name.
import type { ReactNode } from "react";
import type { JsonSchema } from "@/server/openapi/types";

const REF_PREFIX = "#/components/schemas/";
const MAX_DEPTH = 5;

/** Backticks in the document's words become code spans. */
export function Prose({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string.
          <code key={i} className="rounded bg-gray-100 px-1 font-mono text-[0.85em] break-words">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export const refName = (schema: JsonSchema): string | undefined =>
  typeof schema.$ref === "string" && schema.$ref.startsWith(REF_PREFIX)
    ? schema.$ref.slice(REF_PREFIX.length)
    : undefined;

const isNull = (s: JsonSchema) => s.type === "null";

/** The branches of a union other than null, and whether null is one of them. */
function branches(schema: JsonSchema): { items: JsonSchema[]; nullable: boolean } {
  const all = schema.anyOf ?? schema.oneOf ?? [];
  return { items: all.filter((s) => !isNull(s)), nullable: all.some(isNull) };
}

/** A short type: `string (date-time)`, `integer`, `"PAID" | "CANCEL"`, `Order[]`, `UserInfo | null`. */
export function typeLabel(schema: JsonSchema): string {
  const name = refName(schema);
  if (name) return name;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf || schema.oneOf) {
    const { items, nullable } = branches(schema);
    const label = items.map(typeLabel).join(" | ");
    return nullable ? `${label} | null` : label;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `${schema.items ? typeLabel(schema.items) : "any"}[]`;
  if (type === "object" && !schema.properties && schema.additionalProperties) {
    const values = schema.additionalProperties === true ? "any" : typeLabel(schema.additionalProperties);
    return `{ [key]: ${values} }`;
  }
  if (!type) return schema.contentMediaType ? "file" : "any";
  if (schema.contentMediaType === "application/octet-stream") return "file";
  return schema.format ? `${type} (${schema.format})` : type;
}

/** Limits a caller must respect: lengths, ranges, counts, pattern, default. */
export function limitsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  const range = (min?: number, max?: number, unit = "") => {
    if (min !== undefined && max !== undefined) out.push(`${min}–${max}${unit}`);
    else if (min !== undefined) out.push(`≥ ${min}${unit}`);
    else if (max !== undefined) out.push(`≤ ${max}${unit}`);
  };
  range(schema.minLength, schema.maxLength, " chars");
  range(schema.minimum ?? schema.exclusiveMinimum, schema.maximum ?? schema.exclusiveMaximum);
  range(schema.minItems, schema.maxItems, " items");
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** The object a field's children come from: its own properties, its items', or its one non-null branch's. */
function childrenOf(schema: JsonSchema): JsonSchema | undefined {
  if (refName(schema)) return undefined;
  if (schema.properties) return schema;
  if (schema.type === "array" && schema.items) return childrenOf(schema.items);
  const { items } = branches(schema);
  if (items.length === 1 && items[0]) return childrenOf(items[0]);
  return undefined;
}

/** Union branches worth showing one by one (objects, or shared answers). */
function variantsOf(schema: JsonSchema): JsonSchema[] {
  const target = schema.type === "array" && schema.items ? schema.items : schema;
  const { items } = branches(target);
  return items.length > 1 && items.some((s) => s.properties || refName(s)) ? items : [];
}

function TypeText({ schema }: { schema: JsonSchema }) {
  const { items } = branches(schema);
  const linked =
    refName(schema) ??
    (schema.items ? refName(schema.items) : undefined) ??
    (items.length === 1 && items[0] ? refName(items[0]) : undefined);
  const label = typeLabel(schema);
  if (!linked) return <span className="font-mono text-xs text-violet-700 break-all">{label}</span>;
  return (
    <a href={`#schema-${linked}`} className="font-mono text-xs text-violet-700 underline break-all">
      {label}
    </a>
  );
}

export function Fields({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }): ReactNode {
  const variants = variantsOf(schema);
  if (variants.length > 0) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-xs text-gray-600">One of:</p>
        {variants.map((variant, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a union's branches keep their order.
            key={i}
            className="rounded border border-dashed border-gray-300 p-2"
          >
            <p className="mb-1 text-xs font-medium text-gray-700">
              {refName(variant) ? <TypeText schema={variant} /> : `Variant ${i + 1}`}
            </p>
            {refName(variant) ? null : <Fields schema={variant} depth={depth + 1} />}
          </div>
        ))}
      </div>
    );
  }
  const object = childrenOf(schema);
  if (!object?.properties) {
    return (
      <p className="text-sm">
        <TypeText schema={schema} />
        {schema.description ? <span className="text-gray-600"> — {schema.description}</span> : null}
      </p>
    );
  }
  const required = new Set(object.required ?? []);
  const entries = Object.entries(object.properties);
  if (entries.length === 0) return <p className="text-sm text-gray-500">No fields.</p>;
  return (
    <ul className="flex flex-col divide-y divide-gray-100">
      {entries.map(([name, field]) => {
        const limits = limitsOf(field);
        const nested = depth < MAX_DEPTH && (childrenOf(field) || variantsOf(field).length > 0);
        return (
          <li key={name} className="py-1.5">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
              <code className="font-mono font-semibold break-all">{name}</code>
              <TypeText schema={field} />
              {required.has(name) ? (
                <span className="rounded bg-amber-50 px-1 text-xs text-amber-800">required</span>
              ) : (
                <span className="text-xs text-gray-500">optional</span>
              )}
              {limits.map((l) => (
                <span key={l} className="rounded bg-gray-100 px-1 text-xs text-gray-700 break-all">
                  {l}
                </span>
              ))}
            </div>
            {field.description ? <Prose text={field.description} className="text-xs text-gray-600" /> : null}
            {nested ? (
              <div className="mt-1 border-l-2 border-gray-100 pl-3">
                <Fields schema={field} depth={depth + 1} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
