"use client";
import Link from "next/link";
import { useSignInHref } from "@/lib/hooks/use-sign-in-href";

/** A used or expired verification step: signing in again sends a fresh code (inside a frame, it stays framed). */
export function ExpiredLink({ text, action }: { text: string; action: string }) {
  const signInHref = useSignInHref();
  return (
    <>
      <p role="alert" className="text-sm text-gray-700">
        {text}
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Link
          href={signInHref}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {action}
        </Link>
      </div>
    </>
  );
}
