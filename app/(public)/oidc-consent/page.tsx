import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/layout/auth-card";
import type { SearchParams } from "@/components/layout/search-params";
import { getMe } from "@/server/http/page-call";
import { findPendingConsent } from "@/server/oidc/service";
import type { UserInfoDto } from "@/server/user/service";
import { ConsentForm } from "./consent-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.oidc.consent"))("pageTitle") };
}

/** Scopes the screen names; `openid` is the sign-in itself. */
const LISTED_SCOPES = ["profile", "email", "phone", "offline_access"] as const;

/**
 * Issue 14: a third-party OpenID Connect client asks to use the account. Lists what it would
 * receive in the person's language; the answer goes to /oidc/interaction/:uid (which checks who answers).
 */
export default async function OidcConsentPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const t = await getTranslations("auth.oidc.consent");
  const request = query.uid ? await findPendingConsent(query.uid) : null;
  if (!request) {
    return (
      <AuthCard title={t("pageTitle")}>
        <p role="alert" className="text-sm text-red-600">
          {t("expired")}
        </p>
      </AuthCard>
    );
  }
  const me = await getMe<UserInfoDto>();
  const scopes = LISTED_SCOPES.filter((s) => request.scopes.includes(s));
  return (
    <AuthCard
      title={t("title", { client: request.clientName })}
      subtitle={me.code === 200 ? t("signedInAs", { email: me.data.email }) : undefined}
    >
      <p className="text-sm font-medium text-gray-900">{t("subtitle", { client: request.clientName })}</p>
      <ul
        className="mt-2 list-disc pl-5 text-sm text-gray-700"
        aria-label={t("subtitle", { client: request.clientName })}
      >
        {scopes.map((scope) => (
          <li key={scope}>{t(`scope.${scope}`)}</li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-gray-500">{t("notice")}</p>
      <ConsentForm uid={request.uid} />
    </AuthCard>
  );
}
