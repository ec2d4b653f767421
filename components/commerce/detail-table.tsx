import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";

export type DetailColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell's own classes (width, numbers); `right` aligns the header with it. */
  className?: string;
  right?: boolean;
};

const TH = "px-2.5 py-2 font-semibold";
const TD = "px-2.5 py-2 align-top";

/**
 * A small read-only table inside a detail modal (an invoice's commissions): named by `label`,
 * scrolling sideways on phones, `empty` in one row when there is nothing.
 */
export function DetailTable<T extends { _id: string }>({
  label,
  columns,
  rows,
  empty,
  rowTestId,
}: {
  label: string;
  columns: DetailColumn<T>[];
  rows: T[];
  empty: string;
  rowTestId?: string;
}) {
  const align = (column: DetailColumn<T>) => (column.right ? " text-right" : "");
  return (
    <ScrollRegion label={label} className="rounded-lg ring-1 ring-gray-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`${TH}${align(column)}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-2.5 py-6 text-center text-gray-500">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row._id} data-testid={rowTestId}>
              {columns.map((column) => (
                <td key={column.header} className={`${TD}${align(column)} ${column.className ?? ""}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
