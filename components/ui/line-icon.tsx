import type { ReactNode } from "react";

/** A decorative line icon (24-unit box, round 1.8 strokes): it always sits beside its text or an aria-label. */
export function LineIcon({ className = "size-5", children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}
