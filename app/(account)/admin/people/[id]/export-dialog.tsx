"use client";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { ReauthStep } from "@/components/forms/reauth-step";
import { FilterSelect } from "@/components/list/filter-select";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { type ApiData, api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import { LOCALE_NAMES, LOCALES, type Locale, toLocale } from "@/lib/locales";
import type { PersonExportDto } from "@/server/admin/people-extra-schema";

/** Saves the answered zip as a download in the operator's browser. */
function saveZip(file: PersonExportDto): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.content_type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Export a person's data (a support request): the zip their own "Download my data" gives, in the
 * language chosen (theirs by default), downloaded here. The server audits it and writes the
 * person's `data_exported` event naming the operator. It wants "confirm it's you" within 15
 * minutes: on REAUTH_REQUIRED the dialog asks in place and then asks for the zip again, as
 * ActionDialog does for the other such actions.
 */
export function ExportDialog({
  id,
  email,
  language,
  onClose,
  onDone,
}: {
  id: string;
  email: string;
  /** The person's language: the summary's default. */
  language: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useTranslations("admin.person");
  const tc = useTranslations("common");
  const formId = useId();
  const [lang, setLang] = useState<Locale>(toLocale(language));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [needsReauth, setNeedsReauth] = useState(false);

  async function send() {
    setBusy(true);
    setAlert(undefined);
    const envelope = await api<PersonExportDto>(
      "/admin/people/export",
      { id, lang },
      { networkMessage: tc("networkError") },
    );
    setBusy(false);
    if (!isSuccess(envelope)) {
      if ((envelope.data as ApiData | null)?.error === "REAUTH_REQUIRED") setNeedsReauth(true);
      else setAlert(envelope.message);
      return;
    }
    saveZip(envelope.data);
    onDone(t("exportDone", { file: envelope.data.file_name }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!busy) void send();
  }

  return (
    <MessageDialog
      open
      title={t("exportTitle")}
      onClose={onClose}
      cancel={needsReauth ? undefined : tc("cancel")}
      actions={
        !needsReauth && (
          <Button type="submit" form={formId} busy={busy}>
            {t("exportConfirm")}
          </Button>
        )
      }
    >
      {needsReauth ? (
        <ReauthStep
          reason={t("exportReauthReason")}
          cancel={tc("cancel")}
          onDone={() => {
            setNeedsReauth(false);
            void send();
          }}
        />
      ) : (
        <form id={formId} onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
          <p>{t("exportBody", { email })}</p>
          <FormAlert message={alert} />
          <FilterSelect
            label={t("exportLanguage")}
            value={lang}
            onChange={(value) => setLang(toLocale(value))}
            options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          />
        </form>
      )}
    </MessageDialog>
  );
}
