"use client";
import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { DialogCancel, FormDialog } from "@/components/ui/dialog";

/**
 * The frame of every profile modal: a title, an optional line under it, the form, and Cancel +
 * Save under the form. Errors toast inside the dialog (the page behind it is hidden from
 * screen readers while it is open); success is reported to the page, which toasts it.
 */
export function ProfileDialog({
  formId,
  busy,
  submitLabel,
  ...dialog
}: Omit<ComponentProps<typeof FormDialog>, "footer" | "wide"> & {
  /** The form the Save button submits. */
  formId: string;
  busy: boolean;
  submitLabel?: string;
}) {
  const tc = useTranslations("common");
  const t = useTranslations("account.profile");
  return (
    <FormDialog
      {...dialog}
      wide
      footer={
        <>
          <DialogCancel label={tc("cancel")} />
          <Button type="submit" form={formId} busy={busy}>
            {submitLabel ?? t("save")}
          </Button>
        </>
      }
    />
  );
}

/** A read-only value shown like an input (email, verified phone, referral link). */
export function ReadOnlyValue({ id, value, testId }: { id: string; value: string; testId?: string }) {
  return (
    <input
      id={id}
      readOnly
      value={value}
      data-testid={testId}
      onFocus={(e) => e.target.select()}
      className="min-h-11 w-full rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-base text-gray-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
    />
  );
}
