import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EventCard, OperationCard } from "../operation-card";
import {
  EXTRA_SECTIONS,
  errorCodesNamedBy,
  errorCodesOf,
  modulesOf,
  referenceDocument,
  sharedAnswersOf,
} from "../reference";
import { ENVELOPE_NOTE, ErrorCodeList, SectionHeading, SharedAnswers } from "../shared-lists";

type Props = { params: Promise<{ section: string }> };

/** A section's title: its module's name, or the name of one of the other pages; undefined when none. */
function titleOf(section: string): string | undefined {
  if (Object.hasOwn(EXTRA_SECTIONS, section)) return EXTRA_SECTIONS[section as keyof typeof EXTRA_SECTIONS];
  return modulesOf(referenceDocument()).some((m) => m.name === section) ? `${section} calls` : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const title = titleOf((await params).section);
  return { title: title ? `${title} · API reference` : "API reference" };
}

/**
 * One page of the reference (issue 38): a module's calls, or the product events, the shared
 * answers or the error codes. A module's page also lists the shared answers and error codes its
 * calls name, so its links stay on it.
 */
export default async function ApiSectionPage({ params }: Props) {
  const { section } = await params;
  const doc = referenceDocument();
  const schemas = doc.components.schemas;

  if (section === "events") {
    const events = Object.entries(doc.webhooks);
    const shared = sharedAnswersOf(events, doc);
    return (
      <div className="pt-6">
        <h1 className="text-2xl font-semibold">{EXTRA_SECTIONS.events}</h1>
        <p className="mt-1 text-sm text-gray-600">
          What the portal POSTs to a product&apos;s <code className="font-mono">webhook</code> (APPS_CONFIG),
          each signed in <code className="font-mono">x-portal-signature</code>.
        </p>
        {events.map(([type, { post }]) => (
          <EventCard key={type} type={type} post={post} />
        ))}
        {shared.length > 0 ? (
          <>
            <SectionHeading id="shared">Shared answers on this page</SectionHeading>
            <SharedAnswers names={shared} schemas={schemas} />
          </>
        ) : null}
      </div>
    );
  }

  if (section === "schemas") {
    return (
      <div className="pt-6">
        <h1 className="text-2xl font-semibold">{EXTRA_SECTIONS.schemas}</h1>
        <p className="mt-1 text-sm text-gray-600">
          Answers many calls share, written once; a call&apos;s page repeats those it names.
        </p>
        <div id="shared">
          <SharedAnswers
            names={Object.keys(schemas).filter((n) => !n.startsWith("Error"))}
            schemas={schemas}
          />
        </div>
      </div>
    );
  }

  if (section === "errors") {
    return (
      <div className="pt-6">
        <h1 id="errors" className="text-2xl font-semibold">
          {EXTRA_SECTIONS.errors}
        </h1>
        <p className="mt-1 text-sm text-gray-600">{ENVELOPE_NOTE}</p>
        <ErrorCodeList codes={errorCodesOf(doc)} />
      </div>
    );
  }

  const found = modulesOf(doc).find((m) => m.name === section);
  if (!found) notFound();
  const shared = sharedAnswersOf(
    found.entries.map((e) => e.operation),
    doc,
  );
  return (
    <div className="pt-6">
      <h1 className="text-2xl font-semibold">
        <span className="font-mono">{found.name}</span>{" "}
        <span className="text-base font-normal text-gray-600">
          ({found.entries.length} {found.entries.length === 1 ? "call" : "calls"})
        </span>
      </h1>
      <p className="mt-1 text-sm text-gray-600">{found.description}</p>
      {found.entries.map((entry) => (
        <OperationCard key={entry.path} entry={entry} />
      ))}
      {shared.length > 0 ? (
        <>
          <SectionHeading id="shared">Shared answers on this page</SectionHeading>
          <SharedAnswers names={shared} schemas={schemas} />
        </>
      ) : null}
      <SectionHeading id="errors">Error codes on this page</SectionHeading>
      <p className="mt-1 text-sm text-gray-600">{ENVELOPE_NOTE}</p>
      <ErrorCodeList codes={errorCodesNamedBy(found.entries, doc)} />
    </div>
  );
}
