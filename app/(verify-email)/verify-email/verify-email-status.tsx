"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingLine } from "@/components/ui/loading-line";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { Notice } from "./notice";

/** SPEC §9: the success message stays 8 s before the redirect. */
const REDIRECT_SECONDS = 8;

type State =
  | { kind: "processing" }
  | { kind: "success"; message: string; redirectUrl: string }
  | { kind: "invalid" }
  | { kind: "failed"; message: string };

/** Where the countdown leads, in words: this portal's pages are "your account", others their host. */
function destinationOf(url: string, yourAccount: string): string {
  try {
    const target = new URL(url, window.location.href);
    return target.origin === window.location.origin ? yourAccount : target.host;
  } catch {
    return yourAccount;
  }
}

/** SPEC §4: the link's token is checked on load; success counts down, then redirects. */
export function VerifyEmailStatus({ token, isSignedIn = false }: { token?: string; isSignedIn?: boolean }) {
  const t = useTranslations("auth.verifyEmail");
  const tc = useTranslations("common");
  const [state, setState] = useState<State>(token ? { kind: "processing" } : { kind: "invalid" });
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  // A link works once: React's development double effect must not spend it twice.
  const started = useRef(false);

  const verify = useCallback(async () => {
    if (!token) return;
    setState({ kind: "processing" });
    const envelope = await api<{ redirect_url?: string; error?: string }>(
      "/user/verify-email",
      { token },
      { networkMessage: tc("networkError"), on401: "return" },
    );
    if (isSuccess(envelope)) {
      setState({
        kind: "success",
        message: envelope.message,
        redirectUrl: envelope.data.redirect_url ?? "/account/profile",
      });
      return;
    }
    // A used, expired or malformed link has one remedy: a new mail. Other failures may pass.
    const error = envelope.data?.error;
    setState(
      error === "FLOW_TOKEN_INVALID" || error === "VALIDATION"
        ? { kind: "invalid" }
        : { kind: "failed", message: envelope.message },
    );
  }, [token, tc]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void verify();
  }, [verify]);

  const redirectUrl = state.kind === "success" ? state.redirectUrl : undefined;
  useEffect(() => {
    if (!redirectUrl) return;
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    const leave = setTimeout(() => window.location.assign(redirectUrl), REDIRECT_SECONDS * 1000);
    return () => {
      clearInterval(timer);
      clearTimeout(leave);
    };
  }, [redirectUrl]);

  if (state.kind === "processing") {
    return <LoadingLine text={t("processing")} className="text-gray-700" />;
  }

  if (state.kind === "success") {
    return (
      <div className="flex flex-col gap-4">
        <div className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          <p role="status" className="font-semibold">
            {state.message}
          </p>
          {/* Not a live region: a countdown read out every second would drown the message. */}
          <p className="mt-1">
            {t("redirecting", { destination: destinationOf(state.redirectUrl, t("yourAccount")), seconds })}
          </p>
        </div>
        <a
          href={state.redirectUrl}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("continueNow")}
        </a>
      </div>
    );
  }

  if (state.kind === "failed") {
    return (
      <div className="flex flex-col gap-4">
        <Notice tone="red" title={t("failed")} isAlert>
          {state.message}
        </Notice>
        <Button onClick={() => void verify()}>{t("retry")}</Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Notice tone="amber" title={t("invalid.title")} isAlert>
        {isSignedIn ? t("signedIn.invalidAdvice") : t("invalid.advice")}
      </Notice>
      <Link
        href={isSignedIn ? "/account/profile" : "/signin"}
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {isSignedIn ? t("signedIn.toProfile") : t("signIn")}
      </Link>
    </div>
  );
}
