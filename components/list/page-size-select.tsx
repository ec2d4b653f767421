"use client";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { PAGE_SIZES } from "@/lib/list-query";
import { CONTROL_CLASS } from "./filter-select";

/** SPEC §9 page sizes 2, 20, 50, 100, 200. */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const t = useTranslations("list");
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm text-gray-600">
        {t("pageSize")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className={`${CONTROL_CLASS} min-h-10 py-1`}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
