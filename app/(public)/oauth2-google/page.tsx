import type { Metadata } from "next";
import { SocialCallback } from "@/components/forms/social-callback";

export const metadata: Metadata = { title: "Google", robots: { index: false } };

/** The provider returns here; the page exchanges on load (SPEC §2). */
export default function GoogleCallbackPage() {
  return <SocialCallback provider="google" />;
}
