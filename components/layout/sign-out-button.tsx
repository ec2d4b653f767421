"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { api, go } from "@/lib/http/client";

/** Signs out through /2.0/auth/logout (revoked in the database) and lands on /signin?logout=1. */
export function SignOutButton({
  variant = "secondary",
  className,
}: {
  variant?: "primary" | "secondary" | "ghost";
  className?: string;
} = {}) {
  const t = useTranslations("account.shell");
  const tc = useTranslations("common");
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      className={className}
      busy={busy}
      onClick={async () => {
        setBusy(true);
        const envelope = await api(
          "/auth/logout",
          {},
          { networkMessage: tc("networkError"), on401: "return" },
        );
        go(envelope.data?.redirect_url ?? "/signin?logout=1");
      }}
    >
      {t("signOut")}
    </Button>
  );
}
