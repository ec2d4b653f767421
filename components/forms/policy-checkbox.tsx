"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { LINKS } from "@/lib/links";

/** The SPEC §2 policy box with links to the terms of use and the privacy policy. */
export function PolicyCheckbox({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const t = useTranslations("auth.signUp");
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="mt-1 size-4"
          {...registration}
          aria-invalid={Boolean(error) || undefined}
        />
        <span>
          {t.rich("policy", {
            terms: (chunks) => <PolicyLink href={LINKS.terms}>{chunks}</PolicyLink>,
            privacy: (chunks) => <PolicyLink href={LINKS.privacy}>{chunks}</PolicyLink>,
          })}
        </span>
      </label>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function PolicyLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className="font-medium text-brand-600 hover:underline">
      {children}
    </a>
  );
}
