import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { isSuccess } from "@/lib/http/envelope";
import { getMe, pageCall } from "@/server/http/page-call";
import type { ReauthMethodsDto } from "@/server/passkey/schema";
import type { AffiliateInfoDto, MyReferrerDto } from "@/server/user/schema";
import type { UserInfoDto } from "@/server/user/service";
import { AffiliateCard } from "./affiliate-card";
import { BalancesCard } from "./balances-card";
import { InviteCard, type ReferralInfo } from "./invite-card";
import { ProfileHeader } from "./profile-header";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.profile"))("title") };
}

/** The profile's first section: who the person is, their balances, invitations and affiliate codes. */
export default async function ProfilePage() {
  const me = await getMe<UserInfoDto>();
  // The layout sends a dead session away; the page renders alongside it and must not crash first.
  if (me.code !== 200) redirect("/signout?expired=1");
  const user = me.data;
  const [referral, affiliate, referrer, methods] = await Promise.all([
    pageCall<ReferralInfo>("/user/my-refferral-info"),
    pageCall<AffiliateInfoDto>("/affilate/my-affilate-info"),
    pageCall<MyReferrerDto>("/user/my-ref-affilate"),
    pageCall<ReauthMethodsDto>("/user/reauth-methods"),
  ]);
  return (
    <>
      <ProfileHeader
        // An account without a password (social or code sign-in) has none to change: it sets one
        // in the Security section. Unknown (the call failed): the usual button.
        hasPassword={isSuccess(methods) ? methods.data.password : true}
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
    </>
  );
}
