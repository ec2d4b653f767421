import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { Verify2faForm } from "./verify-2fa-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.twoFactor.verify"))("title") };
}

export default async function Verify2faPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  // The token is the sign-in waiting for its second factor: without it, start from sign-in.
  if (!query.token) redirect("/signin");
  const t = await getTranslations("auth.twoFactor.verify");
  const verifyType = query.verify_type?.toUpperCase() === "SMS" ? "SMS" : "TOTP";
  const subtitle =
    verifyType === "SMS"
      ? query.phone
        ? t("fromSms", { phone: query.phone })
        : t("fromSmsNoPhone")
      : t("fromApp");
  return (
    <AuthCard title={t("title")} subtitle={subtitle} layout={query.layout} closeLabel={t("close")}>
      <Verify2faForm customAuth={query.token} verifyType={verifyType} />
    </AuthCard>
  );
}
