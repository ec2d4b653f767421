import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { appNamesFor } from "@/lib/apps";
import { env } from "@/lib/env";
import { getMe } from "@/lib/http/page-call";
import type { UserInfoDto } from "@/server/user/service";
import { OrderTable } from "./order-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.orders"))("title") };
}

export default async function OrderPage() {
  const t = await getTranslations("account.orders");
  const me = await getMe<UserInfoDto>();
  // The layout sends a dead session away; the page renders alongside it and must not crash first.
  if (me.code !== 200) redirect("/signout?expired=1");
  const appNames = appNamesFor(env().APPS_CONFIG, await getTranslations("common"));
  return (
    <section
      aria-labelledby="orders-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h1 id="orders-title" className="text-xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      <p className="mb-4 mt-1 text-sm text-gray-500">{t("subtitle")}</p>
      <OrderTable timeZone={me.data.timezone} appNames={appNames} />
    </section>
  );
}
