"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { PhoneField } from "@/components/forms/phone-input";
import { Field, inputClass, TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import type { ApiData } from "@/lib/http/client";
import { type Envelope, isSuccess } from "@/lib/http/envelope";
import { LOCALE_NAMES } from "@/lib/locales";
import { LANGUAGES, updateProfileSchema } from "@/server/user/schema";
import { AvatarField, useAvatarChoice } from "./avatar-field";
import { ProfileDialog, ReadOnlyValue } from "./profile-dialog";
import { useTimeZoneOptions } from "./time-zone-options";

/**
 * Added to the URL of the reload that follows a language change, so the toast survives it. A query
 * parameter, not sessionStorage: inside another site's frame the browser may refuse storage.
 */
export const SAVED_AFTER_RELOAD_PARAM = "saved";

type Language = (typeof LANGUAGES)[number];
type Values = {
  fullname: string;
  phone: string;
  country_code: string;
  time_zone: string;
  language: Language;
};

export type EditableUser = {
  fullname: string;
  email: string;
  phone: string | null;
  country_code: string | null;
  is_verify_phone: boolean;
  timezone: string;
  avatar: string | null;
};

const formSchema = updateProfileSchema.omit({ avatar: true });

/**
 * SPEC §2 profile edit (/user/update, multipart): name, phone (read-only once verified), read-only
 * email, language, time zone, avatar. A new language reloads the page in it (the server set the
 * LANGUAGE cookie with its answer).
 */
export function EditProfileDialog({
  open,
  onOpenChange,
  user,
  focusPhone,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: EditableUser;
  /** Opened from the complete-phone prompt: start in the phone box. */
  focusPhone: boolean;
  onSaved: (message: string) => void;
}) {
  const t = useTranslations("account.editProfile");
  const tc = useTranslations("common");
  const locale = useLocale() as Language;
  const { translate, label } = useValidationText();
  const toast = useToast();
  const id = useId();
  const formId = `${id}-form`;
  const zones = useTimeZoneOptions(user.timezone);
  const defaults: Values = {
    fullname: user.fullname,
    phone: user.phone ?? "",
    country_code: user.country_code || "vn",
    time_zone: user.timezone || "Asia/Ho_Chi_Minh",
    // The language the person is reading now: saving the rest must not switch it under them.
    language: (LANGUAGES as readonly string[]).includes(locale) ? locale : "vi",
  };
  const form = useForm<Values>({
    resolver: catalogResolver<Values>(formSchema, translate, label),
    defaultValues: defaults,
  });
  const markServerErrors = useServerFieldErrors(form.setError);
  const { errors, isSubmitting } = form.formState;
  const avatar = useAvatarChoice();

  // A fresh form each time the dialog opens, from what the page shows now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open only, not on every render's new defaults object.
  useEffect(() => {
    if (!open) return;
    form.reset(defaults);
    avatar.reset();
  }, [open]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (avatar.error) return;
    const body = new FormData();
    body.set(
      "jsonData",
      JSON.stringify({
        fullname: values.fullname,
        time_zone: values.time_zone,
        language: values.language,
        // A verified phone is fixed (SPEC §5): not sent at all.
        ...(user.is_verify_phone ? {} : { phone: values.phone, country_code: values.country_code }),
      }),
    );
    if (avatar.file) body.set("avatar", avatar.file, avatar.file.name);
    let envelope: Envelope<ApiData>;
    try {
      const response = await fetch("/2.0/user/update", { method: "POST", body, credentials: "same-origin" });
      envelope = (await response.json()) as Envelope<ApiData>;
    } catch {
      toast.show("error", tc("networkError"));
      return;
    }
    if (envelope.code === 401) {
      window.location.assign(`/signin${window.location.search}`);
      return;
    }
    if (!isSuccess(envelope)) {
      const { avatar: avatarField, ...fields } = envelope.data?.fields ?? {};
      if (avatarField) avatar.setError(avatarField);
      const marked = markServerErrors({ ...envelope, data: { ...envelope.data, fields } });
      if (!marked && !avatarField) toast.show("error", envelope.message);
      return;
    }
    if (values.language !== locale) {
      // The server set the LANGUAGE cookie: the whole page, shell included, comes back in it.
      const url = new URL(window.location.href);
      url.searchParams.set(SAVED_AFTER_RELOAD_PARAM, "1");
      window.location.replace(url);
      return;
    }
    onSaved(envelope.message);
  });

  return (
    <ProfileDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("description")}
      formId={formId}
      busy={isSubmitting}
      toast={toast.view}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        form.setFocus(focusPhone && !user.is_verify_phone ? "phone" : "fullname");
      }}
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <AvatarField
          id={`${id}-avatar`}
          choice={avatar}
          current={user.avatar}
          initial={(user.fullname || user.email).trim().charAt(0).toUpperCase()}
        />
        <TextField
          id={`${id}-fullname`}
          label={t("fullname")}
          error={errors.fullname?.message}
          autoComplete="name"
          {...form.register("fullname")}
        />
        <Field id={`${id}-email`} label={t("email")} hint={t("emailHint")}>
          <ReadOnlyValue id={`${id}-email`} value={user.email} />
        </Field>
        {user.is_verify_phone ? (
          <Field id={`${id}-phone`} label={t("phone")} hint={t("phoneVerifiedHint")}>
            <ReadOnlyValue id={`${id}-phone`} value={user.phone ?? ""} />
          </Field>
        ) : (
          <PhoneField form={form} id={`${id}-phone`} label={t("phone")} countryLabel={t("country")} />
        )}
        <div className="flex flex-col gap-4">
          <Field
            id={`${id}-language`}
            label={t("language")}
            hint={t("languageHint")}
            error={errors.language?.message}
          >
            <select
              id={`${id}-language`}
              className={inputClass(Boolean(errors.language))}
              {...form.register("language")}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-tz`} label={t("timeZone")} error={errors.time_zone?.message}>
            <select
              id={`${id}-tz`}
              className={inputClass(Boolean(errors.time_zone))}
              {...form.register("time_zone")}
            >
              {zones.map((z) => (
                <option key={z.value} value={z.value}>
                  {z.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </form>
    </ProfileDialog>
  );
}
