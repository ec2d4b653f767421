"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { formatListDateTime } from "@/lib/format";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { providerName, type SignInMethodsDto, type SocialProvider } from "@/server/oauth/schema";
import { ReauthDialog } from "./passkey-dialogs";
import { ListStatus, SecurityCard, useCall } from "./security-card";

/**
 * The ways the person signs in: the password, passkeys (managed in their own card), and each
 * provider — linked (with an unlink button while another way remains) or offered to link (the
 * provider's page, back at /account/profile/link/<provider>: the signed-in session is the proof).
 */
export function SignInMethodsCard({ timeZone }: { timeZone: string }) {
  const t = useTranslations("account.signInMethods");
  const tc = useTranslations("common");
  const toast = useToast();
  const { data, error, isLoading, mutate } = useCall<SignInMethodsDto>("/auth/sign-in-methods");
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  /** The provider whose unlinking waits for "confirm it's you". */
  const [reauthFor, setReauthFor] = useState<SocialProvider | null>(null);
  const tr = useTranslations("reauth");

  async function link(provider: SocialProvider) {
    setBusy(provider);
    const envelope = await api<{ url?: string }>(
      "/auth/link-url",
      { provider },
      { networkMessage: tc("networkError") },
    );
    if (isSuccess(envelope) && envelope.data.url) {
      window.location.assign(envelope.data.url);
      return;
    }
    setBusy(null);
    toast.show("error", envelope.message);
  }

  async function unlink(provider: SocialProvider) {
    setBusy(provider);
    const envelope = await api("/auth/unlink", { provider }, { networkMessage: tc("networkError") });
    setBusy(null);
    if (envelope.data?.error === "REAUTH_REQUIRED") {
      setReauthFor(provider);
      return;
    }
    toast.show(isSuccess(envelope) ? "success" : "error", envelope.message);
    if (isSuccess(envelope)) await mutate();
  }

  return (
    <SecurityCard title={t("title")}>
      <ListStatus isLoading={isLoading} error={error} isEmpty={false} empty="" />
      {data && (
        <ul className="divide-y divide-gray-100" data-testid="sign-in-methods">
          <li className="flex min-h-12 items-center justify-between gap-3 py-2 text-sm">
            <span className="font-medium text-gray-900">{t("password")}</span>
            <span className="text-gray-600">{data.has_password ? t("set") : t("notSet")}</span>
          </li>
          <li className="flex min-h-12 items-center justify-between gap-3 py-2 text-sm">
            <span className="font-medium text-gray-900">{t("passkeys")}</span>
            <span className="text-gray-600">{t("passkeyCount", { count: data.passkeys })}</span>
          </li>
          {data.providers.map((item) => (
            <li
              key={item.provider}
              data-testid={`method-${item.provider}`}
              className="flex min-h-12 flex-wrap items-center justify-between gap-3 py-2 text-sm"
            >
              <span className="min-w-0">
                <span className="font-medium text-gray-900">{providerName(item.provider)}</span>
                <span className="block text-gray-600">
                  {item.linked
                    ? t("linkedSince", { date: formatListDateTime(item.linked_at ?? "", timeZone) })
                    : t("notLinked")}
                </span>
              </span>
              {item.linked ? (
                <Button
                  variant="secondary"
                  busy={busy === item.provider}
                  onClick={() => unlink(item.provider)}
                >
                  {t("unlink", { provider: providerName(item.provider) })}
                </Button>
              ) : (
                <Button variant="secondary" busy={busy === item.provider} onClick={() => link(item.provider)}>
                  {t("link", { provider: providerName(item.provider) })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {reauthFor && (
        <ReauthDialog
          reason={tr("unlinkReason", { provider: providerName(reauthFor) })}
          onClose={() => setReauthFor(null)}
          onDone={() => {
            const provider = reauthFor;
            setReauthFor(null);
            void unlink(provider);
          }}
        />
      )}
      {toast.view}
    </SecurityCard>
  );
}
