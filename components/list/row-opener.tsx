"use client";
import type { ReactNode } from "react";

/** Marks the control of a row that a click anywhere on the row presses (its detail). */
export const ROW_OPEN = { "data-row-open": "" } as const;

/**
 * Lets a click anywhere on a table row or phone card open its detail, as the row's own button does: the button
 * (marked with `ROW_OPEN`) is what keyboards and screen readers use, so the row needs no role or
 * tab stop of its own. Clicks on other controls, and a drag that selects text, are left alone.
 */
export function RowOpener({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; each row's button is the accessible control
    // biome-ignore lint/a11y/useKeyWithClickEvents: the row's button takes Enter and Space itself
    <div
      className="[&_li[data-testid=list-card]:has([data-row-open])]:cursor-pointer [&_tbody_tr:has([data-row-open])]:cursor-pointer"
      onClick={(event) => {
        const target = event.target as HTMLElement;
        if (target.closest("button, a, input, select, textarea, label, [role='dialog']")) return;
        if (window.getSelection()?.toString()) return;
        const button = target
          .closest("tbody tr, li[data-testid=list-card]")
          ?.querySelector<HTMLElement>("[data-row-open]");
        // Focus first: the dialog gives focus back to what had it (not the scroll region clicked in).
        button?.focus();
        button?.click();
      }}
    >
      {children}
    </div>
  );
}
