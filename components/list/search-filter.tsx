"use client";
import { useEffect, useId, useState } from "react";
import { LineIcon } from "@/components/ui/line-icon";
import { CONTROL_CLASS } from "./filter-select";

/**
 * The "allowed values" of a free-text filter for `ListQueryOptions.filters`: any text of 1 to
 * `max` characters (the framework asks `allowed.includes(value)` of every filter in the URL).
 */
export function anyText(max: number): readonly string[] {
  class AnyText extends Array<string> {
    override includes(value: string): boolean {
      return typeof value === "string" && value.trim().length > 0 && value.length <= max;
    }
  }
  return new AnyText();
}

/**
 * A labelled search box of a list's toolbar (SPEC §2: "Enter searches"): typing changes nothing
 * until Enter or the search button; an emptied box clears the filter.
 */
export function SearchFilter({
  label,
  buttonLabel,
  value,
  onSearch,
  maxLength,
  placeholder,
  className = "",
}: {
  label: string;
  /** The search button's name ("Search"). */
  buttonLabel: string;
  value: string;
  onSearch: (value: string | undefined) => void;
  maxLength: number;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // The URL moved by itself (back, a link): the box follows it.
  useEffect(() => setText(value), [value]);
  const search = () => onSearch(text.trim() || undefined);

  return (
    <search className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="flex min-w-0">
        <input
          id={id}
          type="search"
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => {
            setText(e.target.value);
            // The box's own clear button (×) empties it: show everything again.
            if (!e.target.value && value) onSearch(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              search();
            }
          }}
          className={`${CONTROL_CLASS} w-full min-w-0 rounded-r-none sm:w-48`}
        />
        <button
          type="button"
          onClick={search}
          aria-label={buttonLabel}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-r-lg border border-l-0 border-gray-300 bg-gray-50 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
        >
          {/* The stroke class outweighs LineIcon's 1.8 stroke attribute: the glass is drawn at 2. */}
          <LineIcon className="size-5 stroke-2">
            <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14M20 20l-4-4" />
          </LineIcon>
        </button>
      </div>
    </search>
  );
}
