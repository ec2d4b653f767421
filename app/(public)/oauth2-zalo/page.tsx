import type { Metadata } from "next";
import { SocialCallback } from "@/components/forms/social-callback";

export const metadata: Metadata = { title: "Zalo", robots: { index: false } };

/** The provider returns here; the page exchanges on load (SPEC §2). */
export default function ZaloCallbackPage() {
  return <SocialCallback provider="zalo" />;
}
