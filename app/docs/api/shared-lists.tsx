import type { JsonSchema } from "@/server/openapi/types";
import { Card } from "./operation-card";
import type { ErrorCodeEntry } from "./reference";
import { Fields, Prose } from "./schema-view";

// What a section's calls link to, on the same page: the shared answers they name and the error
// codes they may answer (the whole of both on /docs/api/schemas and /docs/api/errors).

export function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mt-10 scroll-mt-4 border-b border-gray-200 pb-1 text-xl font-semibold">
      {children}
    </h2>
  );
}

export function SharedAnswers({ names, schemas }: { names: string[]; schemas: Record<string, JsonSchema> }) {
  return names.map((name) => (
    <Card key={name} id={`schema-${name}`}>
      <h3 className="font-mono font-semibold">{name}</h3>
      <div className="mt-1">
        <Fields schema={schemas[name] ?? {}} />
      </div>
    </Card>
  ));
}

export function ErrorCodeList({ codes }: { codes: ErrorCodeEntry[] }) {
  return (
    <ul className="mt-3 flex flex-col divide-y divide-gray-100 rounded-lg bg-white ring-1 ring-gray-200">
      {codes.map((e) => (
        <li key={e.const} id={`error-${e.const}`} className="scroll-mt-4 px-3 py-2 text-sm">
          <div className="flex flex-wrap items-baseline gap-2">
            <code className="font-mono font-semibold break-all">{e.const}</code>
            <span className="text-xs text-gray-600">HTTP {e["x-status"]}</span>
          </div>
          <Prose text={e.description ?? ""} className="text-gray-700" />
        </li>
      ))}
    </ul>
  );
}

export const ENVELOPE_NOTE = (
  <>
    A failure answers its HTTP status with the envelope{" "}
    <code className="font-mono">{"{ code, message, data: { error, request_id, fields? } }"}</code>;{" "}
    <code className="font-mono">error</code> is one of these, the same in every language.
  </>
);
