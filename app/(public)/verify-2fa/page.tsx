import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { AuthCard } from "@/components/layout/auth-card";
import { ExpiredStep } from "@/components/layout/expired-step";
import { pageCall } from "@/lib/http/page-call";
import type { FlowInfoDto } from "@/server/auth/schema";
import { Verify2faForm } from "./verify-2fa-form";

type SearchParams = Promise<Record<string, string | undefined>>;

/** The step behind the token, or null when there is none (the title and the page share one call). */
const stepInfo = cache(async (token: string | undefined) => {
  if (!token) return null;
  const info = await pageCall<FlowInfoDto>("/auth/flow-info", { token, step: "verify_2fa" });
  if (info.code >= 500) throw new Error(info.message);
  return info.code === 200 ? info.data : null;
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const live = await stepInfo((await searchParams).token);
  return {
    title: live
      ? (await getTranslations("auth.twoFactor.verify"))("title")
      : (await getTranslations("auth.expiredStep"))("title"),
  };
}

export default async function Verify2faPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  const t = await getTranslations("auth.twoFactor.verify");
  // The phone is never in the address: it is looked up (masked) by the step's token. Without a
  // token, or with one already used or expired, the page says so instead of showing a form whose
  // confirm could only fail: the sign-in starts again.
  const live = await stepInfo(query.token);
  if (!query.token || !live) {
    const te = await getTranslations("auth.expiredStep");
    return (
      <AuthCard title={te("title")} layout={query.layout} closeLabel={t("close")}>
        <ExpiredStep text={te("text")} action={te("action")} />
      </AuthCard>
    );
  }
  const verifyType = (live.verify_type ?? query.verify_type)?.toUpperCase() === "SMS" ? "SMS" : "TOTP";
  const phone = live.destination;
  const subtitle =
    verifyType === "SMS" ? (phone ? t("fromSms", { phone }) : t("fromSmsNoPhone")) : t("fromApp");
  return (
    <AuthCard title={t("title")} subtitle={subtitle} layout={query.layout} closeLabel={t("close")}>
      <Verify2faForm customAuth={query.token} verifyType={verifyType} />
    </AuthCard>
  );
}
