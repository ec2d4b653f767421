import type { Metadata } from "next";
import Link from "next/link";
import { EXTRA_SECTIONS, modulesOf, referenceDocument } from "./reference";
import { Prose } from "./schema-view";
import { SectionHeading } from "./shared-lists";

// For the product teams that integrate with the portal; developers' English, like the document.
export const metadata: Metadata = { title: "API reference" };

const linkClass = "font-mono text-brand-600 underline";

/**
 * The reference's first page: what every call shares (the envelope, language, authentication),
 * where to start, and the modules; each module's calls are a page of their own (/docs/api/<module>).
 */
export default function ApiReferencePage() {
  const doc = referenceDocument();
  const modules = modulesOf(doc);
  const extras: Record<keyof typeof EXTRA_SECTIONS, string> = {
    events: `What the portal POSTs to a product's webhook (${Object.keys(doc.webhooks).length} events) and how to verify it.`,
    schemas: "The answers many calls share (UserInfo, Order, …), written once.",
    errors: "Every data.error code, its HTTP status and what it means.",
  };
  return (
    <div className="pt-6">
      <h1 className="text-2xl font-semibold">{doc.info.title}</h1>
      {doc.info.description.split("\n\n").map((paragraph) => (
        <Prose key={paragraph.slice(0, 40)} text={paragraph} className="mt-3 text-sm text-gray-700" />
      ))}

      <section aria-labelledby="start-here" className="mt-6 rounded-lg bg-brand-50 p-4 text-sm">
        <h2 id="start-here" className="font-semibold">
          Start here (a product of the family)
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>
            Send people to <code className="font-mono">/signin?callback_url=…&amp;app_code=…</code>; they come
            back with <code className="font-mono">token</code>. Check it with{" "}
            <Link href="/docs/api/auth#authUserinfo" prefetch={false} className={linkClass}>
              /2.0/auth/userinfo
            </Link>
            .
          </li>
          <li>
            Read your prices from{" "}
            <Link href="/docs/api/package#packageList" prefetch={false} className={linkClass}>
              /2.0/package/list
            </Link>{" "}
            (any origin may read it, also from a browser) and create orders with{" "}
            <Link href="/docs/api/order#orderCreate" prefetch={false} className={linkClass}>
              /2.0/order/create
            </Link>{" "}
            (your <code className="font-mono">api_key</code>); send the browser to its{" "}
            <code className="font-mono">checkout_url</code>.
          </li>
          <li>
            Receive{" "}
            <Link href="/docs/api/events" prefetch={false} className="text-brand-600 underline">
              product events
            </Link>{" "}
            at your <code className="font-mono">webhook</code> and verify their signature.
          </li>
        </ol>
      </section>

      <SectionHeading id="authentication">Authentication</SectionHeading>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        {Object.entries(doc.components.securitySchemes).map(([name, scheme]) => (
          <div key={name} className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
            <dt className="font-mono font-semibold">{name}</dt>
            <dd className="text-gray-700">
              <span className="text-xs text-gray-600">
                {scheme.type === "http" ? `HTTP ${scheme.scheme}` : `${scheme.in} ${scheme.name}`}
              </span>
              <Prose text={scheme.description ?? ""} />
            </dd>
          </div>
        ))}
      </dl>

      <SectionHeading id="modules">Modules</SectionHeading>
      <p className="mt-1 text-sm text-gray-600">
        Each module&apos;s calls are a page of their own, with the shared answers and error codes they name.
      </p>
      <ul className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {modules.map((m) => (
          <li key={m.name} className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
            <Link
              href={`/docs/api/${m.name}`}
              prefetch={false}
              className="font-mono font-semibold text-brand-600 underline"
            >
              {m.name}
            </Link>{" "}
            <span className="text-xs text-gray-600">
              ({m.entries.length} {m.entries.length === 1 ? "call" : "calls"})
            </span>
            <p className="text-gray-700">{m.description}</p>
          </li>
        ))}
        {(Object.keys(EXTRA_SECTIONS) as (keyof typeof EXTRA_SECTIONS)[]).map((slug) => (
          <li key={slug} className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
            <Link
              href={`/docs/api/${slug}`}
              prefetch={false}
              className="font-semibold text-brand-600 underline"
            >
              {EXTRA_SECTIONS[slug]}
            </Link>
            <p className="text-gray-700">{extras[slug]}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
