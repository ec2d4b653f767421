"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { flash } from "@/components/ui/toast";
import { cancelDeletionHref } from "@/lib/deletion-pending";
import { api, finishHandoff } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { providerName, type SocialProvider } from "@/server/oauth/schema";
import { handOffToOpener } from "./social-popup";

/** The provider's answer: Facebook may put it in the fragment, Google in the query. */
function providerAnswer(): Record<string, string> {
  const fields = Object.fromEntries(new URLSearchParams(window.location.search));
  const hash = window.location.hash.replace(/^#/, "");
  if (hash) Object.assign(fields, Object.fromEntries(new URLSearchParams(hash)));
  return fields;
}

/** The query the sign-in started from, as the state carried it, to go back to /signin with. */
function signInSearch(state: string | undefined): string {
  try {
    const query = JSON.parse(atob((state ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as Record<
      string,
      unknown
    >;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (k !== "nonce" && typeof v === "string") params.set(k, v);
    const s = params.toString();
    return s ? `?${s}` : "";
  } catch {
    return "";
  }
}

/**
 * /oauth2-google, /oauth2-facebook and /oauth2-zalo: a blank page that works on load. With `start=1` (a frame
 * sent the whole page here) it asks for the provider's address and goes; otherwise it hands the
 * provider's answer to the server and follows the result. A failure goes back to /signin with a
 * danger toast (SPEC §4).
 */
export function SocialCallback({
  provider,
  returnTo,
}: {
  provider: SocialProvider;
  /** Where a failure goes (a link from the profile goes back there); /signin by default. */
  returnTo?: string;
}) {
  const t = useTranslations("auth.social");
  const tc = useTranslations("common");
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const answer = providerAnswer();
    // A framed sign-in's pop-up (Zalo): the frame that opened it finishes the sign-in.
    if (handOffToOpener(answer)) return;
    if (answer.start === "1") {
      const { start: _start, ...query } = answer;
      void api<{ url?: string }>(`/auth/${provider}-generate-url`, query, {
        networkMessage: tc("networkError"),
        on401: "return",
      }).then((envelope) => {
        if (isSuccess(envelope) && envelope.data.url) {
          window.location.replace(envelope.data.url);
          return;
        }
        // Like a refused answer below: back to the sign-in form, which says it (no modal here).
        flash("error", envelope.message);
        window.location.replace("/signin");
      });
      return;
    }
    void api(
      `/auth/oauth2-${provider}`,
      {
        code: answer.code,
        state: answer.state ?? "",
        error: answer.error,
        error_description: answer.error_description,
        client_id: answer.client_id,
        search: window.location.search,
      },
      { networkMessage: tc("networkError"), on401: "return" },
    ).then((envelope) => {
      if (isSuccess(envelope)) {
        // Signed in, or the next page: /complete-reg/social (Zalo has no email), the profile (linked).
        finishHandoff(envelope.data);
        return;
      }
      const cancelHref = cancelDeletionHref(envelope);
      if (cancelHref) {
        window.location.replace(cancelHref);
        return;
      }
      flash("error", envelope.message);
      window.location.replace(returnTo ?? `/signin${signInSearch(answer.state)}`);
    });
  }, [provider, returnTo, tc]);

  return (
    <p role="status" aria-live="polite" className="flex items-center gap-3 text-sm text-gray-600">
      <span
        aria-hidden
        className="size-4 animate-spin rounded-full border-2 border-gray-300 border-t-brand-600"
      />
      {t("working", { provider: providerName(provider) })}
    </p>
  );
}
