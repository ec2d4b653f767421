"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { DATE_PRESETS, type DatePreset, presetDays } from "@/lib/format";
import type { DayProblem } from "./day-check";
import { DayInput } from "./day-input";
import { FilterSelect } from "./filter-select";

type Props = {
  /** Days (YYYY-MM-DD) in the person's time zone; the call turns them into instants. */
  from?: string;
  to?: string;
  timeZone: string;
  onChange: (from: string | undefined, to: string | undefined) => void;
};

/**
 * SPEC §2/§5 date range: two days and the presets yesterday, today, last 7 days, last 30 days,
 * this month, last month, counted in the person's time zone.
 */
export function DateRangeFilter({ from, to, timeZone, onChange }: Props) {
  const t = useTranslations("list");
  const errorId = useId();
  const [problems, setProblems] = useState<{ from: DayProblem | null; to: DayProblem | null }>({
    from: null,
    to: null,
  });
  const now = new Date();
  const preset =
    DATE_PRESETS.find((p) => {
      const days = presetDays(p, timeZone, now);
      return days.from === from && days.to === to;
    }) ?? "";
  const choose = (value: string) => {
    if (!value) return onChange(undefined, undefined);
    const days = presetDays(value as DatePreset, timeZone, new Date());
    onChange(days.from, days.to);
  };

  return (
    // `contents`: the range's controls sit in the list toolbar's grid (two columns on phones).
    <fieldset className="contents">
      <legend className="sr-only">{t("dateRange")}</legend>
      <FilterSelect
        label={t("presets")}
        className="col-span-2"
        value={preset}
        onChange={choose}
        options={[
          { value: "", label: from || to ? t("customRange") : t("allDates") },
          ...DATE_PRESETS.map((p) => ({ value: p, label: t(`preset.${p}`) })),
        ]}
      />
      <DayInput
        label={t("from")}
        value={from}
        max={to}
        onChange={(day) => onChange(day, to)}
        errorId={errorId}
        onProblem={(problem) => setProblems((p) => ({ ...p, from: problem }))}
      />
      <DayInput
        label={t("to")}
        value={to}
        min={from}
        onChange={(day) => onChange(from, day)}
        errorId={errorId}
        onProblem={(problem) => setProblems((p) => ({ ...p, to: problem }))}
      />
      {/* A row of its own (full width in the grid and in the wrapping row): the words may be long
          in some languages, and the two fields keep their places. */}
      <div id={errorId} role="alert" className="col-span-2 basis-full empty:hidden">
        {(["from", "to"] as const).map((field) => {
          const problem = problems[field];
          return problem ? (
            <p key={field} className="text-sm text-red-600">
              {t(`dateProblem.${problem.problem}`, { field: t(field), ...problem })}
            </p>
          ) : null;
        })}
      </div>
      {(from || to) && (
        <button
          type="button"
          onClick={() => onChange(undefined, undefined)}
          className="col-span-2 min-h-11 justify-self-start rounded-lg px-3 text-sm font-semibold text-brand-600 hover:bg-brand-50"
        >
          {t("clearDates")}
        </button>
      )}
    </fieldset>
  );
}
