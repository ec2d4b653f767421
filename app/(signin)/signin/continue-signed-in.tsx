"use client";
import { useEffect, useRef, useState } from "react";
import { api, finishHandoff, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/**
 * Sign in once (issue 25): the person is signed in here already, so the product that sent them
 * gets its token without a password, through the same hand-off as a sign-in (redirect, or the
 * message to the embedding page). If that fails, the password form comes back (prompt=login).
 */
export function ContinueSignedIn({ text }: { text: { continuing: string; networkError: string } }) {
  const started = useRef(false);
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const envelope = await api("/auth/continue", handoffFields(), {
        networkMessage: text.networkError,
        on401: "return",
      });
      if (isSuccess(envelope)) {
        await finishHandoff(envelope.data);
        return;
      }
      setFailed(envelope.message);
      const params = new URLSearchParams(window.location.search);
      params.set("prompt", "login");
      window.location.replace(`/signin?${params.toString()}`);
    })();
  }, [text.networkError]);

  return (
    <p role="status" aria-live="polite" className="text-sm text-gray-700" data-testid="continue-signed-in">
      {failed ?? text.continuing}
    </p>
  );
}
