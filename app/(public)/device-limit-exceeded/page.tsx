import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { ExpiredStepCard, isStepLive, stepMetadata } from "@/components/layout/step-page";
import { DeviceLimitDialog } from "./device-limit-dialog";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return stepMetadata(await isStepLive((await searchParams).token, "device_limit"), "auth.deviceLimit");
}

/** SPEC §2: reached from a sign-in answered with code 503 (query: token, method, app_code). */
export default async function DeviceLimitExceededPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.deviceLimit");
  // A sign-in that was finished or timed out has no devices to choose: the page says so under its
  // own heading (never "Device limit exceeded") and offers the one thing that helps.
  if (!query.token || !(await isStepLive(query.token, "device_limit"))) {
    return <ExpiredStepCard layout={query.layout} closeLabel={t("close")} />;
  }
  return (
    <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
      <DeviceLimitDialog token={query.token} />
    </AuthCard>
  );
}
