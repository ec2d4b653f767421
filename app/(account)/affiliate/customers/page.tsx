import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ListSection, listContext } from "@/components/list/list-page";
import { isSuccess } from "@/lib/http/envelope";
import { pageCall } from "@/server/http/page-call";
import { CustomerTable } from "./customer-table";

const MESSAGES = "account.affiliateCustomers";
const JOIN_LINK =
  "inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations(MESSAGES))("title") };
}

/** SPEC §2 affiliate customer list; someone outside the programme is shown the way in. */
export default async function AffiliateCustomersPage() {
  const t = await getTranslations(MESSAGES);
  const ctx = await listContext();
  const info = await pageCall<{ affilateInfo: unknown }>("/affilate/my-affilate-info");
  const isAffiliate = isSuccess(info) && Boolean(info.data.affilateInfo);
  return (
    <ListSection messages={MESSAGES} headingId="customers-title">
      {isAffiliate ? (
        <CustomerTable {...ctx} />
      ) : (
        <div
          data-testid="join-programme"
          className="flex flex-col gap-3 rounded-xl bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 className="font-semibold text-gray-900">{t("join.title")}</h2>
            <p className="mt-1 text-sm text-gray-700">{t("join.body")}</p>
          </div>
          <Link href="/account/profile#affiliate" className={JOIN_LINK}>
            {t("join.action")}
          </Link>
        </div>
      )}
    </ListSection>
  );
}
