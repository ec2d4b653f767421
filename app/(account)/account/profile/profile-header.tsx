"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Tile } from "@/components/ui/section-card";
import { useToast } from "@/components/ui/toast";
import { ChangePasswordDialog } from "./change-password-dialog";
import { type EditableUser, EditProfileDialog, SAVED_AFTER_RELOAD_PARAM } from "./edit-profile-dialog";
import { VerifyEmailButton } from "./verify-email-button";

type Dialog = "profile" | "phone" | "password" | null;

/**
 * SPEC §2 profile header: avatar or initial, greeting, email, phone (or the complete-phone
 * prompt), verify email while unverified, and the profile and password modals.
 */
export function ProfileHeader({
  user,
  hasPassword = true,
}: {
  user: EditableUser & { is_verify_email: boolean };
  hasPassword?: boolean;
}) {
  const t = useTranslations("account.profile");
  const ts = useTranslations("account.setPassword");
  const router = useRouter();
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);

  // A language change reloads the page: its success toast is shown here, in the new language.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has(SAVED_AFTER_RELOAD_PARAM)) {
      url.searchParams.delete(SAVED_AFTER_RELOAD_PARAM);
      window.history.replaceState(window.history.state, "", url);
      toast.show("success", t("saved"));
    }
  }, [toast.show, t]);

  const saved = (message: string) => {
    setDialog(null);
    toast.show("success", message);
    router.refresh();
  };

  const name = user.fullname || user.email;
  const initial = name.trim().charAt(0).toUpperCase();

  return (
    <section
      aria-labelledby="profile-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {user.avatar ? (
          // biome-ignore lint/performance/noImgElement: our own 256 px WebP, re-encoded on upload.
          <img
            src={user.avatar}
            alt={t("avatarAlt", { name })}
            width={64}
            height={64}
            data-testid="profile-avatar"
            className="size-16 shrink-0 rounded-full object-cover ring-1 ring-gray-200"
          />
        ) : (
          <div
            aria-hidden
            data-testid="profile-initial"
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-700"
          >
            {initial}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <h1 id="profile-title" className="break-words text-xl font-semibold text-gray-900">
            {t("greeting", { name })}
          </h1>
          <p className="text-sm text-gray-500">{t("subtitle")}</p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => setDialog("profile")}>
            {t("edit")}
          </Button>
          {hasPassword ? (
            <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => setDialog("password")}>
              {t("changePassword")}
            </Button>
          ) : (
            <Link
              href="/account/profile/security"
              data-testid="profile-set-password"
              className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 sm:flex-none"
            >
              {ts("button")}
            </Link>
          )}
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        <Tile label={t("fullname")}>
          <dd className="mt-1 break-words font-medium" data-testid="profile-fullname">
            {user.fullname || "—"}
          </dd>
        </Tile>
        <Tile label={t("email")}>
          <dd className="mt-1 break-all font-medium" data-testid="profile-email">
            {user.email}
          </dd>
        </Tile>
        <Tile label={t("phone")}>
          <dd className="mt-1 break-all font-medium" data-testid="profile-phone">
            {user.phone ? (
              <>
                <span data-testid="profile-phone-number">{user.phone}</span>
                {!user.is_verify_phone && (
                  <span className="ml-2 rounded bg-amber-50 px-2 py-0.5 text-xs font-normal text-amber-800">
                    {t("phoneUnverified")}
                  </span>
                )}
              </>
            ) : (
              <span className="flex flex-col items-start gap-2">
                <span className="font-normal text-gray-600">{t("noPhone")}</span>
                <Button variant="ghost" className="-ml-4" onClick={() => setDialog("phone")}>
                  {t("completePhone")}
                </Button>
              </span>
            )}
          </dd>
        </Tile>
      </dl>
      {!user.is_verify_email && (
        <div className="mt-6 flex flex-col gap-3 rounded-lg bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-amber-900">{t("emailUnverified")}</p>
          <VerifyEmailButton />
        </div>
      )}
      {/* Mounted only while open: every render of the page (the server's too) skips their forms. */}
      {(dialog === "profile" || dialog === "phone") && (
        <EditProfileDialog
          open
          onOpenChange={(open) => setDialog(open ? "profile" : null)}
          user={user}
          focusPhone={dialog === "phone"}
          onSaved={saved}
        />
      )}
      {dialog === "password" && (
        <ChangePasswordDialog
          open
          onOpenChange={(open) => setDialog(open ? "password" : null)}
          onSaved={saved}
          person={{ email: user.email, fullname: user.fullname, phone: user.phone ?? undefined }}
        />
      )}
      {toast.view}
    </section>
  );
}
