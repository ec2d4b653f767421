import type { ReactNode } from "react";
import type { AuthMode } from "@/server/http/call";
import { COMMON_ERRORS } from "@/server/openapi/error-codes";
import type { JsonSchema, Operation } from "@/server/openapi/types";
import { Fields, Prose } from "./schema-view";

// One call (or product event) of the reference: its badges, words, input, answer and error codes.

const AUTH_LABELS: Record<AuthMode, string> = {
  none: "no auth",
  optional: "session optional",
  session: "session: cookie or token",
  product: "product api key",
  bank: "bank key",
  admin: "operator: admin with second factor",
};

const AUTH_STYLES: Record<AuthMode, string> = {
  none: "bg-gray-100 text-gray-700",
  optional: "bg-sky-50 text-sky-800",
  session: "bg-emerald-50 text-emerald-800",
  product: "bg-amber-50 text-amber-900",
  bank: "bg-rose-50 text-rose-800",
  admin: "bg-violet-50 text-violet-800",
};

export type Entry = { path: string; method: string; operation: Operation };

/** The `data` a call answers: the envelope's, or a raw call's whole body. */
function answerOf(operation: Operation): JsonSchema {
  const schema = operation.responses["200"]?.content?.["application/json"]?.schema ?? {};
  return operation["x-raw"] ? schema : (schema.properties?.data ?? {});
}

/** A card of the reference that a contents link or an error code's link scrolls to. */
export function Card({ id, testId, children }: { id: string; testId?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      className="mt-4 scroll-mt-4 rounded-lg bg-white p-4 ring-1 ring-gray-200"
      data-testid={testId}
    >
      {children}
    </section>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-3">
      <h4 className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{title}</h4>
      <div className="mt-1">{children}</div>
    </div>
  );
}

function Parameters({ operation }: { operation: Operation }) {
  if (!operation.parameters?.length) return null;
  return (
    <Block title="Parameters">
      <ul className="flex flex-col divide-y divide-gray-100">
        {operation.parameters.map((p) => (
          <li key={`${p.in}:${p.name}`} className="py-1.5 text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-semibold break-all">{p.name}</code>
              <span className="text-xs text-gray-500">in {p.in}</span>
              {p.required ? (
                <span className="rounded bg-amber-50 px-1 text-xs text-amber-800">required</span>
              ) : (
                <span className="text-xs text-gray-500">optional</span>
              )}
            </div>
            {p.description ? <Prose text={p.description} className="text-xs text-gray-600" /> : null}
            {p.schema.properties || p.schema.type === "object" ? (
              <Fields schema={p.schema} depth={1} />
            ) : null}
          </li>
        ))}
      </ul>
    </Block>
  );
}

/** What every call may answer: listed once, under Error codes, rather than on every call. */
const COMMON = new Set<string>([...COMMON_ERRORS, "FORBIDDEN_ORIGIN"]);

export function OperationCard({ entry }: { entry: Entry }) {
  const { path, method, operation } = entry;
  const auth = operation["x-auth"];
  const body = operation.requestBody?.content["application/json"]?.schema;
  const multipart = operation.requestBody?.content["multipart/form-data"]?.schema;
  return (
    <Card id={operation.operationId} testId="api-operation">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-gray-900 px-1.5 py-0.5 font-mono text-xs font-semibold text-white uppercase">
          {method}
        </span>
        <code className="font-mono text-sm font-semibold break-all">{path}</code>
        <span className={`rounded px-1.5 py-0.5 text-xs ${AUTH_STYLES[auth]}`}>{AUTH_LABELS[auth]}</span>
        {operation["x-cors"] === "public" ? (
          <span className="rounded bg-teal-50 px-1.5 py-0.5 text-xs text-teal-800">any origin (CORS)</span>
        ) : null}
        {operation["x-raw"] ? (
          <span className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700">raw answer</span>
        ) : null}
      </div>
      <h3 className="mt-2 font-medium">{operation.summary}</h3>
      <Prose text={operation.description} className="mt-1 text-sm text-gray-600" />
      <Parameters operation={operation} />
      {body ? (
        <Block title="Request body (JSON)">
          <Fields schema={body} />
          {multipart ? (
            <p className="mt-1 text-xs text-gray-600">
              Or <code className="font-mono">multipart/form-data</code>: these fields as JSON in{" "}
              <code className="font-mono">jsonData</code>, files beside it.
            </p>
          ) : null}
        </Block>
      ) : null}
      <Block title={operation["x-raw"] ? "Answer (the whole body)" : "Answer: data"}>
        <Fields schema={answerOf(operation)} />
      </Block>
      <Block title="Error codes (data.error)">
        <ul className="flex flex-wrap gap-1.5">
          {operation["x-errors"]
            .filter((e) => !COMMON.has(e.code))
            .map((e) => (
              <li key={e.code}>
                <a
                  href={`#error-${e.code}`}
                  className="inline-flex items-baseline gap-1 rounded bg-red-50 px-1.5 py-0.5 font-mono text-xs text-red-800 hover:underline"
                >
                  {e.code}
                  <span className="text-red-700">{e.status}</span>
                </a>
              </li>
            ))}
          <li className="text-xs text-gray-500">
            and{" "}
            <a href="#errors" className="underline">
              the common ones
            </a>{" "}
            (
            {operation["x-errors"]
              .filter((e) => COMMON.has(e.code))
              .map((e) => e.code)
              .join(", ")}
            )
          </li>
        </ul>
      </Block>
    </Card>
  );
}

/** A product event: what the portal POSTs to a product's webhook. */
export function EventCard({ type, post }: { type: string; post: Operation }) {
  return (
    <Card id={`event-${type}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-gray-900 px-1.5 py-0.5 font-mono text-xs font-semibold text-white">
          EVENT
        </span>
        <code className="font-mono text-sm font-semibold">{type}</code>
      </div>
      <h3 className="mt-2 font-medium">{post.summary}</h3>
      <Prose text={post.description} className="mt-1 text-sm text-gray-600" />
      <Parameters operation={post} />
      <Block title="Body">
        <Fields schema={post.requestBody?.content["application/json"]?.schema ?? {}} />
      </Block>
    </Card>
  );
}
