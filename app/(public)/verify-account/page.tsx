import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { stepInfo } from "@/components/layout/step-page";
import { ExpiredLink } from "./expired-link";
import { VerifyAccountForm } from "./verify-account-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.verify"))("title") };
}

export default async function VerifyAccountPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  // Without the step token there is nothing to verify: start from sign-in.
  if (!query.token) redirect("/signin");
  const t = await getTranslations("auth.verify");
  // The address carries the flow token only (no email or phone in history, logs or Referer):
  // where the code went is looked up by it, masked.
  const info = await stepInfo(query.token, "verify_account");
  if (!info) {
    return (
      <AuthCard title={t("expiredTitle")} layout={query.layout} closeLabel={t("close")}>
        <ExpiredLink text={t("expiredText")} action={t("expiredSignIn")} />
      </AuthCard>
    );
  }
  const { verify_type, destination, exp_time, resend_in, is_signup } = info;
  const channel = verify_type === "SMS" || verify_type === "ZNS" ? verify_type : "EMAIL";
  // A sign-up's step reads true whether or not the details already had an account (decoy).
  const sentTo = is_signup ? "sentToSignUp" : "sentTo";
  return (
    <AuthCard
      title={t("title")}
      subtitle={t(`${sentTo}.${channel}`, { destination: destination ?? "" })}
      layout={query.layout}
      closeLabel={t("close")}
    >
      <VerifyAccountForm token={query.token} expTime={exp_time} resendIn={resend_in} />
    </AuthCard>
  );
}
