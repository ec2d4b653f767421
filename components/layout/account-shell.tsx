import type { ReactNode } from "react";
import { ACCOUNT_NAMESPACES, ClientIntl } from "@/components/layout/client-intl";
import { Sidebar } from "@/components/layout/sidebar";
import { Topbar } from "@/components/layout/topbar";
import { configuredBrand } from "@/lib/brand";
import { env } from "@/lib/env";
import { NAV_ITEMS, visibleNav } from "@/lib/nav";
import type { UserInfoDto } from "@/server/user/service";

/**
 * The signed-in frame (sidebar, top bar, main column) around a page, for the person `me` the
 * caller has already checked: the (account) layout, and /verify-email opened while signed in.
 */
export function AccountShell({ me, children }: { me: UserInfoDto; children: ReactNode }) {
  const config = env();
  const brand = configuredBrand();
  // Filtered here, from the database's scope: the browser never sees the items it may not open.
  const items = visibleNav(NAV_ITEMS, me.scope);
  return (
    <ClientIntl namespaces={ACCOUNT_NAMESPACES}>
      <div className="min-h-dvh lg:flex">
        <Sidebar items={items} brand={brand} />
        <div className="flex min-w-0 flex-1 flex-col">
          <Topbar
            items={items}
            brand={brand}
            user={{ name: me.fullname ?? "", email: me.email, avatar: me.avatar ?? null }}
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
