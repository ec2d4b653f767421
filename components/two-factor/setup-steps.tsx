"use client";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-input";
import type { ToastKind } from "@/components/ui/toast";

/** The password asked again when an enabled method changes (profile mode); its error sits under it. */
export function PasswordAgainField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const t = useTranslations("auth.twoFactor.password");
  const id = useId();
  return (
    <PasswordField
      id={`${id}-password`}
      label={t("label")}
      hint={t("hint")}
      error={error}
      name="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      showLabel={t("show")}
      hideLabel={t("hide")}
    />
  );
}

/** Offers `text` as a file called `name` (the browser's download). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The ten single-use codes, shown once after TOTP is enabled, with copy and download. */
export function BackupCodesStep({
  codes,
  onSaved,
  showToast,
}: {
  codes: string[];
  onSaved: () => void;
  showToast: (kind: ToastKind, message: string) => void;
}) {
  const t = useTranslations("auth.twoFactor.backup");
  const asText = () => [t("fileTitle"), "", ...codes, "", t("fileNote"), ""].join("\n");
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">{t("text")}</p>
      <ul
        aria-label={t("list")}
        data-testid="backup-codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-4 font-mono text-sm text-gray-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(codes.join("\n"));
              showToast("success", t("copied"));
            } catch {
              showToast("error", t("copyFailed"));
            }
          }}
        >
          {t("copy")}
        </Button>
        <Button variant="secondary" onClick={() => download("backup-codes.txt", asText())}>
          {t("download")}
        </Button>
      </div>
      <Button onClick={onSaved}>{t("saved")}</Button>
    </div>
  );
}
