import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/layout/language-switcher";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { accessState, redirectFor } from "@/lib/access";
import { getMe } from "@/lib/http/page-call";
import type { UserInfoDto } from "@/server/user/service";

/** The signed-in shell re-checks the session against the database (the proxy only reads hints). */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const me = await getMe<UserInfoDto>();
  // The proxy saw a cookie, the database no longer knows it: clear it, or the two would loop.
  if (me.code !== 200) redirect("/signout?expired=1");
  const target = redirectFor("/account/profile", "", accessState({ hasPhone: Boolean(me.data.phone) }));
  if (target) redirect(target);
  const t = await getTranslations("account.shell");
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="/account/profile" className="text-base font-bold text-brand-600">
            {t("brand")}
          </a>
          <nav aria-label={t("accountMenu")} className="flex items-center gap-3">
            <LanguageSwitcher />
            <span className="hidden max-w-48 truncate text-sm text-gray-700 sm:inline">
              {me.data.fullname || me.data.email}
            </span>
            <SignOutButton />
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </div>
  );
}
