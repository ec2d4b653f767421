"use client";
import Link from "next/link";
import { useSelectedLayoutSegment } from "next/navigation";
import { useEffect, useId, useState } from "react";

// The reference's side navigation (issue 38): one link per module, the current one marked, its
// calls under it, and a filter over every call's path and summary. On a phone it folds into a
// disclosure above the page. Developers' English, like the document (the page is not translated).

export type NavCall = { id: string; method: string; path: string; summary: string };
export type NavSection = { slug: string; label: string; calls: NavCall[] };

export const BASE = "/docs/api";

/** The calls whose path or summary holds every word of `query` (any case), by section. */
export function filterSections(sections: NavSection[], query: string): NavSection[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return sections;
  return sections
    .map((section) => ({
      ...section,
      calls: section.calls.filter((call) => {
        const text = `${call.path} ${call.summary}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((section) => section.calls.length > 0);
}

/**
 * Where an anchor of the one-page reference (before issue 38) lives now: `/docs/api#orderCreate`
 * → `/docs/api/order#orderCreate`. Undefined when it is on the overview or unknown.
 */
export function movedAnchor(sections: NavSection[], hash: string): string | undefined {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return undefined;
  if (id.startsWith("error-") || id === "errors") return `${BASE}/errors#${id}`;
  if (id.startsWith("schema-") || id === "shared") return `${BASE}/schemas#${id}`;
  if (id === "webhooks") return `${BASE}/events`;
  if (id.startsWith("tag-")) {
    const slug = id.slice("tag-".length);
    return sections.some((s) => s.slug === slug) ? `${BASE}/${slug}` : undefined;
  }
  const section = sections.find((s) => s.calls.some((c) => c.id === id));
  return section ? `${BASE}/${section.slug}#${id}` : undefined;
}

const hrefOf = (slug: string | null) => (slug ? `${BASE}/${slug}` : BASE);

/** What the filter's status line says (a screen reader reads it as it changes). */
function matchText(n: number): string {
  if (n === 0) return "No call matches.";
  return n === 1 ? "1 call matches." : `${n} calls match.`;
}

export function ApiNav({ sections, current }: { sections: NavSection[]; current?: string | null }) {
  const segment = useSelectedLayoutSegment();
  const here = current === undefined ? segment : current;
  const [query, setQuery] = useState("");
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const filterId = useId();
  const hintId = useId();
  const shown = filterSections(sections, query);
  const isFiltering = query.trim() !== "";
  const matches = shown.reduce((n, s) => n + s.calls.length, 0);
  const hereLabel = sections.find((s) => s.slug === here)?.label ?? "Overview";

  // A link to the one-page reference's anchors (bookmarks, other sites) still finds its call.
  useEffect(() => {
    if (here !== null) return;
    const moved = movedAnchor(sections, window.location.hash);
    if (moved) window.location.replace(moved);
  }, [here, sections]);

  const close = () => setOpen(false);
  const itemClass = (isCurrent: boolean) =>
    `flex min-h-9 items-center justify-between gap-2 rounded px-2 py-1 ${
      isCurrent ? "bg-brand-50 font-semibold text-brand-700" : "text-gray-700 hover:bg-gray-100"
    }`;

  return (
    <nav aria-label="API reference" className="lg:sticky lg:top-0 lg:max-h-screen lg:overflow-y-auto lg:py-6">
      <button
        type="button"
        className="flex min-h-11 w-full items-center justify-between rounded-lg bg-white px-3 text-left text-sm font-medium ring-1 ring-gray-200 lg:hidden"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen(!isOpen)}
      >
        <span>
          Contents <span className="font-normal text-gray-600">· {hereLabel}</span>
        </span>
        <span aria-hidden="true">{isOpen ? "▴" : "▾"}</span>
      </button>
      <div id={panelId} className={`${isOpen ? "block" : "hidden"} mt-2 lg:mt-0 lg:block`}>
        <label htmlFor={filterId} className="text-sm font-medium">
          Filter calls
        </label>
        <input
          id={filterId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          placeholder="path or summary, e.g. order create"
          className="mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm"
        />
        <p id={hintId} className="mt-1 text-xs text-gray-600">
          Lists the calls of every module whose path or summary holds each word.
        </p>
        <p role="status" className="mt-2 text-xs text-gray-700">
          {isFiltering ? matchText(matches) : ""}
        </p>
        {isFiltering ? (
          <ul className="mt-1 flex flex-col gap-3 text-sm">
            {shown.map((section) => (
              <li key={section.slug}>
                <span className="px-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">
                  {section.label}
                </span>
                <ul className="mt-1 flex flex-col">
                  {section.calls.map((call) => (
                    <li key={call.id}>
                      <Link
                        href={section.slug === here ? `#${call.id}` : `${hrefOf(section.slug)}#${call.id}`}
                        prefetch={false}
                        onClick={close}
                        className="block rounded px-2 py-1 hover:bg-gray-100"
                      >
                        <code className="font-mono text-xs font-semibold break-all text-brand-700">
                          {call.path}
                        </code>
                        <span className="block text-xs text-gray-600">{call.summary}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="mt-1 flex flex-col text-sm">
            <li>
              <Link
                href={BASE}
                prefetch={false}
                onClick={close}
                aria-current={here === null ? "page" : undefined}
                className={itemClass(here === null)}
              >
                Overview
              </Link>
            </li>
            {sections.map((section) => {
              const isCurrent = section.slug === here;
              return (
                <li key={section.slug}>
                  <Link
                    href={hrefOf(section.slug)}
                    prefetch={false}
                    onClick={close}
                    aria-current={isCurrent ? "page" : undefined}
                    className={itemClass(isCurrent)}
                  >
                    <span className={section.calls.length && section.slug !== "events" ? "font-mono" : ""}>
                      {section.label}
                    </span>
                    {section.calls.length > 0 ? (
                      <span className="text-xs font-normal text-gray-600">
                        {section.calls.length}
                        <span className="sr-only"> {section.slug === "events" ? "events" : "calls"}</span>
                      </span>
                    ) : null}
                  </Link>
                  {isCurrent && section.calls.length > 0 ? (
                    <ul
                      aria-label={`${section.label}: on this page`}
                      className="my-1 ml-3 border-l border-gray-200"
                    >
                      {section.calls.map((call) => (
                        <li key={call.id}>
                          <a
                            href={`#${call.id}`}
                            onClick={close}
                            className="block rounded px-2 py-0.5 font-mono text-xs break-all text-gray-700 hover:bg-gray-100"
                          >
                            {call.path}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </nav>
  );
}
