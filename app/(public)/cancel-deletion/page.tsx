import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { ExpiredStepCard, isStepLive, stepMetadata } from "@/components/layout/step-page";
import { CancelDeletionForm } from "./cancel-deletion-form";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return stepMetadata(
    await isStepLive((await searchParams).token, "cancel_deletion"),
    "account.deletion.cancel",
  );
}

/**
 * Where a sign-in that proved the person lands while their account waits for deletion: the date,
 * and one button that restores the account and finishes that sign-in (/auth/cancel-deletion).
 */
export default async function CancelDeletionPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("account.deletion.cancel");
  if (!query.token || !(await isStepLive(query.token, "cancel_deletion"))) {
    return <ExpiredStepCard layout={query.layout} closeLabel={t("close")} />;
  }
  const due = query.due && !Number.isNaN(Date.parse(query.due)) ? query.due : undefined;
  return (
    <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
      <CancelDeletionForm token={query.token} due={due} />
    </AuthCard>
  );
}
