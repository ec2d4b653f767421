import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { appNamesFor } from "@/lib/apps";
import { env } from "@/lib/env";
import { isSuccess } from "@/lib/http/envelope";
import { getMe, pageCall } from "@/server/http/page-call";
import { oidcAppCode } from "@/server/oidc/service";
import { PORTAL_APP_CODE } from "@/server/session/service";
import type { AffiliateInfoDto, MyReferrerDto } from "@/server/user/schema";
import type { UserInfoDto } from "@/server/user/service";
import { AffiliateCard } from "./affiliate-card";
import { BalancesCard } from "./balances-card";
import { DeleteAccountCard } from "./delete-account-card";
import { InviteCard, type ReferralInfo } from "./invite-card";
import { ProfileHeader } from "./profile-header";
import { SecuritySection } from "./security-section";
import { YourDataCard } from "./your-data-card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.profile"))("title") };
}

export default async function ProfilePage() {
  const tc = await getTranslations("common");
  const me = await getMe<UserInfoDto>();
  // The layout sends a dead session away; the page renders alongside it and must not crash first.
  if (me.code !== 200) redirect("/signout?expired=1");
  const user = me.data;
  const [referral, affiliate, referrer] = await Promise.all([
    pageCall<ReferralInfo>("/user/my-refferral-info"),
    pageCall<AffiliateInfoDto>("/affilate/my-affilate-info"),
    pageCall<MyReferrerDto>("/user/my-ref-affilate"),
  ]);
  return (
    <>
      <ProfileHeader
        user={{
          fullname: user.fullname,
          email: user.email,
          phone: user.phone,
          country_code: user.country_code,
          is_verify_phone: user.is_verify_phone,
          is_verify_email: user.is_verify_email,
          timezone: user.timezone,
          avatar: user.avatar,
        }}
      />
      <BalancesCard money={user.money} credit={user.credit} creditApp={user.credit_app} point={user.point} />
      <InviteCard
        referral={isSuccess(referral) ? referral.data : null}
        referrerEmail={isSuccess(referrer) ? (referrer.data.referrer?.email ?? null) : null}
      />
      <AffiliateCard
        code={user.code}
        affiliate={isSuccess(affiliate) ? (affiliate.data.affilateInfo ?? null) : null}
      />
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
          [PORTAL_APP_CODE]: tc("appName"),
          // OpenID Connect clients signed in through this account (issue 14).
          ...Object.fromEntries(
            env().OIDC_CLIENTS.map((c) => [oidcAppCode(c.client_id), c.name ?? c.client_id]),
          ),
        }}
      />
      <YourDataCard />
      <DeleteAccountCard graceDays={env().ACCOUNT_DELETION_GRACE_DAYS} />
    </>
  );
}
