"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { useToast } from "@/components/ui/toast";
import type { ReferralInfoDto } from "@/server/user/schema";

/** /user/my-refferral-info: the link and how many joined through it. */
export type ReferralInfo = ReferralInfoDto;

/** SPEC §2 invite friends: the referral link with a copy button, how many joined, the list. */
export function InviteCard({
  referral,
  referrerEmail,
}: {
  /** Null when /user/my-refferral-info failed: the card says so instead of showing a dead link. */
  referral: ReferralInfo | null;
  referrerEmail: string | null;
}) {
  const t = useTranslations("account.invite");
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    if (!referral) return;
    try {
      await navigator.clipboard.writeText(referral.referral_url);
      toast.show("success", t("copied"));
    } catch {
      // No clipboard (an old browser, or permission refused): leave the link selected to copy by hand.
      input.current?.select();
      toast.show("error", t("copyFailed"));
    }
  }

  return (
    <SectionCard title={t("title")} className="mt-6">
      <p className="mt-1 text-sm text-gray-600">{t("body")}</p>
      {referral ? (
        <>
          <label htmlFor={`${id}-link`} className="mt-4 block text-sm font-medium text-gray-700">
            {t("link")}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              ref={input}
              id={`${id}-link`}
              readOnly
              value={referral.referral_url}
              data-testid="referral-url"
              onFocus={(e) => e.target.select()}
              className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-800 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
            />
            <Button onClick={copy} aria-label={t("copyLabel")}>
              {t("copy")}
            </Button>
          </div>
          <div className="mt-4 flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="text-gray-700" data-testid="referral-count">
              {t("count", { count: referral.total })}
              {referral.total > 0 && (
                <span className="text-gray-500"> · {t("verified", { count: referral.verified })}</span>
              )}
            </p>
            <Link href="/referral" className="font-medium text-brand-600 hover:underline">
              {t("list")}
            </Link>
          </div>
        </>
      ) : (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t("unavailable")}
        </p>
      )}
      {referrerEmail && (
        <p className="mt-3 text-sm text-gray-500">{t("referredBy", { email: referrerEmail })}</p>
      )}
      {toast.view}
    </SectionCard>
  );
}
