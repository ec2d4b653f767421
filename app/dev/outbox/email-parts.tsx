"use client";
import { useState } from "react";

/**
 * An email's two parts, one at a time. The HTML is shown in a sandboxed frame (no scripts, an
 * opaque origin, no forms or navigation): a message's HTML is never put in the page itself.
 */
export function EmailParts(props: {
  html: string;
  text: string;
  labels: { parts: string; html: string; text: string; frame: string };
}) {
  const [part, setPart] = useState<"html" | "text">("html");
  const tab = (value: "html" | "text") => (
    <button
      type="button"
      aria-pressed={part === value}
      onClick={() => setPart(value)}
      className={`px-3 py-1 text-sm font-medium ${
        part === value ? "bg-brand-600 text-white" : "bg-white text-gray-700 hover:bg-gray-50"
      }`}
    >
      {props.labels[value]}
    </button>
  );
  return (
    <div className="mt-2">
      <fieldset className="inline-flex overflow-hidden rounded-md ring-1 ring-gray-300">
        <legend className="sr-only">{props.labels.parts}</legend>
        {tab("html")}
        {tab("text")}
      </fieldset>
      {part === "html" ? (
        <iframe
          sandbox=""
          srcDoc={props.html}
          title={props.labels.frame}
          referrerPolicy="no-referrer"
          className="mt-2 h-[36rem] w-full rounded-md bg-white ring-1 ring-gray-200"
          data-testid="outbox-html"
        />
      ) : (
        <pre
          className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-gray-700"
          data-testid="outbox-text"
        >
          {props.text}
        </pre>
      )}
    </div>
  );
}
