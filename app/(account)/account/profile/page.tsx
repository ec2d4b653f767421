import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { getMe } from "@/lib/http/page-call";
import { PORTAL_APP_CODE } from "@/server/session/service";
import type { UserInfoDto } from "@/server/user/service";
import { SecuritySection } from "./security-section";
import { VerifyEmailButton } from "./verify-email-button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account.profile"))("title") };
}

export default async function ProfilePage() {
  const t = await getTranslations("account.profile");
  const tc = await getTranslations("common");
  const me = await getMe<UserInfoDto>();
  // The layout sends a dead session away; the page renders alongside it and must not crash first.
  if (me.code !== 200) redirect("/signout?expired=1");
  const user = me.data;
  const initial = (user.fullname || user.email).trim().charAt(0).toUpperCase();
  return (
    <>
      <section
        aria-labelledby="profile-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <div
            aria-hidden
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-700"
          >
            {initial}
          </div>
          <div className="min-w-0">
            <h1 id="profile-title" className="text-xl font-semibold text-gray-900">
              {t("greeting", { name: user.fullname || user.email })}
            </h1>
            <p className="text-sm text-gray-500">{t("subtitle")}</p>
          </div>
        </div>
        <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {(
            [
              ["fullname", user.fullname || "—"],
              ["email", user.email],
              ["phone", user.phone || "—"],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-lg bg-gray-50 p-4">
              <dt className="text-xs uppercase tracking-wide text-gray-500">{t(key)}</dt>
              <dd className="mt-1 break-all font-medium" data-testid={`profile-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {!user.is_verify_email && (
          <div className="mt-6 flex flex-col gap-3 rounded-lg bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-amber-900">{t("emailUnverified")}</p>
            <VerifyEmailButton />
          </div>
        )}
      </section>
      <SecuritySection
        twoFaType={
          user.verify_2fa_type === "TOTP" || user.verify_2fa_type === "SMS" ? user.verify_2fa_type : null
        }
        isRequired={user.is_require_2fa || user.scope === "admin"}
        phone={user.phone}
        isPhoneVerified={user.is_verify_phone}
        timeZone={user.timezone}
        appNames={{
          ...Object.fromEntries(Object.entries(env().APPS_CONFIG).map(([code, app]) => [code, app.name])),
          [PORTAL_APP_CODE]: tc("appName"),
        }}
      />
    </>
  );
}
