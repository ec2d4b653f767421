import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { ForgottenPassForm } from "./forgottenpass-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.forgot"))("title") };
}

export default async function ForgottenPassPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.forgot");
  if (query.sent !== undefined) {
    // The form's query (frame, layout, language, a product's callback) goes on, `sent` does not.
    const rest = new URLSearchParams(
      Object.entries(query).filter(
        (entry): entry is [string, string] => entry[0] !== "sent" && entry[1] !== undefined,
      ),
    ).toString();
    const search = rest ? `?${rest}` : "";
    return (
      <AuthCard title={t("checkTitle")} layout={query.layout} closeLabel={t("close")}>
        {/* The same words whether or not the address has an account (it would reveal which do). */}
        <div className="flex flex-col gap-4" data-testid="check-email">
          <p role="status" className="text-sm text-gray-700">
            {t("checkText")}
          </p>
          <p className="text-sm text-gray-600">{t("checkHint")}</p>
          <Link
            href={`/signin${search}`}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
          >
            {t("back")}
          </Link>
          <Link
            href={`/forgottenpass${search}`}
            className="inline-flex min-h-11 items-center justify-center text-center text-sm font-semibold text-brand-600 hover:underline"
          >
            {t("sendAgain")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <ForgottenPassForm />
    </AuthCard>
  );
}
