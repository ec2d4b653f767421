import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { ExpiredStep } from "@/components/layout/expired-step";
import type { SearchParams } from "@/components/layout/search-params";
import { isStepLive } from "@/components/layout/step-page";
import { ResetPassForm } from "./resetpass-form";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { token } = await searchParams;
  const t = await getTranslations("auth.reset");
  const live = await isStepLive(token, "reset_password");
  return { title: live ? t("title") : token ? t("expiredTitle") : t("noToken.title") };
}

export default async function ResetPassPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.reset");
  // The token only ever arrives in the mailed link: without it there is nothing to reset.
  if (!query.token) {
    return (
      <AuthCard title={t("noToken.title")} layout={query.layout} closeLabel={t("close")}>
        <ExpiredStep text={t("noToken.text")} action={t("requestNew")} href="/forgottenpass" />
      </AuthCard>
    );
  }
  // A used or expired link says so before anyone types a new password into it.
  if (!(await isStepLive(query.token, "reset_password"))) {
    return (
      <AuthCard title={t("expiredTitle")} layout={query.layout} closeLabel={t("close")}>
        <ExpiredStep text={t("expiredText")} action={t("requestNew")} href="/forgottenpass" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <ResetPassForm token={query.token} />
    </AuthCard>
  );
}
