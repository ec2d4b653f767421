import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { RequireEnable2faChoice } from "./require-enable-2fa-choice";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.twoFactor.require"))("title") };
}

export default async function RequireEnable2faPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  // The token is the sign-in that needs two-factor turned on: without it, start from sign-in.
  if (!query.token) redirect("/signin");
  const t = await getTranslations("auth.twoFactor.require");
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <RequireEnable2faChoice
        customAuth={query.token}
        preferred={query.verify_type?.toUpperCase() === "SMS" ? "sms" : "totp"}
        phone={query.phone ?? ""}
        isPhoneVerified={query.is_verify_phone === "1"}
      />
    </AuthCard>
  );
}
