import type { Metadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { env } from "@/lib/env";
import { REFERRAL_COOKIES } from "@/lib/referral";
import { configuredProviders } from "@/server/oauth/providers";
import { SignUpForm } from "./signup-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.signUp"))("title") };
}

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.signUp");
  const jar = await cookies();
  // The referrer line (SPEC §2) names the affiliate code or flow referrer the visitor came with.
  const affiliate = query.affilate_code ?? jar.get(REFERRAL_COOKIES.affiliate)?.value;
  const flowRef = query.ladiflow_ref ?? jar.get(REFERRAL_COOKIES.flow)?.value;
  const referralId = query.referral_id ?? query.ref ?? jar.get(REFERRAL_COOKIES.referral)?.value;
  if (!env().REGISTRATION_ENABLED) {
    return (
      <AuthCard title={t("title")} layout={query.layout} closeLabel={t("close")}>
        <p role="status" className="text-sm text-gray-700">
          {t("closed")}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("title")} subtitle={t("subtitle")} layout={query.layout} closeLabel={t("close")}>
      <SignUpForm
        referral={{ affilate_code: affiliate, ladiflow_ref: flowRef, referral_id: referralId }}
        isIframe={query.iframe === "1"}
        providers={configuredProviders(env())}
      />
    </AuthCard>
  );
}
