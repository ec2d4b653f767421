import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { DeleteAccountCard } from "../delete-account-card";
import { SectionHeading } from "../section-heading";
import { YourDataCard } from "../your-data-card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.sections"))("data") };
}

/** The profile's Data & privacy section: download everything, or delete the account. */
export default async function ProfileDataPage() {
  const t = await getTranslations("account.sections");
  return (
    <>
      <SectionHeading title={t("data")} subtitle={t("dataSubtitle")} />
      <YourDataCard />
      <DeleteAccountCard graceDays={env().ACCOUNT_DELETION_GRACE_DAYS} />
    </>
  );
}
