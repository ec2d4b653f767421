"use client";
import { useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { api, currentQuery, finishHandoff, parentOrigin } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { providerName, SOCIAL_PROVIDERS, type SocialProvider } from "@/server/oauth/schema";
import { POPUP_MESSAGE, type PopupAnswer } from "./social-popup";

export type { SocialProvider };

/** Each provider's mark in its own colour, before its name. */
const PROVIDER_LOOK: Record<SocialProvider, { mark: string; colour: string }> = {
  google: { mark: "G", colour: "text-[#4285F4]" },
  facebook: { mark: "f", colour: "text-[#1877F2]" },
  zalo: { mark: "Z", colour: "text-[#0068FF]" },
};

/**
 * Providers whose page refuses to be framed and whose framed sign-in should stay in the frame:
 * a pop-up goes to the provider and hands its answer back to the frame, which finishes there.
 */
const POPUP_PROVIDERS: readonly SocialProvider[] = ["zalo"];

/** The words of the buttons, from the page (`auth.social` and `common`): /signin has no client catalog. */
export type SocialText = Partial<Record<SocialProvider, string>> & {
  or: string;
  /** No longer shown: a refusal is said under the buttons, not in a dialog. */
  notification?: string;
  ok?: string;
  networkError: string;
};

/** Query keys the top-level page does not need (the server also drops iframe from the state). */
const FRAME_ONLY_KEYS = ["layout", "logout"];

/** Resolves with the pop-up's answer, or null once the person closed it without one. */
function popupAnswer(popup: Window): Promise<PopupAnswer | null> {
  return new Promise((resolve) => {
    const timer = window.setInterval(() => {
      if (popup.closed) done(null);
    }, 500);
    function onMessage(event: MessageEvent) {
      const data = event.data as Partial<PopupAnswer> | null;
      if (event.source !== popup || event.origin !== window.location.origin || data?.type !== POPUP_MESSAGE)
        return;
      done(data as PopupAnswer);
    }
    function done(answer: PopupAnswer | null) {
      window.clearInterval(timer);
      window.removeEventListener("message", onMessage);
      resolve(answer);
    }
    window.addEventListener("message", onMessage);
  });
}

/**
 * Google, Facebook and Zalo sign-in; a provider that is not configured has no button. Inside a
 * sibling product's frame the whole page (the parent) goes: it continues at
 * /oauth2-<provider>?start=1, which asks for the provider's address first-party (so the state
 * binds to that browser). Zalo opens in a pop-up instead and the frame finishes the sign-in.
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

  /**
   * The framed pop-up: opened at once (the click allows it), sent to the provider once the frame
   * has the URL and the state's binding, which the frame keeps in memory and sends back with the
   * provider's answer: a frame may keep no cookie, and the verifier never leaves the server.
   */
  async function startInPopup(provider: SocialProvider, query: Record<string, string>): Promise<boolean> {
    const popup = window.open(
      `/oauth2-${provider}?popup=1`,
      `portal-${provider}`,
      "popup,width=520,height=680",
    );
    if (!popup) return false;
    setBusy(provider);
    setError(null);
    const started = await api<{ url?: string; binding?: string }>(
      `/auth/${provider}-generate-url`,
      { ...query, popup: "1" },
      { networkMessage: text.networkError, on401: "return" },
    );
    if (!isSuccess(started) || !started.data.url) {
      popup.close();
      setBusy(null);
      setError(started.message);
      return true;
    }
    popup.location.href = started.data.url;
    const answer = await popupAnswer(popup);
    if (!answer) {
      setBusy(null);
      return true;
    }
    const envelope = await api<{ redirect_url?: string; post_message?: unknown }>(
      `/auth/oauth2-${provider}`,
      {
        code: answer.code,
        state: answer.state,
        error: answer.error,
        error_description: answer.error_description,
        binding: started.data.binding,
        iframe: true,
        parent_origin: parentOrigin(),
        client_id: query.client_id,
        search: window.location.search,
      },
      { networkMessage: text.networkError, on401: "return" },
    );
    if (isSuccess(envelope)) {
      await finishHandoff(envelope.data);
      return true;
    }
    setBusy(null);
    setError(envelope.message);
    return true;
  }

  async function start(provider: SocialProvider) {
    const query = currentQuery();
    const isFramed = query.iframe === "1" && window.top && window.top !== window;
    if (isFramed && POPUP_PROVIDERS.includes(provider) && (await startInPopup(provider, query))) return;
    if (isFramed && window.top) {
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
      <div
        className={`grid grid-cols-1 gap-2 ${providers.length > 2 ? "sm:grid-cols-3" : providers.length > 1 ? "sm:grid-cols-2" : ""}`}
      >
        {SOCIAL_PROVIDERS.filter((provider) => providers.includes(provider)).map((provider) => (
          <Button key={provider} variant="secondary" busy={busy === provider} onClick={() => start(provider)}>
            <span aria-hidden className={`font-bold ${PROVIDER_LOOK[provider].colour}`}>
              {PROVIDER_LOOK[provider].mark}
            </span>
            {text[provider] ?? providerName(provider)}
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
