import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDecimal, formatVnd } from "@/lib/format";

type Balance = { key: string; label: string; value: string; href?: string; linkLabel?: string };

/**
 * SPEC §2/§9 balances: money in VND, API credit, and partner credit — or the points when there
 * is no partner credit — with two decimals. Each links to its log where one exists.
 */
export async function BalancesCard({
  money,
  credit,
  creditApp,
  point,
}: {
  money: number;
  credit: number;
  creditApp: number;
  point: number;
}) {
  const t = await getTranslations("account.balances");
  const locale = await getLocale();
  const items: Balance[] = [
    { key: "money", label: t("money"), value: formatVnd(money, locale) },
    credit !== 0
      ? {
          key: "credit",
          label: t("credit"),
          value: formatDecimal(credit, locale),
          href: "/credit",
          linkLabel: t("creditLog"),
        }
      : {
          key: "point",
          label: t("point"),
          value: formatDecimal(point, locale),
          href: "/point",
          linkLabel: t("pointLog"),
        },
    { key: "credit-app", label: t("creditApp"), value: formatDecimal(creditApp, locale) },
  ];
  return (
    <section
      aria-labelledby="balances-title"
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="balances-title" className="text-lg font-semibold text-gray-900">
        {t("title")}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        {items.map((item) => (
          <div key={item.key} className="flex flex-col rounded-lg bg-gray-50 p-4">
            <dt className="text-xs uppercase tracking-wide text-gray-500">{item.label}</dt>
            <dd
              className="mt-1 text-xl font-semibold tabular-nums text-gray-900"
              data-testid={`balance-${item.key}`}
            >
              {item.value}
            </dd>
            {item.href && (
              <dd className="mt-2">
                <Link href={item.href} className="text-sm font-medium text-brand-600 hover:underline">
                  {item.linkLabel}
                </Link>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
