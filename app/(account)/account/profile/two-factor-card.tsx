"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { TwoFactorSetupDialog } from "@/components/two-factor/setup-dialog";
import type { TwoFactorDoneData } from "@/components/two-factor/use-enable-two-factor";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { PasswordField } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { TwoFaMethod } from "@/server/two-factor/schema";
import { SecurityCard } from "./security-card";

/** The profile's two-factor state, with turning a method on, switching it, or turning it off. */
export function TwoFactorCard({
  twoFaType,
  isRequired,
  phone,
  isPhoneVerified,
}: {
  twoFaType: "TOTP" | "SMS" | null;
  isRequired: boolean;
  phone: string | null;
  isPhoneVerified: boolean;
}) {
  const t = useTranslations("account.security");
  const tc = useTranslations("common");
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const [dialog, setDialog] = useState<TwoFaMethod | "off" | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const isOn = twoFaType !== null;

  const done = (data: TwoFactorDoneData) => {
    setDialog(null);
    toast.show("success", t(data.method === "sms" ? "onSms" : "onApp"));
    router.refresh();
  };

  async function turnOff(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const envelope = await api("/auth2-fa/disable", { password }, { networkMessage: tc("networkError") });
    setBusy(false);
    if (!isSuccess(envelope)) {
      setError(envelope.data?.fields?.password ?? envelope.message);
      return;
    }
    setDialog(null);
    setPassword("");
    toast.show("success", envelope.message);
    router.refresh();
  }

  return (
    <SecurityCard title={t("title")}>
      <p className="text-sm text-gray-700" data-testid="two-factor-status">
        {isOn ? t(twoFaType === "SMS" ? "statusSms" : "statusApp") : t("statusOff")}
        {isRequired && <span className="ml-2 text-xs text-amber-700">{t("required")}</span>}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {twoFaType !== "TOTP" && (
          <Button variant="secondary" onClick={() => setDialog("totp")}>
            {isOn ? t("switchToApp") : t("useApp")}
          </Button>
        )}
        {twoFaType !== "SMS" && (
          <Button variant="secondary" onClick={() => setDialog("sms")}>
            {isOn ? t("switchToSms") : t("useSms")}
          </Button>
        )}
        {isOn && !isRequired && (
          <Button variant="secondary" onClick={() => setDialog("off")}>
            {t("turnOff")}
          </Button>
        )}
      </div>
      {/* Mounted only while open: every render of the page (the server's too) skips its forms. */}
      {(dialog === "totp" || dialog === "sms") && (
        <TwoFactorSetupDialog
          method={dialog}
          open
          onOpenChange={(open) => setDialog(open ? dialog : null)}
          requirePassword={isOn}
          onDone={done}
          phone={phone ?? ""}
          isPhoneVerified={isPhoneVerified}
        />
      )}
      <MessageDialog
        open={dialog === "off"}
        title={t("turnOffTitle")}
        onClose={() => setDialog(null)}
        cancel={tc("cancel")}
        actions={
          <Button type="submit" form={`${id}-off`} variant="danger" busy={busy}>
            {t("turnOff")}
          </Button>
        }
      >
        <form id={`${id}-off`} onSubmit={turnOff} className="flex flex-col gap-3">
          <p>{t("turnOffBody")}</p>
          <PasswordField
            id={`${id}-password`}
            label={t("password")}
            error={error}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
            showLabel={t("show")}
            hideLabel={t("hide")}
          />
        </form>
      </MessageDialog>
      {toast.view}
    </SecurityCard>
  );
}
