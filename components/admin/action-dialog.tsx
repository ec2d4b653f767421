"use client";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { ReauthStep } from "@/components/forms/reauth-step";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MessageDialog } from "@/components/ui/dialog";
import { Field, inputClass, TextField } from "@/components/ui/field";
import { type ApiData, api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/** A field the operator fills before the action (a reason, a note, an amount). */
export type ActionField = {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  inputMode?: "text" | "decimal" | "numeric";
  maxLength?: number;
  /** A choice instead of text (a status): the first option is chosen at first. */
  options?: readonly { value: string; label: string }[];
  /** What the text field holds at first (today's date), sent unless changed. */
  defaultValue?: string;
  /** A calendar day (the browser's date picker, YYYY-MM-DD) instead of text. */
  type?: "text" | "date";
};

/**
 * One operator action in a dialog: what it does, its fields, a confirm button. When the server
 * answers REAUTH_REQUIRED (a destructive action and no "confirm it's you" in the last 15 minutes),
 * the dialog asks for it in place and then sends the action again, nothing retyped.
 */
export function ActionDialog({
  title,
  description,
  path,
  body,
  fields = [],
  confirm,
  danger,
  onClose,
  onDone,
}: {
  title: string;
  description: string;
  /** The /2.0/admin/* call. */
  path: string;
  /** The call's fields besides the ones typed here (the person's id, the row's id). */
  body: Record<string, unknown>;
  fields?: ActionField[];
  confirm: string;
  danger?: boolean;
  onClose: () => void;
  /** Called with the server's message after success. */
  onDone: (message: string) => void;
}) {
  const t = useTranslations("admin");
  const tc = useTranslations("common");
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [needsReauth, setNeedsReauth] = useState(false);

  async function send() {
    setBusy(true);
    setAlert(undefined);
    setErrors({});
    const typed = Object.fromEntries(
      fields.map((f) => [
        f.name,
        (values[f.name] ?? f.defaultValue)?.trim() || f.options?.[0]?.value || undefined,
      ]),
    );
    const envelope = await api(path, { ...body, ...typed }, { networkMessage: tc("networkError") });
    setBusy(false);
    if (isSuccess(envelope)) {
      onDone(envelope.message || t("done"));
      return;
    }
    const data = envelope.data as ApiData | null;
    if (data?.error === "REAUTH_REQUIRED") {
      setNeedsReauth(true);
      return;
    }
    if (data?.fields && Object.keys(data.fields).some((k) => fields.some((f) => f.name === k))) {
      setErrors(data.fields);
      return;
    }
    setAlert(envelope.message);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!busy) void send();
  }

  return (
    <MessageDialog
      open
      title={title}
      onClose={onClose}
      cancel={needsReauth ? undefined : tc("cancel")}
      actions={
        !needsReauth && (
          <Button type="submit" form={`${id}-form`} busy={busy} variant={danger ? "danger" : "primary"}>
            {confirm}
          </Button>
        )
      }
    >
      {needsReauth ? (
        <ReauthStep
          reason={t("reauthReason")}
          cancel={tc("cancel")}
          onDone={() => {
            setNeedsReauth(false);
            void send();
          }}
        />
      ) : (
        <form id={`${id}-form`} onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
          <p>{description}</p>
          <FormAlert message={alert} />
          {fields.map((field, index) =>
            field.options ? (
              <Field
                key={field.name}
                id={`${id}-${field.name}`}
                label={field.label}
                hint={field.hint}
                error={errors[field.name]}
              >
                <select
                  id={`${id}-${field.name}`}
                  className={inputClass(Boolean(errors[field.name]))}
                  value={values[field.name] ?? field.options[0]?.value ?? ""}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                >
                  {field.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </Field>
            ) : (
              <TextField
                key={field.name}
                id={`${id}-${field.name}`}
                label={field.label}
                hint={field.hint}
                error={errors[field.name]}
                required={field.required}
                type={field.type}
                inputMode={field.inputMode}
                maxLength={field.maxLength ?? 500}
                autoFocus={index === 0}
                value={values[field.name] ?? field.defaultValue ?? ""}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              />
            ),
          )}
        </form>
      )}
    </MessageDialog>
  );
}
