"use client";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { pageCount, pageWindow, shownRange, TOTAL_CAP } from "@/components/list/pager";
import { formatNumber } from "@/lib/format";

const STEP =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:text-gray-300";

/**
 * The footer of a list inside a modal (SPEC §9: store list and customer detail, 20 a page):
 * 'showing X–Y of Z' and five page buttons. Buttons, not links: the page lives in the modal,
 * not in the address.
 */
export function ModalPager({
  page,
  size,
  total,
  offset,
  rowCount,
  label,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  offset: number;
  rowCount: number;
  /** Names the pager among others ("Pages of the store list"). */
  label: string;
  onPage: (page: number) => void;
}) {
  const t = useTranslations("list");
  const locale = useLocale();
  const number = { format: (value: number) => formatNumber(value, locale) };
  const count = pageCount(total, size);
  const { from, to } = shownRange(offset, rowCount);
  const totalText = total > TOTAL_CAP ? `${number.format(TOTAL_CAP)}+` : number.format(total);
  const step = (target: number, text: string, icon: ReactNode, enabled: boolean) => (
    <button
      type="button"
      disabled={!enabled}
      onClick={() => onPage(target)}
      aria-label={text}
      className={`${STEP} text-gray-700 hover:bg-gray-100 disabled:hover:bg-transparent`}
    >
      <span aria-hidden className="text-lg">
        {icon}
      </span>
    </button>
  );
  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-gray-600" data-testid="modal-showing">
        {t("showing", { from: number.format(from), to: number.format(to), total: totalText })}
      </p>
      {count > 1 && (
        <nav aria-label={label}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>{step(page - 1, t("previous"), "‹", page > 1)}</li>
            {pageWindow(page, count).map((n) => (
              <li key={n}>
                <button
                  type="button"
                  onClick={() => onPage(n)}
                  aria-label={t("page", { page: n })}
                  aria-current={n === page ? "page" : undefined}
                  className={`${STEP} ${n === page ? "bg-brand-500 text-white" : "text-gray-700 hover:bg-gray-100"}`}
                >
                  {number.format(n)}
                </button>
              </li>
            ))}
            <li>{step(page + 1, t("next"), "›", page < count)}</li>
          </ul>
        </nav>
      )}
    </div>
  );
}
