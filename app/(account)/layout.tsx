import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AccountShell } from "@/components/layout/account-shell";
import { accessState, redirectFor } from "@/lib/access";
import { getMe } from "@/server/http/page-call";
import type { UserInfoDto } from "@/server/user/service";

/** The signed-in shell re-checks the session against the database (the proxy only reads hints). */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const me = await getMe<UserInfoDto>();
  // The proxy saw a cookie, the database no longer knows it: clear it, or the two would loop.
  if (me.code !== 200) redirect("/signout?expired=1");
  const target = redirectFor("/account/profile", "", accessState({ hasPhone: Boolean(me.data.phone) }));
  if (target) redirect(target);
  return <AccountShell me={me.data}>{children}</AccountShell>;
}
