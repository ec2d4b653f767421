"use client";
import { useLocale, useTranslations } from "next-intl";
import type { MouseEvent, ReactNode } from "react";
import { formatNumber } from "@/lib/format";
import { pageCount, pageWindow, shownRange, TOTAL_CAP } from "./pager";

type Props = {
  page: number;
  size: number;
  total: number;
  /** Where the rows on screen start, and how many there are (the previous page's while the next loads). */
  offset: number;
  rowCount: number;
  /** The link of a page (kept for new tabs and copying); a plain click calls `onPage`. */
  hrefFor: (page: number) => string;
  onPage: (page: number) => void;
  /** Shown beside the pager (the page-size choice). */
  children?: ReactNode;
};

const LINK =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors";

/** SPEC §2 'showing X from Y of Z' (rows X–Y of Z) and the pager of 5 page links. */
export function ListFooter({ page, size, total, offset, rowCount, hrefFor, onPage, children }: Props) {
  const t = useTranslations("list");
  // lib/format: Latin digits in every language, the same on the server and in the browser.
  const locale = useLocale();
  const number = { format: (value: number) => formatNumber(value, locale) };
  const count = pageCount(total, size);
  const { from, to } = shownRange(offset, rowCount);
  const totalText = total > TOTAL_CAP ? `${number.format(TOTAL_CAP)}+` : number.format(total);

  const follow = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onPage(target);
  };
  const step = (target: number, text: string, icon: ReactNode, enabled: boolean) =>
    enabled ? (
      <a
        href={hrefFor(target)}
        onClick={follow(target)}
        aria-label={text}
        className={`${LINK} text-gray-700 hover:bg-gray-100`}
      >
        {icon}
      </a>
    ) : (
      <span aria-disabled="true" className={`${LINK} text-gray-300`}>
        {icon}
        <span className="sr-only">{text}</span>
      </span>
    );

  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <p className="text-sm text-gray-600" data-testid="list-showing">
        {t("showing", { from: number.format(from), to: number.format(to), total: totalText })}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3 md:justify-end">
        {children}
        <nav aria-label={t("pagination")}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              {step(
                page - 1,
                t("previous"),
                <span aria-hidden className="text-lg">
                  ‹
                </span>,
                page > 1,
              )}
            </li>
            {pageWindow(page, count).map((n) => (
              <li key={n}>
                <a
                  href={hrefFor(n)}
                  onClick={follow(n)}
                  aria-label={t("page", { page: n })}
                  aria-current={n === page ? "page" : undefined}
                  className={`${LINK} ${n === page ? "bg-brand-500 text-white" : "text-gray-700 hover:bg-gray-100"}`}
                >
                  {number.format(n)}
                </a>
              </li>
            ))}
            <li>
              {step(
                page + 1,
                t("next"),
                <span aria-hidden className="text-lg">
                  ›
                </span>,
                page < count,
              )}
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
