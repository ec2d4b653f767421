import { type ReactNode, useId } from "react";

/**
 * A card of a signed-in page, named by its level-2 heading; `aside` sits at the heading's end
 * (a badge), `id` makes the card a link target.
 */
export function SectionCard({
  title,
  aside,
  id,
  className = "",
  children,
}: {
  title: ReactNode;
  aside?: ReactNode;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${useId()}-title`;
  const heading = (
    <h2 id={headingId} className="text-lg font-semibold text-gray-900">
      {title}
    </h2>
  );
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 ${className}`}
    >
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** One fact in a card's grid (inside a `dl`): its label, small and grey, then its value(s). */
export function Tile({
  label,
  className = "",
  children,
}: {
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`rounded-lg bg-gray-50 p-4 ${className}`}>
      <dt className="text-xs uppercase tracking-wide text-gray-500">{label}</dt>
      {children}
    </div>
  );
}
