import type { ReactNode } from "react";

const TONES = {
  amber: "border-amber-200 bg-amber-50 text-amber-900",
  red: "border-red-200 bg-red-50 text-red-700",
} as const;

/** What became of the link, in a coloured box: a bold line, then what to do about it. */
export function Notice({
  tone,
  title,
  isAlert = false,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  /** Said at once by screen readers (the page's answer to the link, not standing advice). */
  isAlert?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role={isAlert ? "alert" : undefined}
      className={`rounded-lg border px-3 py-2 text-sm ${TONES[tone]}`}
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 whitespace-pre-line">{children}</p>
    </div>
  );
}
