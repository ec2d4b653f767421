import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ACCOUNT_NAMESPACES, ClientIntl } from "@/components/layout/client-intl";
import { Sidebar } from "@/components/layout/sidebar";
import { Topbar } from "@/components/layout/topbar";
import { accessState, redirectFor } from "@/lib/access";
import { env } from "@/lib/env";
import { getMe } from "@/lib/http/page-call";
import { NAV_ITEMS, visibleNav } from "@/lib/nav";
import type { UserInfoDto } from "@/server/user/service";

/** The signed-in shell re-checks the session against the database (the proxy only reads hints). */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const me = await getMe<UserInfoDto>();
  // The proxy saw a cookie, the database no longer knows it: clear it, or the two would loop.
  if (me.code !== 200) redirect("/signout?expired=1");
  const target = redirectFor("/account/profile", "", accessState({ hasPhone: Boolean(me.data.phone) }));
  if (target) redirect(target);
  const t = await getTranslations("account.shell");
  const config = env();
  // Filtered here, from the database's scope: the browser never sees the items it may not open.
  const items = visibleNav(NAV_ITEMS, me.data.scope);
  return (
    <ClientIntl namespaces={ACCOUNT_NAMESPACES}>
      <div className="min-h-dvh lg:flex">
        <Sidebar items={items} brand={t("brand")} />
        <div className="flex min-w-0 flex-1 flex-col">
          <Topbar
            items={items}
            brand={t("brand")}
            user={{ name: me.data.fullname ?? "", email: me.data.email, avatar: me.data.avatar ?? null }}
            links={{
              support: config.LINK_SUPPORT_URL,
              blog: config.LINK_BLOG_URL,
              whatsNew: config.LINK_WHATS_NEW_URL,
              shortcut: config.LINK_SHORTCUT_URL,
              community: config.LINK_COMMUNITY_URL,
            }}
          />
          <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 lg:px-6">{children}</main>
        </div>
      </div>
    </ClientIntl>
  );
}
