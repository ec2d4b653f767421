import { useLocale, useTranslations } from "next-intl";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { type AppNames, appName } from "@/lib/apps";
import { formatVnd } from "@/lib/format";
import type { OrderLineDto } from "@/server/order/schema";
import { packageDisplayName } from "@/server/package/schema";

/**
 * An order's lines (SPEC §2 detail modals, the receipt): store and app, the package in words,
 * months, bonus months, subtotal in VND, and the order's total: a table, or a card a line
 * on phones.
 */
export function OrderLinesTable({
  lines,
  total,
  totalLabel,
  showTotal = true,
  appNames,
}: {
  lines: OrderLineDto[];
  total: number;
  /** The total row's words ("Total", "Order total"). */
  totalLabel?: string;
  /** False where the total is shown elsewhere (the receipt's summary). */
  showTotal?: boolean;
  /** App code → the name a person reads (lib/apps). */
  appNames: AppNames;
}) {
  const t = useTranslations("account.orders.lines");
  const locale = useLocale();
  const th = "px-2.5 py-2 font-semibold";
  const td = "px-2.5 py-2 align-top";
  return (
    <>
      {/* Phones: one card a line, so the subtotal and the total never hide off-screen. */}
      <ul
        aria-label={t("caption")}
        className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200 sm:hidden print:hidden"
      >
        {lines.map((line) => (
          <li
            key={line._id}
            data-testid="order-line-card"
            className="flex flex-col gap-1 px-3 py-2.5 text-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <span className="font-medium text-gray-900">{line.store_name}</span>
              <span className="whitespace-nowrap tabular-nums text-gray-900">
                {formatVnd(line.subtotal, locale)}
              </span>
            </div>
            <div className="text-xs text-gray-500">
              {appName(line.app_code, appNames)} ·{" "}
              <span className="font-semibold text-gray-700">{packageDisplayName(line.package_code)}</span>
            </div>
            <div className="text-xs text-gray-600">
              {t("months")}: <span className="tabular-nums">{line.months}</span> · {t("bonusMonths")}:{" "}
              <span className="tabular-nums">{line.bonus_months}</span>
            </div>
          </li>
        ))}
        {lines.length === 0 && <li className="px-3 py-6 text-center text-sm text-gray-500">{t("none")}</li>}
        {showTotal && (
          <li className="flex justify-between gap-3 bg-gray-50 px-3 py-2.5 text-sm font-semibold text-gray-900">
            <span>{totalLabel ?? t("total")}</span>
            <span className="whitespace-nowrap tabular-nums">{formatVnd(total, locale)}</span>
          </li>
        )}
      </ul>
      <ScrollRegion
        label={t("caption")}
        className="hidden rounded-lg ring-1 ring-gray-200 sm:block print:block print:overflow-visible"
      >
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className={th}>
                {t("store")}
              </th>
              <th scope="col" className={th}>
                {t("package")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("months")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("bonusMonths")}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t("subtotal")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {lines.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-2.5 py-6 text-center text-gray-500">
                  {t("none")}
                </td>
              </tr>
            ) : (
              lines.map((line) => (
                <tr key={line._id} data-testid="order-line">
                  <td className={`${td} min-w-32`}>
                    <div className="font-medium text-gray-900">{line.store_name}</div>
                    <div className="text-xs text-gray-500">{appName(line.app_code, appNames)}</div>
                  </td>
                  <td className={`${td} min-w-28`}>
                    <div className="font-medium text-gray-900">{packageDisplayName(line.package_code)}</div>
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{line.months}</td>
                  <td className={`${td} text-right tabular-nums`}>{line.bonus_months}</td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                    {formatVnd(line.subtotal, locale)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
          {showTotal && (
            <tfoot className="border-t border-gray-200 bg-gray-50">
              <tr>
                <th scope="row" colSpan={4} className="px-2.5 py-2 text-right font-semibold text-gray-700">
                  {totalLabel ?? t("total")}
                </th>
                <td className="whitespace-nowrap px-2.5 py-2 text-right font-semibold tabular-nums text-gray-900">
                  {formatVnd(total, locale)}
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      </ScrollRegion>
    </>
  );
}
