import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { SectionCard, Tile } from "@/components/ui/section-card";
import { formatDecimal, formatPoints, formatVnd } from "@/lib/format";

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
          value: formatPoints(point, locale),
          href: "/point",
          linkLabel: t("pointLog"),
        },
    { key: "credit-app", label: t("creditApp"), value: formatDecimal(creditApp, locale) },
  ];
  return (
    <SectionCard title={t("title")} className="mt-6">
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        {items.map((item) => (
          <Tile key={item.key} label={item.label} className="flex flex-col">
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
          </Tile>
        ))}
      </dl>
    </SectionCard>
  );
}
