import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { ResetPassForm } from "./resetpass-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.reset"))("title") };
}

export default async function ResetPassPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  const t = await getTranslations("auth.reset");
  // The token only ever arrives in the mailed link: without it there is nothing to reset.
  if (!query.token) {
    return (
      <AuthCard title={t("noToken.title")} layout={query.layout} closeLabel={t("close")}>
        <p className="text-sm text-gray-700">{t("noToken.text")}</p>
        <div className="mt-6 flex flex-col gap-3">
          <Link
            href="/forgottenpass"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
          >
            {t("requestNew")}
          </Link>
          <Link href="/signin" className="text-center text-sm text-gray-600 hover:underline">
            {t("back")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <ResetPassForm token={query.token} />
    </AuthCard>
  );
}
