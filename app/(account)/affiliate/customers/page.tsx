import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { appNamesFor } from "@/lib/apps";
import { env } from "@/lib/env";
import { isSuccess } from "@/lib/http/envelope";
import { getMe, pageCall } from "@/lib/http/page-call";
import type { UserInfoDto } from "@/server/user/service";
import { CustomerTable } from "./customer-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.affiliateCustomers"))("title") };
}

/** SPEC §2 affiliate customer list; someone outside the programme is shown the way in. */
export default async function AffiliateCustomersPage() {
  const t = await getTranslations("account.affiliateCustomers");
  const me = await getMe<UserInfoDto>();
  // The layout sends a dead session away; the page renders alongside it and must not crash first.
  if (me.code !== 200) redirect("/signout?expired=1");
  const info = await pageCall<{ affilateInfo: unknown }>("/affilate/my-affilate-info");
  const isAffiliate = isSuccess(info) && Boolean(info.data.affilateInfo);
  const appNames = appNamesFor(env().APPS_CONFIG, await getTranslations("common"));
  return (
    <section
      aria-labelledby="customers-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h1 id="customers-title" className="text-xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      <p className="mb-4 mt-1 text-sm text-gray-500">{t("subtitle")}</p>
      {isAffiliate ? (
        <CustomerTable timeZone={me.data.timezone} isPartner={me.data.is_partner} appNames={appNames} />
      ) : (
        <div
          data-testid="join-programme"
          className="flex flex-col gap-3 rounded-xl bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 className="font-semibold text-gray-900">{t("join.title")}</h2>
            <p className="mt-1 text-sm text-gray-700">{t("join.body")}</p>
          </div>
          <Link
            href="/account/profile#affiliate"
            className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
          >
            {t("join.action")}
          </Link>
        </div>
      )}
    </section>
  );
}
