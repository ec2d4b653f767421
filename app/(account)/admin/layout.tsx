import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ADMIN_NAMESPACES, ClientIntl } from "@/components/layout/client-intl";
import { getMe } from "@/server/http/page-call";
import type { UserInfoDto } from "@/server/user/service";

/**
 * The operator console (DESIGN §13): pages for the admin scope only — anyone else gets a plain
 * 404, as for a page that does not exist. The calls behind it check the scope, the second factor
 * and the re-authentication themselves; this only keeps the screens out of sight. The console's
 * words reach the browser only here: every other signed-in page would carry them for nothing.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const me = await getMe<UserInfoDto>();
  if (me.code !== 200 || me.data.scope !== "admin") notFound();
  return <ClientIntl namespaces={ADMIN_NAMESPACES}>{children}</ClientIntl>;
}
