import type { Metadata } from "next";
import type { ReactNode } from "react";
import type { AuthMode } from "@/lib/http/call";
import {
  COMMON_ERRORS,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  openApiDocument,
} from "@/server/openapi/document";
import { Fields, Prose } from "./schema-view";

// For the product teams that integrate with the portal; developers' English, like the document.
export const metadata: Metadata = { title: "API reference" };

const AUTH_LABELS: Record<AuthMode, string> = {
  none: "no auth",
  optional: "session optional",
  session: "session: cookie or token",
  product: "product api key",
  bank: "bank key",
};

const AUTH_STYLES: Record<AuthMode, string> = {
  none: "bg-gray-100 text-gray-700",
  optional: "bg-sky-50 text-sky-800",
  session: "bg-emerald-50 text-emerald-800",
  product: "bg-amber-50 text-amber-900",
  bank: "bg-rose-50 text-rose-800",
};

type Entry = { path: string; method: string; operation: Operation };

function entriesOf(doc: OpenApiDocument): Entry[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Operation })),
  );
}

/** The `data` a call answers: the envelope's, or a raw call's whole body. */
function answerOf(operation: Operation): JsonSchema {
  const schema = operation.responses["200"]?.content?.["application/json"]?.schema ?? {};
  return operation["x-raw"] ? schema : (schema.properties?.data ?? {});
}

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mt-10 scroll-mt-4 border-b border-gray-200 pb-1 text-xl font-semibold">
      {children}
    </h2>
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

function OperationCard({ entry }: { entry: Entry }) {
  const { path, method, operation } = entry;
  const auth = operation["x-auth"];
  const body = operation.requestBody?.content["application/json"]?.schema;
  const multipart = operation.requestBody?.content["multipart/form-data"]?.schema;
  return (
    <section
      id={operation.operationId}
      className="mt-4 scroll-mt-4 rounded-lg bg-white p-4 ring-1 ring-gray-200"
      data-testid="api-operation"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-gray-900 px-1.5 py-0.5 font-mono text-xs font-semibold text-white uppercase">
          {method}
        </span>
        <code className="font-mono text-sm font-semibold break-all">{path}</code>
        <span className={`rounded px-1.5 py-0.5 text-xs ${AUTH_STYLES[auth]}`}>{AUTH_LABELS[auth]}</span>
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
                  <span className="text-red-600/80">{e.status}</span>
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
    </section>
  );
}

