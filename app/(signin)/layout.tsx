import type { ReactNode } from "react";
import { PublicFrame } from "@/components/layout/public-frame";

/**
 * /signin alone: the same frame as the other sign-in screens but no client catalog. Its words are
 * rendered on the server, so the browser loads only the form (DESIGN §7: empty page + 10 KiB).
 */
export default function SignInLayout({ children }: { children: ReactNode }) {
  return <PublicFrame>{children}</PublicFrame>;
}
