"use client";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cancelDeletionHref } from "@/lib/deletion-pending";
import { api, finishHandoff, go, handoffFields } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

export type PasskeyText = {
  button: string;
  /** The browser refused (closed prompt, a frame without `publickey-credentials-get`). */
  refused: string;
  unsupported: string;
  networkError: string;
};

// The WebAuthn library is loaded on demand so /signin's first script stays within its budget.
const loadWebAuthn = () => import("@simplewebauthn/browser");
const MAX_AUTOFILL_ROUNDS = 5;

async function fetchOptions(networkError: string) {
  const envelope = await api<PublicKeyCredentialRequestOptionsJSON>(
    "/passkey/signin-options",
    {},
    { networkMessage: networkError, on401: "return" },
  );
  return isSuccess(envelope) ? envelope.data : { error: envelope.message };
}

/**
 * "Sign in with a passkey", and passkey autofill on the email field (conditional mediation) where
 * the browser offers it. A passkey sign-in answers like the password's (hand-off, frame message,
 * OIDC); when the browser refuses, a short message says so and the password form stays.
 */
export function PasskeySignIn({ text }: { text: PasskeyText }) {
  const [isSupported, setSupported] = useState<boolean | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  // Bumped to offer autofill again after an answer it started was refused (e.g. an expired challenge).
  const [autofillRound, setAutofillRound] = useState(0);
  // While the button's prompt runs, autofill must not start (a new ceremony aborts the running one).
  const isPrompting = useRef(false);

  const finish = useCallback(
    async (response: AuthenticationResponseJSON) => {
      const envelope = await api(
        "/passkey/signin",
        { response, ...handoffFields() },
        { networkMessage: text.networkError, on401: "return" },
      );
      if (!isSuccess(envelope)) {
        const cancelHref = cancelDeletionHref(envelope);
        if (cancelHref) {
          go(cancelHref);
          return true;
        }
        setAlert(envelope.message);
        return false;
      }
      await finishHandoff(envelope.data);
      return true;
    },
    [text.networkError],
  );

  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
  }, []);

  useEffect(() => {
    let isActive = true;
    let lib: Awaited<ReturnType<typeof loadWebAuthn>> | undefined;
    (async () => {
      // A few refused answers in a row: stop offering (the button and the password remain).
      if (typeof window.PublicKeyCredential !== "function" || autofillRound > MAX_AUTOFILL_ROUNDS) return;
      lib = await loadWebAuthn();
      if (!isActive || !(await lib.browserSupportsWebAuthnAutofill())) return;
      const options = await fetchOptions(text.networkError);
      if (!isActive || "error" in options || isPrompting.current) return;
      const response = await lib.startAuthentication({ optionsJSON: options, useBrowserAutofill: true });
      if (!(await finish(response)) && isActive) setAutofillRound((n) => n + 1);
    })().catch(() => {
      // Autofill aborted (the button started its own prompt, the page left) or not allowed here:
      // nothing to say, the field keeps working as a plain email field.
    });
    return () => {
      isActive = false;
      lib?.WebAuthnAbortService.cancelCeremony();
    };
  }, [autofillRound, finish, text.networkError]);

  async function signIn() {
    setAlert(undefined);
    if (typeof window.PublicKeyCredential !== "function") {
      setAlert(text.unsupported);
      return;
    }
    setBusy(true);
    isPrompting.current = true;
    try {
      const lib = await loadWebAuthn();
      const options = await fetchOptions(text.networkError);
      if ("error" in options) {
        setAlert(options.error);
        return;
      }
      let response: AuthenticationResponseJSON;
      try {
        response = await lib.startAuthentication({ optionsJSON: options });
      } catch {
        setAlert(text.refused);
        setAutofillRound((n) => n + 1);
        return;
      }
      if (!(await finish(response))) setAutofillRound((n) => n + 1);
    } finally {
      isPrompting.current = false;
      setBusy(false);
    }
  }

  if (isSupported === false) return null;
  return (
    <div className="mt-3 flex flex-col gap-2">
      <Button variant="secondary" busy={isBusy} onClick={signIn} data-testid="passkey-signin">
        {text.button}
      </Button>
      {alert && (
        <p role="alert" data-testid="passkey-alert" className="text-sm text-red-600">
          {alert}
        </p>
      )}
    </div>
  );
}
