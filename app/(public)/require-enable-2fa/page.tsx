import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { AuthCard } from "@/components/layout/auth-card";
import { ExpiredStep } from "@/components/layout/expired-step";
import { pageCall } from "@/lib/http/page-call";
import type { FlowInfoDto } from "@/server/auth/schema";
import { RequireEnable2faChoice } from "./require-enable-2fa-choice";

type SearchParams = Promise<Record<string, string | undefined>>;

/** The step behind the token, or null when there is none (the title and the page share one call). */
const stepInfo = cache(async (token: string | undefined) => {
  if (!token) return null;
  const info = await pageCall<FlowInfoDto>("/auth/flow-info", { token, step: "require_2fa" });
  if (info.code >= 500) throw new Error(info.message);
  return info.code === 200 ? info.data : null;
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const live = await stepInfo((await searchParams).token);
  return {
    title: live
      ? (await getTranslations("auth.twoFactor.require"))("title")
      : (await getTranslations("auth.expiredStep"))("title"),
  };
}

export default async function RequireEnable2faPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const query = await searchParams;
  const t = await getTranslations("auth.twoFactor.require");
  // The phone is never in the address: it is looked up (masked) by the step's token. Without a
  // token (the sign-in that needs two-factor turned on), or with one already used or expired, the
  // page says so instead of offering a set-up that could only fail: the sign-in starts again.
  const live = await stepInfo(query.token);
  if (!query.token || !live) {
    const te = await getTranslations("auth.expiredStep");
    return (
      <AuthCard title={te("title")} layout={query.layout} closeLabel={t("close")}>
        <ExpiredStep text={te("text")} action={te("action")} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <RequireEnable2faChoice
        customAuth={query.token}
        preferred={query.verify_type?.toUpperCase() === "SMS" ? "sms" : "totp"}
        maskedPhone={live.destination ?? ""}
        isPhoneVerified={live.is_verify_phone}
      />
    </AuthCard>
  );
}
