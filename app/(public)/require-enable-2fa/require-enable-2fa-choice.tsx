"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { BackToSignIn } from "@/components/layout/back-to-sign-in";
import { TwoFactorSetupDialog } from "@/components/two-factor/setup-dialog";
import type { TwoFactorDoneData } from "@/components/two-factor/use-enable-two-factor";
import { LineIcon } from "@/components/ui/line-icon";
import { finishHandoff, go } from "@/lib/http/client";
import { TWO_FA_METHODS, type TwoFaMethod } from "@/server/two-factor/schema";

/** SPEC §4: once two-factor is on, the sign-in continues (or meets the device limit, code 503). */
function continueSignIn(data: TwoFactorDoneData) {
  if (data.error === "DEVICE_LIMIT_EXCEEDED" && typeof data.redirect_url === "string") {
    go(data.redirect_url);
    return;
  }
  finishHandoff(data);
}

/** SPEC §2 Require enable 2FA: choose the method; each opens its setup modal in sign-in mode. */
export function RequireEnable2faChoice({
  customAuth,
  preferred,
  maskedPhone,
  isPhoneVerified,
}: {
  customAuth: string;
  preferred: TwoFaMethod;
  /** The account's phone as the page may show it ("*******678"). */
  maskedPhone: string;
  isPhoneVerified: boolean;
}) {
  const t = useTranslations("auth.twoFactor.require");
  const id = useId();
  const [open, setOpen] = useState<TwoFaMethod | null>(null);
  const methods: TwoFaMethod[] = preferred === "sms" ? ["sms", "totp"] : ["totp", "sms"];
  const text = {
    totp: { title: t("app"), body: t("appText") },
    sms: { title: t("sms"), body: maskedPhone ? t("smsTextPhone", { phone: maskedPhone }) : t("smsText") },
  };

  return (
    <>
      <ul aria-label={t("methods")} className="flex flex-col gap-3">
        {methods.map((method) => (
          <li key={method}>
            <button
              type="button"
              onClick={() => setOpen(method)}
              aria-labelledby={`${id}-${method}-title`}
              aria-describedby={`${id}-${method}-body`}
              aria-haspopup="dialog"
              data-method={method}
              className="flex w-full items-center gap-4 rounded-xl border border-gray-200 bg-white p-4 text-left transition-colors hover:border-brand-500 hover:bg-brand-50 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-100"
            >
              <span
                aria-hidden
                className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700"
              >
                <MethodIcon method={method} />
              </span>
              <span className="min-w-0 flex-1">
                <span id={`${id}-${method}-title`} className="block font-semibold text-gray-900">
                  {text[method].title}
                </span>
                <span id={`${id}-${method}-body`} className="mt-0.5 block text-sm text-gray-600">
                  {text[method].body}
                </span>
              </span>
              <span aria-hidden className="text-xl text-gray-400">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>
      <BackToSignIn label={t("back")} className="mt-6 text-center text-sm" />
      {TWO_FA_METHODS.map((method) => (
        <TwoFactorSetupDialog
          key={method}
          method={method}
          open={open === method}
          onOpenChange={(next) => setOpen(next ? method : null)}
          customAuth={customAuth}
          // SMS: a verified phone is shown fixed (the server sends to it whatever is typed); any
          // other phone is typed again: a masked one cannot be sent.
          phone={isPhoneVerified ? maskedPhone : ""}
          isPhoneVerified={isPhoneVerified}
          onDone={continueSignIn}
        />
      ))}
    </>
  );
}

function MethodIcon({ method }: { method: TwoFaMethod }) {
  return (
    <LineIcon className="size-6">
      {method === "totp" ? (
        <>
          <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
          <path d="M10.5 18.5h3" />
          <path d="M12 6.5l3 1.2v2.3c0 1.9-1.3 3.3-3 3.8-1.7-.5-3-1.9-3-3.8V7.7z" />
        </>
      ) : (
        <>
          <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 14.5z" />
          <path d="M8.5 9.5h.01M12 9.5h.01M15.5 9.5h.01" strokeWidth={2.6} />
        </>
      )}
    </LineIcon>
  );
}
