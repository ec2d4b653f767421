"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { AVATAR_MAX_BYTES } from "@/server/user/schema";

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

/** The avatar chosen in the dialog, checked before anything is sent; `reset` when it opens again. */
export function useAvatarChoice() {
  const t = useTranslations("account.editProfile");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const choose = (chosen: File | undefined) => {
    setError(undefined);
    const problem = chosen ? avatarProblem(chosen) : null;
    if (problem) setError(t(problem));
    setFile(chosen && !problem ? chosen : null);
  };
  const reset = () => {
    setFile(null);
    setError(undefined);
  };
  return { file, error, setError, choose, reset };
}

/** The avatar (or the name's initial), a translated file button, and the hint or the refusal. */
export function AvatarField({
  id,
  choice,
  current,
  initial,
}: {
  id: string;
  choice: ReturnType<typeof useAvatarChoice>;
  /** The avatar the account has now. */
  current: string | null;
  initial: string;
}) {
  const t = useTranslations("account.editProfile");
  const [preview, setPreview] = useState<string | null>(null);
  const { file, error } = choice;

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? current;
  return (
    <div className="flex items-center gap-4">
      {shown ? (
        // biome-ignore lint/performance/noImgElement: a local preview (blob:) or our own re-encoded WebP.
        <img
          src={shown}
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
        <label htmlFor={id} className="text-sm font-medium text-gray-700">
          {t("avatar")}
        </label>
        <div className="flex min-w-0 items-center gap-3">
          {/* The native control speaks the browser's language: a translated button stands in for it. */}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heif"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => choice.choose(e.target.files?.[0])}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className="inline-flex min-h-11 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
          >
            {t("chooseAvatar")}
          </label>
          <span className="min-w-0 truncate text-sm text-gray-500" data-testid="avatar-file-name">
            {file?.name ?? ""}
          </span>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-gray-500">
            {t("avatarHint")}
          </p>
        )}
      </div>
    </div>
  );
}
