"use client";
import Link from "next/link";
import { useSignInHref } from "@/lib/hooks/use-sign-in-href";

/**
 * The quiet way back under a step's form: to the sign-in (inside a frame, the framed one), or to
 * `href` when the step names its own.
 */
export function BackToSignIn({
  label,
  href,
  className = "text-center text-sm",
}: {
  label: string;
  href?: string;
  className?: string;
}) {
  const signInHref = useSignInHref();
  return (
    <p className={className}>
      <Link href={href ?? signInHref} className="text-gray-600 hover:underline">
        {label}
      </Link>
    </p>
  );
}
