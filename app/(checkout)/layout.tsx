import type { ReactNode } from "react";
import { ClientIntl } from "@/components/layout/client-intl";
import { PublicFrame } from "@/components/layout/public-frame";

/**
 * The checkout screens: the public frame without the sign-in landing panel. The order summary
 * takes that room beside the form on wide screens (issue 39), as a hosted checkout does.
 */
export default function CheckoutLayout({ children }: { children: ReactNode }) {
  return (
    <ClientIntl>
      <PublicFrame hasLandingPanel={false}>{children}</PublicFrame>
    </ClientIntl>
  );
}
