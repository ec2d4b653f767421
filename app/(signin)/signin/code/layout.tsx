import type { ReactNode } from "react";
import { ClientIntl, PUBLIC_NAMESPACES } from "@/components/layout/client-intl";

/**
 * /signin/code: unlike /signin, its form is a client one (the six boxes, the captcha widget,
 * the resend countdown), so it gets the public pages' catalog and its own group.
 */
export default function CodeSignInLayout({ children }: { children: ReactNode }) {
  return <ClientIntl namespaces={[...PUBLIC_NAMESPACES, "codeSignIn"]}>{children}</ClientIntl>;
}
