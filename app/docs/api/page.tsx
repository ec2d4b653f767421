import type { Metadata } from "next";
import { openApiDocument } from "@/server/openapi/document";
import type { JsonSchema, OpenApiDocument, Operation } from "@/server/openapi/types";
import { registry } from "@/server/registry";
import { Card, type Entry, EventCard, OperationCard } from "./operation-card";
import { Fields, Prose } from "./schema-view";

// For the product teams that integrate with the portal; developers' English, like the document.
export const metadata: Metadata = { title: "API reference" };

function entriesOf(doc: OpenApiDocument): Entry[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Operation })),
  );
}

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mt-10 scroll-mt-4 border-b border-gray-200 pb-1 text-xl font-semibold">
      {children}
    </h2>
  );
}

/** GET /2.0/openapi.json rendered: every call by module, the events, shared answers and error codes. */
export default async function ApiReferencePage() {
  const doc = openApiDocument(registry);
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
        <EventCard key={type} type={type} post={post} />
      ))}

      <Heading id="shared">Shared answers</Heading>
      {shared.map(([name, schema]) => (
        <Card key={name} id={`schema-${name}`}>
          <h3 className="font-mono font-semibold">{name}</h3>
          <div className="mt-1">
            <Fields schema={schema} />
          </div>
        </Card>
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
