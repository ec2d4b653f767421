"use client";
import { useLocale, useTranslations } from "next-intl";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { formatMonthYear, toDisplayDay as toDisplay, weekdayNames } from "@/lib/format";
import { checkDay, type DayProblem } from "./day-check";
import { CONTROL_CLASS } from "./filter-select";

// SPEC §9 shows dates as DD/MM/YYYY in every language; the browser's own date input follows the
// browser's locale (mm/dd/yyyy in many), so the lists use this field and calendar instead.

const pad = (n: number) => String(n).padStart(2, "0");

// Half a phone's width holds all ten characters of DD/MM/YYYY (and its placeholder) only with narrower
// padding and a smaller placeholder.
const INPUT_CLASS = `${CONTROL_CLASS.replace("px-3", "pl-2 pr-1")} placeholder:text-sm`;

const dayOf = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;

type Props = {
  label: string;
  /** YYYY-MM-DD */
  value?: string;
  min?: string;
  max?: string;
  onChange: (day: string | undefined) => void;
  /**
   * Told what is wrong with the typed text once it is final (Enter, leaving the field), and null
   * once it is fine again: the range shows the words on a row of its own, so a message never
   * pushes the other field out of its row.
   */
  onProblem: (problem: DayProblem | null) => void;
  /** The id of that message, for aria-describedby while the field is wrong. */
  errorId: string;
};

/** A day typed as DD/MM/YYYY or picked from a month calendar (keyboard: arrows, Enter, Escape). */
export function DayInput({ label, value, min, max, onChange, onProblem, errorId }: Props) {
  const t = useTranslations("list");
  const locale = useLocale();
  const id = useId();
  const [draft, setDraft] = useState(toDisplay(value));
  const [invalid, setInvalidState] = useState(false);
  const [open, setOpen] = useState(false);
  const report = useRef(onProblem);
  useEffect(() => {
    report.current = onProblem;
  });
  const setInvalid = (problem: DayProblem | null) => {
    setInvalidState(Boolean(problem));
    report.current(problem);
  };
  useEffect(() => {
    setDraft(toDisplay(value));
    setInvalidState(false);
    report.current(null);
  }, [value]);

  const commit = (text: string, final: boolean) => {
    if (!text.trim()) {
      setInvalid(null);
      if (value) onChange(undefined);
      return;
    }
    const checked = checkDay(text, { min, max });
    if ("day" in checked) {
      setInvalid(null);
      if (checked.day !== value) onChange(checked.day);
    } else if (final) {
      setInvalid(checked);
    }
  };

  return (
    <div className="relative flex min-w-0 flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="flex gap-1">
        <input
          id={`${id}-input`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t("datePlaceholder")}
          value={draft}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            // A complete day applies at once; a partial one waits for Enter or leaving the field.
            if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$/.test(e.target.value.trim())) commit(e.target.value, false);
            if (!e.target.value.trim()) commit("", false);
          }}
          onBlur={(e) => commit(e.target.value, true)}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit(draft, true);
          }}
          className={`${INPUT_CLASS} w-full min-w-0 sm:w-32 ${invalid ? "border-red-500" : ""}`}
        />
        <button
          type="button"
          aria-label={t("chooseDate", { field: label })}
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          onClick={() => setOpen((o) => !o)}
          className="min-h-11 min-w-11 rounded-lg border border-gray-300 bg-white text-gray-600 hover:bg-gray-50 focus:outline-none focus:ring-2 focus:ring-brand-100"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mx-auto h-5 w-5" fill="currentColor">
            <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 7H4v7h12V9Z" />
          </svg>
        </button>
      </div>
      {open && (
        <Calendar
          id={`${id}-calendar`}
          label={label}
          locale={locale}
          value={value}
          min={min}
          max={max}
          onPick={(day) => {
            setOpen(false);
            onChange(day);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

type CalendarProps = {
  id: string;
  label: string;
  locale: string;
  value?: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
  onClose: () => void;
};

function Calendar({ id, label, locale, value, min, max, onPick, onClose }: CalendarProps) {
  const t = useTranslations("list");
  const today = new Date();
  const start = value ?? dayOf(today.getFullYear(), today.getMonth(), today.getDate());
  const [focused, setFocused] = useState(start);
  const [y, m] = focused.split("-").map(Number) as [number, number];
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  // Names from lib/format's tables, not Intl: the browser may have no data for the language.
  const monthName = formatMonthYear(y, m, locale);
  // Monday first, as in Vietnam.
  const weekdays = useMemo(() => weekdayNames(locale), [locale]);
  const first = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length }, (_, i) => dayOf(y, m - 1, i + 1)),
  ];

  const move = (days: number) => {
    const [fy, fm, fd] = focused.split("-").map(Number) as [number, number, number];
    const next = new Date(Date.UTC(fy, fm - 1, fd + days));
    setFocused(dayOf(next.getUTCFullYear(), next.getUTCMonth(), next.getUTCDate()));
  };
  const shiftMonth = (months: number) => {
    const [fy, fm, fd] = focused.split("-").map(Number) as [number, number, number];
    const last = new Date(Date.UTC(fy, fm - 1 + months + 1, 0)).getUTCDate();
    const next = new Date(Date.UTC(fy, fm - 1 + months, Math.min(fd, last)));
    setFocused(dayOf(next.getUTCFullYear(), next.getUTCMonth(), next.getUTCDate()));
  };
  const onKey = (e: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const months: Record<string, number> = { PageUp: -1, PageDown: 1 };
    if (e.key in steps) move(steps[e.key] ?? 0);
    else if (e.key in months) shiftMonth(months[e.key] ?? 0);
    else if (e.key === "Escape") onClose();
    else return;
    e.preventDefault();
  };
  const disabled = (day: string) => Boolean((min && day < min) || (max && day > max));

  return (
    <div
      id={id}
      role="dialog"
      aria-label={t("calendarOf", { field: label })}
      className="absolute left-0 top-full z-30 mt-1 w-72 rounded-xl bg-white p-3 shadow-lg ring-1 ring-gray-200"
    >
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          onClick={() => shiftMonth(-1)}
          aria-label={t("previousMonth")}
          className="min-h-9 min-w-9 rounded-lg hover:bg-gray-100"
        >
          ‹
        </button>
        <p aria-live="polite" className="text-sm font-semibold capitalize text-gray-900">
          {monthName}
        </p>
        <button
          type="button"
          onClick={() => shiftMonth(1)}
          aria-label={t("nextMonth")}
          className="min-h-9 min-w-9 rounded-lg hover:bg-gray-100"
        >
          ›
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the grid moves focus between its day buttons. */}
      <div ref={grid} onKeyDown={onKey} className="grid grid-cols-7 gap-1 text-center text-sm">
        {weekdays.map((w) => (
          <span key={w.long} aria-hidden="true" className="text-xs font-medium text-gray-500">
            {w.short}
          </span>
        ))}
        {cells.map((day, i) =>
          day ? (
            <button
              key={day}
              type="button"
              data-day={day}
              tabIndex={day === focused ? 0 : -1}
              disabled={disabled(day)}
              aria-pressed={day === value}
              aria-label={toDisplay(day)}
              onClick={() => onPick(day)}
              className={`min-h-9 rounded-lg tabular-nums disabled:text-gray-300 ${
                day === value ? "bg-brand-600 text-white" : "hover:bg-brand-50"
              } focus:outline-none focus:ring-2 focus:ring-brand-400`}
            >
              {Number(day.slice(8))}
            </button>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the blanks before the first day have no identity.
            <span key={`blank-${i}`} />
          ),
        )}
      </div>
    </div>
  );
}
