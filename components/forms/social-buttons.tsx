"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";

/** Google and Facebook sign-in. Until a provider is configured the button says so plainly. */
export function SocialButtons() {
  const t = useTranslations("auth.social");
  const tc = useTranslations("common");
  const [provider, setProvider] = useState<"google" | "facebook" | null>(null);
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs uppercase text-gray-400">
        <span className="h-px flex-1 bg-gray-200" />
        {tc("or")}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button variant="secondary" onClick={() => setProvider("google")}>
          <span aria-hidden className="font-bold text-[#4285F4]">
            G
          </span>
          {t("google")}
        </Button>
        <Button variant="secondary" onClick={() => setProvider("facebook")}>
          <span aria-hidden className="font-bold text-[#1877F2]">
            f
          </span>
          {t("facebook")}
        </Button>
      </div>
      <MessageDialog
        open={provider !== null}
        title={tc("notification")}
        onClose={() => setProvider(null)}
        actions={<Button onClick={() => setProvider(null)}>{tc("ok")}</Button>}
      >
        {t("notConfigured", { provider: provider === "google" ? "Google" : "Facebook" })}
      </MessageDialog>
    </>
  );
}
