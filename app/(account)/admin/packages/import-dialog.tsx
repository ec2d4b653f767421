"use client";
import { useLocale, useTranslations } from "next-intl";
import { type ChangeEvent, useId, useState } from "react";
import { ReauthStep } from "@/components/forms/reauth-step";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { formatNumber, formatVnd } from "@/lib/format";
import { type ApiData, api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type {
  CatalogChangesDto,
  CatalogImportedDto,
  CatalogPreviewDto,
} from "@/server/admin/programme-schema";

/** A catalog file over 2 MB is not one this portal wrote (28 packages are ~8 kB). */
const MAX_FILE_BYTES = 2_000_000;

type ChosenFile = { name: string; catalog: unknown };
type Step =
  | { kind: "choose" }
  | { kind: "preview"; file: ChosenFile; preview: CatalogPreviewDto }
  | { kind: "reauth"; file: ChosenFile; preview: CatalogPreviewDto };

/** A field's value as the operator reads it: prices in VND, yes/no for active. */
function useShowValue() {
  const t = useTranslations("admin.packages");
  const locale = useLocale();
  return (field: string, value: string | number | boolean) => {
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (field === "price" && typeof value === "number") return formatVnd(value, locale);
    return String(value);
  };
}

function Changes({ changes }: { changes: CatalogChangesDto }) {
  const t = useTranslations("admin.packages");
  const show = useShowValue();
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="catalog-preview">
      <p>
        {t("previewCounts", {
          added: changes.added.length,
          changed: changes.changed.length,
          unchanged: changes.unchanged.length,
          kept: changes.kept.length,
        })}
      </p>
      {changes.added.length > 0 && (
        <section aria-labelledby="catalog-added">
          <h3 id="catalog-added" className="font-semibold text-gray-900">
            {t("addedHeading")}
          </h3>
          <ul className="mt-1 list-disc pl-5">
            {changes.added.map((p) => (
              <li key={`${p.app_code}/${p.code}`}>
                <span className="font-mono text-xs">
                  {p.app_code}/{p.code}
                </span>{" "}
                {p.name} — {show("price", p.price)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {changes.changed.length > 0 && (
        <section aria-labelledby="catalog-changed">
          <h3 id="catalog-changed" className="font-semibold text-gray-900">
            {t("changedHeading")}
          </h3>
          <ul className="mt-1 flex flex-col gap-2">
            {changes.changed.map((p) => (
              <li key={`${p.app_code}/${p.code}`}>
                <span className="font-mono text-xs">
                  {p.app_code}/{p.code}
                </span>{" "}
                {p.name}
                <ul className="list-disc pl-5 text-gray-700">
                  {p.fields.map((f) => (
                    <li key={f.field}>
                      {t(`fields.${f.field}`)}: {show(f.field, f.before)} → {show(f.field, f.after)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
      {changes.kept.length > 0 && (
        <p className="text-gray-600">{t("keptNote", { codes: changes.kept.join(", ") })}</p>
      )}
    </div>
  );
}

function Problems({ errors }: { errors: string[] }) {
  const t = useTranslations("admin.packages");
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-testid="catalog-errors">
      <p className="font-semibold">{t("errorsHeading", { count: errors.length })}</p>
      <ul className="mt-1 list-disc pl-5 font-mono text-xs">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Import a catalog file: choose the .json, see every problem (nothing written) or what it changes,
 * then import it. The server asks for a re-authentication within 15 minutes (prices are money);
 * the dialog asks for it in place and sends the import again.
 */
export function ImportDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useTranslations("admin.packages");
  const ta = useTranslations("admin");
  const tc = useTranslations("common");
  const locale = useLocale();
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    setAlert(undefined);
    if (chosen.size > MAX_FILE_BYTES) return setAlert(t("fileTooLarge"));
    let catalog: unknown;
    try {
      catalog = JSON.parse(await chosen.text());
    } catch {
      return setAlert(t("notJson", { file: chosen.name }));
    }
    const file = { name: chosen.name, catalog };
    setBusy(true);
    const envelope = await api<CatalogPreviewDto>(
      "/admin/packages/preview",
      { catalog, file_name: file.name },
      { networkMessage: tc("networkError") },
    );
    setBusy(false);
    if (!isSuccess(envelope)) return setAlert(envelope.message);
    setStep({ kind: "preview", file, preview: envelope.data });
  }

  async function importFile(file: ChosenFile, preview: CatalogPreviewDto) {
    setBusy(true);
    setAlert(undefined);
    const envelope = await api<CatalogImportedDto>(
      "/admin/packages/import",
      { catalog: file.catalog, file_name: file.name },
      { networkMessage: tc("networkError") },
    );
    setBusy(false);
    if (isSuccess(envelope))
      return onDone(
        t("imported", { count: envelope.data.count, shown: formatNumber(envelope.data.count, locale) }),
      );
    const data = envelope.data as unknown as ApiData & { errors?: string[] };
    if (data?.error === "REAUTH_REQUIRED") return setStep({ kind: "reauth", file, preview });
    if (data?.error === "CATALOG_INVALID" && data.errors) {
      return setStep({ kind: "preview", file, preview: { ...preview, ok: false, errors: data.errors } });
    }
    setAlert(envelope.message);
  }

  const ready = step.kind === "preview" && step.preview.ok;
  return (
    <FormDialog
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={t("importTitle")}
      description={t("importBody")}
      footer={
        step.kind !== "reauth" && (
          <>
            <Button variant="secondary" onClick={onClose}>
              {tc("cancel")}
            </Button>
            {step.kind === "preview" && (
              <Button variant="secondary" onClick={() => setStep({ kind: "choose" })} disabled={busy}>
                {t("chooseAnother")}
              </Button>
            )}
            {ready && (
              <Button busy={busy} onClick={() => void importFile(step.file, step.preview)}>
                {t("importConfirm")}
              </Button>
            )}
          </>
        )
      }
    >
      <div className="flex flex-col gap-3">
        <FormAlert message={alert} />
        {step.kind === "choose" && (
          <Field id={inputId} label={t("fileLabel")} hint={t("fileHint")}>
            <input
              id={inputId}
              type="file"
              accept=".json,application/json"
              disabled={busy}
              aria-busy={busy || undefined}
              onChange={(e) => void choose(e)}
              className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-4 file:font-semibold"
            />
          </Field>
        )}
        {step.kind === "preview" && (
          <>
            <p className="text-sm text-gray-600">{t("fileChosen", { file: step.file.name })}</p>
            {step.preview.ok ? <Changes changes={step.preview} /> : <Problems errors={step.preview.errors} />}
          </>
        )}
        {step.kind === "reauth" && (
          <ReauthStep
            reason={ta("reauthReason")}
            cancel={tc("cancel")}
            onDone={() => {
              setStep({ kind: "preview", file: step.file, preview: step.preview });
              void importFile(step.file, step.preview);
            }}
          />
        )}
      </div>
    </FormDialog>
  );
}
