import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { AuthCard } from "@/components/layout/auth-card";
import { ExpiredStep } from "@/components/layout/expired-step";
import { pageCall } from "@/lib/http/page-call";
import type { FlowStatusDto } from "@/server/auth/schema";
import { ResetPassForm } from "./resetpass-form";

type SearchParams = Promise<Record<string, string | undefined>>;

/** Whether the mailed link can still be used (one call per render: the title and the page share it). */
const isLinkLive = cache(async (token: string | undefined): Promise<boolean> => {
  if (!token) return false;
  const status = await pageCall<FlowStatusDto>("/auth/flow-status", { token, purpose: "reset_password" });
  if (status.code >= 500) throw new Error(status.message);
  return status.code === 200 && status.data.valid;
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { token } = await searchParams;
  const t = await getTranslations("auth.reset");
  const live = await isLinkLive(token);
  return { title: live ? t("title") : token ? t("expiredTitle") : t("noToken.title") };
}

export default async function ResetPassPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.reset");
  // The token only ever arrives in the mailed link: without it there is nothing to reset.
  if (!query.token) {
    return (
      <AuthCard title={t("noToken.title")} layout={query.layout} closeLabel={t("close")}>
        <ExpiredStep text={t("noToken.text")} action={t("requestNew")} href="/forgottenpass" />
      </AuthCard>
    );
  }
  // A used or expired link says so before anyone types a new password into it.
  if (!(await isLinkLive(query.token))) {
    return (
      <AuthCard title={t("expiredTitle")} layout={query.layout} closeLabel={t("close")}>
        <ExpiredStep text={t("expiredText")} action={t("requestNew")} href="/forgottenpass" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <ResetPassForm token={query.token} />
    </AuthCard>
  );
}
