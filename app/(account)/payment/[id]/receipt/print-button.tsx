"use client";
import { useEffect } from "react";
import { LineIcon } from "@/components/ui/line-icon";

/** The receipt's Print button; `autoPrint` (the detail modal's Print) opens the print dialog once. */
export function PrintButton({ label, autoPrint = false }: { label: string; autoPrint?: boolean }) {
  useEffect(() => {
    if (autoPrint) window.print();
  }, [autoPrint]);
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 print:hidden"
    >
      <LineIcon>
        <path d="M7 9V3h10v6M7 18H5a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M7 14h10v7H7z" />
      </LineIcon>
      {label}
    </button>
  );
}
