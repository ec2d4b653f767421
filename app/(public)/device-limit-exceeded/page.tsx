import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import { DeviceLimitDialog } from "./device-limit-dialog";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.deviceLimit"))("title") };
}

/** SPEC §2: reached from a sign-in answered with code 503 (query: token, method, app_code). */
export default async function DeviceLimitExceededPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  const t = await getTranslations("auth.deviceLimit");
  return (
    <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
      <DeviceLimitDialog token={query.token ?? ""} />
    </AuthCard>
  );
}
