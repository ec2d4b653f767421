import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { providerName, socialProviderField } from "@/server/oauth/schema";
import { SocialRegisterForm } from "./social-register-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.socialRegister"))("emailTitle"), robots: { index: false } };
}

/**
 * A provider without an email (Zalo) signed in for the first time: the person gives an address
 * and proves it with a code. An address that has an account links Zalo to it (the code is the
 * proof, never the name or picture); a new one continues at /complete-reg (phone by SMS).
 */
export default async function SocialRegisterPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.socialRegister");
  const provider = socialProviderField.safeParse(query.provider);
  const name = providerName(provider.success ? provider.data : "zalo");
  return (
    <AuthCard
      title={t("title", { provider: name })}
      subtitle={t("subtitle", { provider: name })}
      layout={query.layout}
      closeLabel={t("close")}
    >
      <SocialRegisterForm token={typeof query.token === "string" ? query.token : ""} />
    </AuthCard>
  );
}
