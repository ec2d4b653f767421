import type { ReactNode } from "react";
import { ApiNav } from "./api-nav";
import { navSectionsOf, referenceDocument } from "./reference";

// The reference's frame (issue 38): a skip link, the side navigation by module with its filter,
// and one section's page beside it. The navigation stays while the pages change (a module is
// fetched when it is opened, never all at once).
export default function ApiReferenceLayout({ children }: { children: ReactNode }) {
  const doc = referenceDocument();
  return (
    <div lang="en" className="mx-auto max-w-7xl px-4 break-words">
      <a
        href="#content"
        className="sr-only rounded bg-white px-3 py-2 text-sm ring-2 ring-brand-600 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10"
      >
        Skip to the reference
      </a>
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-gray-200 py-3 text-sm">
        <p className="font-semibold">
          {doc.info.title} <span className="font-normal text-gray-600">· version {doc.info.version}</span>
        </p>
        <p className="text-gray-700">
          OpenAPI 3.1 for tools:{" "}
          <a href="/2.0/openapi.json" className="font-mono text-brand-600 underline">
            /2.0/openapi.json
          </a>
        </p>
      </header>
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <div className="pt-4 lg:pt-0">
          <ApiNav sections={navSectionsOf(doc)} />
        </div>
        <main id="content" tabIndex={-1} className="min-w-0 pb-12 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
