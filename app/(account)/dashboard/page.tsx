import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { AppCards } from "./app-cards";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

/** SPEC §2 dashboard (also `/`): a card for each product of the family in APPS_CONFIG. */
export default async function DashboardPage() {
  const t = await getTranslations("account.dashboard");
  const apps = Object.entries(env().APPS_CONFIG).map(([code, app]) => ({ code, name: app.name }));
  return (
    <section aria-labelledby="dashboard-title">
      <header className="mb-6">
        <h1 id="dashboard-title" className="text-2xl font-semibold text-gray-900">
          {t("title")}
        </h1>
        <p className="mt-1 text-sm text-gray-600">{t("subtitle")}</p>
      </header>
      <AppCards apps={apps} />
    </section>
  );
}
