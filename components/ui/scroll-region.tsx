import type { ReactNode } from "react";

/**
 * A box that scrolls sideways (a wide table on a phone). Keyboard users scroll it with the arrow
 * keys once it has the focus, so it is a named, focusable region (WCAG 2.1.1; axe
 * scrollable-region-focusable) even when nothing inside it can take the focus.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </section>
  );
}
