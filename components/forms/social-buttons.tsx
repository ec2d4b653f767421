"use client";
import { useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { api, currentQuery } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Each provider's mark in its own colour, before its name. */
const MARKS: Record<SocialProvider, { mark: string; colour: string }> = {
  google: { mark: "G", colour: "text-[#4285F4]" },
  facebook: { mark: "f", colour: "text-[#1877F2]" },
};

/** The words of the buttons, from the page (`auth.social` and `common`): /signin has no client catalog. */
export type SocialText = {
  google: string;
  facebook: string;
  or: string;
  /** No longer shown: a refusal is said under the buttons, not in a dialog. */
  notification?: string;
  ok?: string;
  networkError: string;
};

/** Query keys the top-level page does not need (the server also drops iframe from the state). */
const FRAME_ONLY_KEYS = ["layout", "logout"];

/**
 * Google and Facebook sign-in; a provider that is not configured has no button. Inside a sibling
 * product's frame the whole page (the parent) goes: it continues at /oauth2-<provider>?start=1,
 * which asks for the provider's address first-party (so the state binds to that browser).
 */
export function SocialButtons({
  providers,
  text,
}: {
  providers: readonly SocialProvider[];
  text: SocialText;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  if (providers.length === 0) return null;

  async function start(provider: SocialProvider) {
    const query = currentQuery();
    if (query.iframe === "1" && window.top && window.top !== window) {
      const params = new URLSearchParams(query);
      for (const key of FRAME_ONLY_KEYS) params.delete(key);
      params.set("start", "1");
      window.top.location.href = new URL(`/oauth2-${provider}?${params}`, window.location.href).toString();
      return;
    }
    setBusy(provider);
    setError(null);
    const envelope = await api<{ url?: string }>(`/auth/${provider}-generate-url`, query, {
      networkMessage: text.networkError,
      on401: "return",
    });
    if (isSuccess(envelope) && envelope.data.url) {
      window.location.assign(envelope.data.url);
      return;
    }
    setBusy(null);
    setError(envelope.message);
  }

  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs uppercase text-gray-500">
        <span className="h-px flex-1 bg-gray-200" />
        {text.or}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <div className={`grid grid-cols-1 gap-2 ${providers.length > 1 ? "sm:grid-cols-2" : ""}`}>
        {SOCIAL_PROVIDERS.filter((provider) => providers.includes(provider)).map((provider) => (
          <Button key={provider} variant="secondary" busy={busy === provider} onClick={() => start(provider)}>
            <span aria-hidden className={`font-bold ${MARKS[provider].colour}`}>
              {MARKS[provider].mark}
            </span>
            {text[provider]}
          </Button>
        ))}
      </div>
      {/* Where the click was: under the buttons, not in a modal over the form. */}
      {error !== null && (
        <div className="mt-3">
          <FormAlert message={error} />
        </div>
      )}
    </>
  );
}
