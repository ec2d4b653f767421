import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { AppCards } from "./app-cards";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

/** SPEC §2 dashboard (also `/`): a card for each product of the family in APPS_CONFIG. */
export default async function DashboardPage() {
  const t = await getTranslations("account.dashboard");
  const tp = await getTranslations("account.packages");
  const apps = Object.entries(env().APPS_CONFIG).map(([code, app]) => ({ code, name: app.name }));
  return (
    <section aria-labelledby="dashboard-title">
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 id="dashboard-title" className="text-2xl font-semibold text-gray-900">
            {t("title")}
          </h1>
          <p className="mt-1 text-sm text-gray-600">{t("subtitle")}</p>
        </div>
        <Link
          href="/package"
          className="inline-flex min-h-11 shrink-0 items-center gap-1 self-start rounded-lg px-3 text-sm font-semibold text-brand-600 ring-1 ring-brand-100 hover:bg-brand-50 sm:self-auto"
        >
          {tp("dashboardLink")}
          <span aria-hidden>→</span>
        </Link>
      </header>
      <AppCards apps={apps} />
    </section>
  );
}
