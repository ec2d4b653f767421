"use client";
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

/**
 * WAI-ARIA tabs: the arrow keys, Home and End move between the tabs and the panel follows; only
 * the chosen tab is in the tab order, and its panel after it. A panel is rendered only while shown.
 */
export function DetailTabs<Name extends string>({
  names,
  label,
  title,
  children,
}: {
  names: readonly Name[];
  /** The tab list's accessible name. */
  label: string;
  title: (name: Name) => string;
  children: (name: Name) => ReactNode;
}) {
  const id = useId();
  const [tab, setTab] = useState<Name>(names[0] as Name);
  const buttons = useRef(new Map<Name, HTMLButtonElement | null>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = names.indexOf(tab);
    const next: Record<string, number> = {
      ArrowRight: (index + 1) % names.length,
      ArrowLeft: (index - 1 + names.length) % names.length,
      Home: 0,
      End: names.length - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const name = names[target] as Name;
    setTab(name);
    buttons.current.get(name)?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-gray-200"
      >
        {names.map((name) => (
          <button
            key={name}
            ref={(el) => {
              buttons.current.set(name, el);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold transition-colors ${
              tab === name
                ? "border-brand-500 text-brand-700"
                : "border-transparent text-gray-600 hover:text-gray-900"
            }`}
          >
            {title(name)}
          </button>
        ))}
      </div>
      {names.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`${id}-panel-${name}`}
          aria-labelledby={`${id}-tab-${name}`}
          hidden={tab !== name}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel in the tab order
          tabIndex={0}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {tab === name && children(name)}
        </div>
      ))}
    </>
  );
}
