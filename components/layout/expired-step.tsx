"use client";
import Link from "next/link";
import { useSignInHref } from "@/lib/hooks/use-sign-in-href";

/**
 * A link's step that can no longer be used (spent, expired, or no token at all), shown by its
 * page instead of a form that would only fail on submit: what happened and the one action that
 * helps. Without `href` the action is signing in again (inside a frame, the framed sign-in).
 */
export function ExpiredStep({ text, action, href }: { text: string; action: string; href?: string }) {
  const signInHref = useSignInHref();
  return (
    <div className="flex flex-col gap-6" data-testid="expired-step">
      <p className="text-sm text-gray-700">{text}</p>
      <Link
        href={href ?? signInHref}
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {action}
      </Link>
    </div>
  );
}