/** GET /2.0/openapi.json rendered: every call by module, the events, shared answers and error codes. */
export default async function ApiReferencePage() {
  const doc = await openApiDocument();
  const entries = entriesOf(doc);
  const byTag = doc.tags
    .map((tag) => ({ tag, items: entries.filter((e) => e.operation.tags[0] === tag.name) }))
    .filter((group) => group.items.length > 0);
  const errorCodes = (doc.components.schemas.ErrorCode?.oneOf ?? []) as (JsonSchema & {
    "x-status": number;
  })[];
  const shared = Object.entries(doc.components.schemas).filter(([name]) => !name.startsWith("Error"));

  return (
    <main lang="en" className="mx-auto max-w-5xl px-4 py-8 break-words">
      <header>
        <p className="text-sm text-gray-500">API reference · version {doc.info.version}</p>
        <h1 className="text-2xl font-semibold">{doc.info.title}</h1>
        {doc.info.description.split("\n\n").map((paragraph) => (
          <Prose key={paragraph.slice(0, 40)} text={paragraph} className="mt-3 text-sm text-gray-700" />
        ))}
        <p className="mt-3 text-sm">
          The same as OpenAPI 3.1 for tools (code generators, Postman, mock servers):{" "}
          <a href="/2.0/openapi.json" className="font-mono text-brand-600 underline">
            /2.0/openapi.json
          </a>
        </p>
      </header>

      <section aria-labelledby="start-here" className="mt-6 rounded-lg bg-brand-50 p-4 text-sm">
        <h2 id="start-here" className="font-semibold">
          Start here (a product of the family)
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>
            Send people to <code className="font-mono">/signin?callback_url=…&amp;app_code=…</code>; they come
            back with <code className="font-mono">token</code>. Check it with{" "}
            <a href="#authUserinfo" className="font-mono text-brand-600 underline">
              /2.0/auth/userinfo
            </a>
            .
          </li>
          <li>
            Read your prices from{" "}
            <a href="#packageList" className="font-mono text-brand-600 underline">
              /2.0/package/list
            </a>{" "}
            and create orders with{" "}
            <a href="#orderCreate" className="font-mono text-brand-600 underline">
              /2.0/order/create
            </a>{" "}
            (your <code className="font-mono">api_key</code>); send the browser to its{" "}
            <code className="font-mono">checkout_url</code>.
          </li>
          <li>
            Receive{" "}
            <a href="#webhooks" className="text-brand-600 underline">
              product events
            </a>{" "}
            at your <code className="font-mono">webhook</code> and verify their signature.
          </li>
        </ol>
      </section>

      <nav aria-label="Contents" className="mt-6 rounded-lg bg-white p-4 ring-1 ring-gray-200">
        <ul className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <li>
            <a href="#authentication" className="text-brand-600 underline">
              Authentication
            </a>
          </li>
          {byTag.map(({ tag, items }) => (
            <li key={tag.name}>
              <a href={`#tag-${tag.name}`} className="text-brand-600 underline">
                {tag.name}
              </a>{" "}
              <span className="text-gray-500">({items.length})</span>
            </li>
          ))}
          <li>
            <a href="#webhooks" className="text-brand-600 underline">
              Product events (webhooks)
            </a>
          </li>
          <li>
            <a href="#shared" className="text-brand-600 underline">
              Shared answers
            </a>
          </li>
          <li>
            <a href="#errors" className="text-brand-600 underline">
              Error codes
            </a>
          </li>
        </ul>
      </nav>

      <Heading id="authentication">Authentication</Heading>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        {Object.entries(doc.components.securitySchemes).map(([name, scheme]) => (
          <div key={name} className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
            <dt className="font-mono font-semibold">{name}</dt>
            <dd className="text-gray-700">
              <span className="text-xs text-gray-500">
                {scheme.type === "http" ? `HTTP ${scheme.scheme}` : `${scheme.in} ${scheme.name}`}
              </span>
              <Prose text={scheme.description ?? ""} />
            </dd>
          </div>
        ))}
      </dl>

      {byTag.map(({ tag, items }) => (
        <div key={tag.name}>
          <Heading id={`tag-${tag.name}`}>{tag.name}</Heading>
          <p className="mt-1 text-sm text-gray-600">{tag.description}</p>
          <ul className="mt-2 flex flex-col gap-0.5 text-sm">
            {items.map(({ path, operation }) => (
              <li key={path}>
                <a
                  href={`#${operation.operationId}`}
                  className="font-mono text-brand-600 underline break-all"
                >
                  {path}
                </a>
              </li>
            ))}
          </ul>
          {items.map((entry) => (
            <OperationCard key={entry.path} entry={entry} />
          ))}
        </div>
      ))}

      <Heading id="webhooks">Product events (webhooks)</Heading>
      {Object.entries(doc.webhooks).map(([type, { post }]) => (
        <section
          key={type}
          id={`event-${type}`}
          className="mt-4 scroll-mt-4 rounded-lg bg-white p-4 ring-1 ring-gray-200"
        >
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
        </section>
      ))}

      <Heading id="shared">Shared answers</Heading>
      {shared.map(([name, schema]) => (
        <section
          key={name}
          id={`schema-${name}`}
          className="mt-4 scroll-mt-4 rounded-lg bg-white p-4 ring-1 ring-gray-200"
        >
          <h3 className="font-mono font-semibold">{name}</h3>
          <div className="mt-1">
            <Fields schema={schema} />
          </div>
        </section>
      ))}

      <Heading id="errors">Error codes</Heading>
      <p className="mt-1 text-sm text-gray-600">
        A failure answers its HTTP status with the envelope{" "}
        <code className="font-mono">{"{ code, message, data: { error, request_id, fields? } }"}</code>;{" "}
        <code className="font-mono">error</code> is one of these, the same in every language.
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-gray-100 rounded-lg bg-white ring-1 ring-gray-200">
        {errorCodes.map((e) => (
          <li key={String(e.const)} id={`error-${String(e.const)}`} className="scroll-mt-4 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-baseline gap-2">
              <code className="font-mono font-semibold break-all">{String(e.const)}</code>
              <span className="text-xs text-gray-500">HTTP {e["x-status"]}</span>
            </div>
            <Prose text={e.description ?? ""} className="text-gray-700" />
          </li>
        ))}
      </ul>
    </main>
  );
}
