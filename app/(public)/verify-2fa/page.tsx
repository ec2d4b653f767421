import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { ExpiredStepCard, stepInfo, stepMetadata } from "@/components/layout/step-page";
import { BackupModeProvider, VerifySubtitle } from "./backup-mode";
import { Verify2faForm } from "./verify-2fa-form";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return stepMetadata(
    Boolean(await stepInfo((await searchParams).token, "verify_2fa")),
    "auth.twoFactor.verify",
  );
}

export default async function Verify2faPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.twoFactor.verify");
  // The phone is never in the address: it is looked up (masked) by the step's token.
  const live = await stepInfo(query.token, "verify_2fa");
  if (!query.token || !live) return <ExpiredStepCard layout={query.layout} closeLabel={t("close")} />;
  const verifyType = (live.verify_type ?? query.verify_type)?.toUpperCase() === "SMS" ? "SMS" : "TOTP";
  const phone = live.destination;
  const subtitle =
    verifyType === "SMS" ? (phone ? t("fromSms", { phone }) : t("fromSmsNoPhone")) : t("fromApp");
  return (
    <BackupModeProvider>
      <AuthCard
        title={t("title")}
        subtitle={<VerifySubtitle code={subtitle} backup={t("fromBackup")} />}
        layout={query.layout}
        closeLabel={t("close")}
      >
        <Verify2faForm customAuth={query.token} verifyType={verifyType} />
      </AuthCard>
    </BackupModeProvider>
  );
}
