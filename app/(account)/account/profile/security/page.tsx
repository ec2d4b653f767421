import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { appNamesFor } from "@/lib/apps";
import { env } from "@/lib/env";
import { getMe } from "@/server/http/page-call";
import { oidcAppCode } from "@/server/oidc/service";
import { PORTAL_APP_CODE } from "@/server/session/service";
import type { UserInfoDto } from "@/server/user/service";
import { SectionHeading } from "../section-heading";
import { SecuritySection } from "../security-section";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.sections"))("security") };
}

/** The profile's Security section: two-factor, passkeys, devices and the security activity. */
export default async function ProfileSecurityPage() {
  const t = await getTranslations("account.sections");
  const tc = await getTranslations("common");
  const me = await getMe<UserInfoDto>();
  // The layout sends a dead session away; the page renders alongside it and must not crash first.
  if (me.code !== 200) redirect("/signout?expired=1");
  const user = me.data;
  return (
    <>
      <SectionHeading title={t("security")} subtitle={t("securitySubtitle")} />
      <SecuritySection
        twoFaType={
          user.verify_2fa_type === "TOTP" || user.verify_2fa_type === "SMS" ? user.verify_2fa_type : null
        }
        isRequired={user.is_require_2fa || user.scope === "admin"}
        phone={user.phone}
        isPhoneVerified={user.is_verify_phone}
        timeZone={user.timezone}
        appNames={{
          ...appNamesFor(env().APPS_CONFIG, tc),
          [PORTAL_APP_CODE]: tc("portalApp", { brand: env().BRAND_NAME }),
          // OpenID Connect clients signed in through this account (issue 14).
          ...Object.fromEntries(
            env().OIDC_CLIENTS.map((c) => [oidcAppCode(c.client_id), c.name ?? c.client_id]),
          ),
        }}
      />
    </>
  );
}
