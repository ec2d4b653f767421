import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SocialCallback } from "@/components/forms/social-callback";
import { ACCOUNT_NAMESPACES, ClientIntl } from "@/components/layout/client-intl";
import { providerName, SOCIAL_PROVIDERS, type SocialProvider } from "@/server/oauth/schema";

export const metadata: Metadata = { robots: { index: false } };

const isProvider = (value: string): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(value);

/**
 * The provider returns here when the profile links it (a signed-in page, unlike /oauth2-*): the
 * page hands the answer to the server, which links it to this session's person, and goes back
 * to the profile either way.
 */
export default async function LinkCallbackPage({ params }: { params: Promise<{ provider: string }> }) {
  const { provider } = await params;
  if (!isProvider(provider)) notFound();
  return (
    <ClientIntl namespaces={[...ACCOUNT_NAMESPACES, "auth.social"]}>
      <main className="mx-auto max-w-md p-8">
        <h1 className="sr-only">{providerName(provider)}</h1>
        <SocialCallback provider={provider} returnTo="/account/profile/security" />
      </main>
    </ClientIntl>
  );
}
