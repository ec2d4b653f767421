"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { PhoneField } from "@/components/forms/phone-input";
import { Field, inputClass, TextInput } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { catalogResolver } from "@/lib/form-resolver";
import { useServerFieldErrors, useValidationText } from "@/lib/hooks/use-api-form";
import type { ApiData } from "@/lib/http/client";
import { type Envelope, isSuccess } from "@/lib/http/envelope";
import { LOCALE_NAMES } from "@/lib/locales";
import { AVATAR_MAX_BYTES, LANGUAGES, updateProfileSchema } from "@/server/user/schema";
import { ProfileDialog, ReadOnlyValue } from "./profile-dialog";

/**
 * Added to the URL of the reload that follows a language change, so the toast survives it. A query
 * parameter, not sessionStorage: inside another site's frame the browser may refuse storage.
 */
export const SAVED_AFTER_RELOAD_PARAM = "saved";

/** The zones most of our people live in; the person's own zone is added when it is not here. */
const COMMON_TIME_ZONES = [
  "Asia/Ho_Chi_Minh",
  "Asia/Bangkok",
  "Asia/Yangon",
  "Asia/Jakarta",
  "Asia/Makassar",
  "Asia/Jayapura",
  "Asia/Singapore",
  "Asia/Kuala_Lumpur",
  "Asia/Manila",
  "Asia/Hong_Kong",
  "Asia/Shanghai",
  "Asia/Taipei",
  "Asia/Seoul",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "Asia/Dubai",
  "Australia/Sydney",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
  "UTC",
];

/** Image types the server accepts (it checks the bytes again); bat/exe and the like never. */
const AVATAR_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
  "image/heif",
  "image/heic",
]);
const REFUSED_NAMES = /\.(bat|exe|cmd|com|scr|msi|js|vbs)$/i;

/** What is wrong with a chosen avatar (a key of account.editProfile), before anything is sent. */
export function avatarProblem(file: File): "avatarType" | "avatarTooLarge" | null {
  if (REFUSED_NAMES.test(file.name) || !AVATAR_TYPES.has(file.type)) return "avatarType";
  if (file.size > AVATAR_MAX_BYTES) return "avatarTooLarge";
  return null;
}

type Offset = { label: string; minutes: number };
/**
 * A zone's offset now, worked out at most once an hour per zone and process: each needs its own
 * Intl formatter, and the list is built on every render of the profile page.
 */
const offsets = new Map<string, { hour: number; offset: Offset }>();
function offsetOf(zone: string, at: Date): Offset {
  const hour = Math.floor(at.getTime() / 3_600_000);
  const known = offsets.get(zone);
  if (known?.hour === hour) return known.offset;
  const offset = computeOffset(zone, at);
  offsets.set(zone, { hour, offset });
  return offset;
}

function computeOffset(zone: string, at: Date): Offset {
  try {
    const name =
      new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    return { label: match ? `UTC${match[1]}${match[2]}:${match[3]}` : "UTC", minutes };
  } catch {
    return { label: "", minutes: 0 };
  }
}

function useTimeZoneOptions(current: string) {
  return useMemo(() => {
    const now = new Date();
    const zones =
      COMMON_TIME_ZONES.includes(current) || !current ? COMMON_TIME_ZONES : [current, ...COMMON_TIME_ZONES];
    return zones
      .map((zone) => ({ zone, ...offsetOf(zone, now) }))
      .sort((a, b) => a.minutes - b.minutes || a.zone.localeCompare(b.zone))
      .map(({ zone, label }) => ({
        value: zone,
        label: label ? `(${label}) ${zone.replaceAll("_", " ")}` : zone,
      }));
  }, [current]);
}

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
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string>();
  const [preview, setPreview] = useState<string | null>(null);

  // A fresh form each time the dialog opens, from what the page shows now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open only, not on every render's new defaults object.
  useEffect(() => {
    if (!open) return;
    form.reset(defaults);
    setAvatar(null);
    setAvatarError(undefined);
  }, [open]);

  useEffect(() => {
    if (!avatar) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  const chooseAvatar = (file: File | undefined) => {
    setAvatarError(undefined);
    if (!file) {
      setAvatar(null);
      return;
    }
    const problem = avatarProblem(file);
    if (problem) {
      setAvatar(null);
      setAvatarError(t(problem));
      return;
    }
    setAvatar(file);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (avatarError) return;
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
    if (avatar) body.set("avatar", avatar, avatar.name);
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
      if (avatarField) setAvatarError(avatarField);
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

  const initial = (user.fullname || user.email).trim().charAt(0).toUpperCase();
  const shownAvatar = preview ?? user.avatar;

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
        <div className="flex items-center gap-4">
          {shownAvatar ? (
            // biome-ignore lint/performance/noImgElement: a local preview (blob:) or our own re-encoded WebP.
            <img
              src={shownAvatar}
              alt={t("avatarPreview")}
              data-testid="avatar-preview"
              // Bytes the browser cannot draw (the server will refuse them too): no broken picture.
              onError={() => setPreview(null)}
              className="size-16 shrink-0 rounded-full object-cover ring-1 ring-gray-200"
            />
          ) : (
            <div
              aria-hidden
              className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-700"
            >
              {initial}
            </div>
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-avatar`} className="text-sm font-medium text-gray-700">
              {t("avatar")}
            </label>
            <div className="flex min-w-0 items-center gap-3">
              {/* The native control speaks the browser's language: a translated button stands in for it. */}
              <input
                id={`${id}-avatar`}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heif"
                aria-invalid={avatarError ? true : undefined}
                aria-describedby={avatarError ? `${id}-avatar-error` : `${id}-avatar-hint`}
                onChange={(e) => chooseAvatar(e.target.files?.[0])}
                className="peer sr-only"
              />
              <label
                htmlFor={`${id}-avatar`}
                className="inline-flex min-h-11 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
              >
                {t("chooseAvatar")}
              </label>
              <span className="min-w-0 truncate text-sm text-gray-500" data-testid="avatar-file-name">
                {avatar?.name ?? ""}
              </span>
            </div>
            {avatarError ? (
              <p id={`${id}-avatar-error`} role="alert" className="text-xs text-red-600">
                {avatarError}
              </p>
            ) : (
              <p id={`${id}-avatar-hint`} className="text-xs text-gray-500">
                {t("avatarHint")}
              </p>
            )}
          </div>
        </div>
        <Field id={`${id}-fullname`} label={t("fullname")} error={errors.fullname?.message}>
          <TextInput
            id={`${id}-fullname`}
            autoComplete="name"
            invalid={Boolean(errors.fullname)}
            {...form.register("fullname")}
          />
        </Field>
        <Field id={`${id}-email`} label={t("email")} hint={t("emailHint")}>
          <ReadOnlyValue id={`${id}-email`} value={user.email} />
        </Field>
        {user.is_verify_phone ? (
          <Field id={`${id}-phone`} label={t("phone")} hint={t("phoneVerifiedHint")}>
            <ReadOnlyValue id={`${id}-phone`} value={user.phone ?? ""} />
          </Field>
        ) : (
          <PhoneField
            form={form}
            id={`${id}-phone`}
            label={t("phone")}
            countryLabel={t("country")}
            error={errors.phone?.message}
          />
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
