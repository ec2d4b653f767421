"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";

const answerSchema = z.object({ redirect_url: z.string().min(1) });

/**
 * Allow or cancel. The answer is a fetch and the page then navigates itself: a form post would
 * be redirected on to the client's site, which the CSP's form-action 'self' forbids.
 */
export function ConsentForm({ uid }: { uid: string }) {
  const t = useTranslations("auth.oidc.consent");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState<"confirm" | "abort" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(action: "confirm" | "abort") {
    setBusy(action);
    setError(null);
    try {
      const response = await fetch(`/oidc/interaction/${encodeURIComponent(uid)}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      // 401 carries the sign-in page to go through first.
      if ((response.ok || response.status === 401) && parsed.success) {
        window.location.assign(parsed.data.redirect_url);
        return;
      }
      setError(t("expired"));
    } catch {
      setError(tc("networkError"));
    }
    setBusy(null);
  }

  return (
    <div className="mt-6 flex flex-col gap-3">
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button busy={busy === "confirm"} disabled={busy !== null} onClick={() => answer("confirm")}>
        {t("allow")}
      </Button>
      <Button
        variant="secondary"
        busy={busy === "abort"}
        disabled={busy !== null}
        onClick={() => answer("abort")}
      >
        {t("deny")}
      </Button>
    </div>
  );
}
