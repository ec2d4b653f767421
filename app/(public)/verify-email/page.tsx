import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { VerifyEmailStatus } from "./verify-email-status";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.verifyEmail"))("title") };
}

/** The mailed link lands here, signed in or not (an open route). */
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  const t = await getTranslations("auth.verifyEmail");
  return (
    <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
      <VerifyEmailStatus token={query.token} />
    </AuthCard>
  );
}
