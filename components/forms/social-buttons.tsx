"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { api, currentQuery } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

export type SocialProvider = "google" | "facebook";

/** Query keys the top-level page does not need (the server also drops iframe from the state). */
const FRAME_ONLY_KEYS = ["layout", "logout"];

/**
 * Google and Facebook sign-in; a provider that is not configured has no button. Inside a sibling
 * product's frame the whole page (the parent) goes: it continues at /oauth2-<provider>?start=1,
 * which asks for the provider's address first-party (so the state binds to that browser).
 */
export function SocialButtons({ providers }: { providers: readonly SocialProvider[] }) {
  const t = useTranslations("auth.social");
  const tc = useTranslations("common");
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
    const envelope = await api<{ url?: string }>(`/auth/${provider}-generate-url`, query, {
      networkMessage: tc("networkError"),
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
      <div className="my-5 flex items-center gap-3 text-xs uppercase text-gray-400">
        <span className="h-px flex-1 bg-gray-200" />
        {tc("or")}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <div className={`grid grid-cols-1 gap-2 ${providers.length > 1 ? "sm:grid-cols-2" : ""}`}>
        {providers.includes("google") && (
          <Button variant="secondary" busy={busy === "google"} onClick={() => start("google")}>
            <span aria-hidden className="font-bold text-[#4285F4]">
              G
            </span>
            {t("google")}
          </Button>
        )}
        {providers.includes("facebook") && (
          <Button variant="secondary" busy={busy === "facebook"} onClick={() => start("facebook")}>
            <span aria-hidden className="font-bold text-[#1877F2]">
              f
            </span>
            {t("facebook")}
          </Button>
        )}
      </div>
      <MessageDialog
        open={error !== null}
        title={tc("notification")}
        onClose={() => setError(null)}
        actions={<Button onClick={() => setError(null)}>{tc("ok")}</Button>}
      >
        {error}
      </MessageDialog>
    </>
  );
}
