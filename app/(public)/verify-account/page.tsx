import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { VerifyAccountForm } from "./verify-account-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.verify"))("title") };
}

export default async function VerifyAccountPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  // Without the step token there is nothing to verify: start from sign-in.
  if (!query.token) redirect("/signin");
  const t = await getTranslations("auth.verify");
  const channel = query.verify_type === "SMS" || query.verify_type === "ZNS" ? query.verify_type : "EMAIL";
  const destination = channel === "EMAIL" ? query.email : query.phone;
  const expTime = Number(query.exp_time);
  return (
    <AuthCard
      title={t("title")}
      subtitle={t(`sentTo.${channel}`, { destination: destination ?? "" })}
      layout={query.layout}
      closeLabel={t("close")}
    >
      <VerifyAccountForm
        token={query.token}
        expTime={Number.isFinite(expTime) && expTime > 0 ? expTime : 300}
      />
    </AuthCard>
  );
}
