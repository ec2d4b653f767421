import type { ReactNode } from "react";
import { AccountShell } from "@/components/layout/account-shell";
import { ClientIntl } from "@/components/layout/client-intl";
import { PublicFrame } from "@/components/layout/public-frame";
import { getMe } from "@/server/http/page-call";
import type { UserInfoDto } from "@/server/user/service";

/**
 * /verify-email is opened from a mail in whatever state the browser is (SPEC §2 lists it among
 * both the public and the signed-in routes): signed in, it sits in the signed-in shell; otherwise
 * in the sign-in screens' frame.
 */
export default async function VerifyEmailLayout({ children }: { children: ReactNode }) {
  const me = await getMe<UserInfoDto>();
  if (me.code === 200 && me.data.phone) return <AccountShell me={me.data}>{children}</AccountShell>;
  return (
    <ClientIntl>
      <PublicFrame>{children}</PublicFrame>
    </ClientIntl>
  );
}
