import type { ReactNode } from "react";
import { ClientIntl } from "@/components/layout/client-intl";
import { PublicFrame } from "@/components/layout/public-frame";

/** Every sign-in screen but /signin (which has its own group and no client catalog). */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <ClientIntl>
      <PublicFrame>{children}</PublicFrame>
    </ClientIntl>
  );
}
