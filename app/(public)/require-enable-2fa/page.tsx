import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { ExpiredStepCard, stepInfo, stepMetadata } from "@/components/layout/step-page";
import { RequireEnable2faChoice } from "./require-enable-2fa-choice";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return stepMetadata(
    Boolean(await stepInfo((await searchParams).token, "require_2fa")),
    "auth.twoFactor.require",
  );
}

export default async function RequireEnable2faPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.twoFactor.require");
  // The phone is never in the address: it is looked up (masked) by the step's token. Without a
  // token (the sign-in that needs two-factor turned on), or with one already used or expired, no
  // set-up is offered that could only fail.
  const live = await stepInfo(query.token, "require_2fa");
  if (!query.token || !live) return <ExpiredStepCard layout={query.layout} closeLabel={t("close")} />;
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <RequireEnable2faChoice
        customAuth={query.token}
        preferred={query.verify_type?.toUpperCase() === "SMS" ? "sms" : "totp"}
        maskedPhone={live.destination ?? ""}
        isPhoneVerified={live.is_verify_phone}
      />
    </AuthCard>
  );
}
