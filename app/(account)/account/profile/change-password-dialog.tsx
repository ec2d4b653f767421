"use client";
import { useTranslations } from "next-intl";
import { PasswordStrength } from "@/components/forms/password-strength";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { useValidationText } from "@/lib/hooks/use-api-form";
import { passwordHint } from "@/lib/password-rule";
import { changePasswordSchema } from "@/server/user/schema";
import { ProfileDialog } from "./profile-dialog";
import { useDialogForm } from "./use-dialog-form";

type Values = { old_password: string; new_password: string; confirm_password: string };
const EMPTY: Values = { old_password: "", new_password: "", confirm_password: "" };

/**
 * SPEC §2/§5 change password (/user/change-password): old, new (lib/password-rule.ts) and confirm,
 * which must match. The server signs every other device out; this one stays signed in.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  onSaved,
  person = {},
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (message: string) => void;
  /** The account's details: the strength meter counts them as easy to guess. */
  person?: { email?: string; fullname?: string; phone?: string };
}) {
  const t = useTranslations("account.password");
  // The one hint of every new-password box, with the bounds the shared schema applies.
  const { translate } = useValidationText();
  const { form, formId, onSubmit, toast, errors, busy } = useDialogForm<Values>({
    schema: changePasswordSchema,
    values: EMPTY,
    open,
    path: "/user/change-password",
    // SPEC §7: store_id empty, app_code luid.
    extra: { store_id: "", app_code: "luid" },
    onSaved,
    newPassword: { field: "new_password", person: () => person },
  });
  const id = formId;
  const newPassword = form.watch("new_password");

  const fields = [
    ["old_password", "old", "current-password"],
    ["new_password", "new", "new-password"],
    ["confirm_password", "confirm", "new-password"],
  ] as const;

  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("description")}
      formId={formId}
      busy={busy}
      submitLabel={t("submit")}
      toast={toast.view}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus("old_password");
      }}
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {fields.map(([name, key, autoComplete]) => (
          <Field
            key={name}
            id={`${id}-${name}`}
            label={t(key)}
            error={errors[name]?.message}
            hint={name === "new_password" ? passwordHint(translate) : undefined}
          >
            <PasswordInput
              id={`${id}-${name}`}
              autoComplete={autoComplete}
              invalid={Boolean(errors[name])}
              showLabel={t("show")}
              hideLabel={t("hide")}
              {...form.register(name)}
            />
            {name === "new_password" && (
              <PasswordStrength id={`${id}-strength`} password={newPassword ?? ""} person={person} />
            )}
          </Field>
        ))}
      </form>
    </ProfileDialog>
  );
}
