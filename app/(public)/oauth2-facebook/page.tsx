import type { Metadata } from "next";
import { SocialCallback } from "@/components/forms/social-callback";

export const metadata: Metadata = { title: "Facebook", robots: { index: false } };

/** The provider returns here; the page exchanges on load (SPEC §2). */
export default function FacebookCallbackPage() {
  return <SocialCallback provider="facebook" />;
}
