import type { ReactNode } from "react";

export type DetailItem = { key: string; label: string; value: ReactNode };

/** Label–value pairs of a detail modal or a receipt; two columns from `sm` up, stacked on phones. */
export function DetailList({ items, className = "" }: { items: DetailItem[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 ${className}`}>
      {items.map((item) => (
        <div key={item.key} className="min-w-0" data-testid={`detail-${item.key}`}>
          <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{item.label}</dt>
          <dd className="mt-0.5 break-words text-gray-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
