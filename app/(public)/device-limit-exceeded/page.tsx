import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { AuthCard } from "@/components/layout/auth-card";
import { ExpiredStep } from "@/components/layout/expired-step";
import { pageCall } from "@/lib/http/page-call";
import type { FlowStatusDto } from "@/server/auth/schema";
import { DeviceLimitDialog } from "./device-limit-dialog";

type SearchParams = Promise<Record<string, string | undefined>>;

/** Whether the stopped sign-in can still finish (one call per render: the title and the page share it). */
const isStepLive = cache(async (token: string | undefined): Promise<boolean> => {
  if (!token) return false;
  const status = await pageCall<FlowStatusDto>("/auth/flow-status", { token, purpose: "device_limit" });
  if (status.code >= 500) throw new Error(status.message);
  return status.code === 200 && status.data.valid;
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const live = await isStepLive((await searchParams).token);
  return {
    title: live
      ? (await getTranslations("auth.deviceLimit"))("title")
      : (await getTranslations("auth.expiredStep"))("title"),
  };
}

/** SPEC §2: reached from a sign-in answered with code 503 (query: token, method, app_code). */
export default async function DeviceLimitExceededPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.deviceLimit");
  // A sign-in that was finished or timed out has no devices to choose: the page says so under its
  // own heading (never "Device limit exceeded") and offers the one thing that helps.
  if (!query.token || !(await isStepLive(query.token))) {
    const te = await getTranslations("auth.expiredStep");
    return (
      <AuthCard title={te("title")} layout={query.layout} closeLabel={t("close")}>
        <ExpiredStep text={te("text")} action={te("action")} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
      <DeviceLimitDialog token={query.token} />
    </AuthCard>
  );
}
