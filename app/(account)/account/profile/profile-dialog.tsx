"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";

/**
 * The frame of every profile modal: a title, an optional line under it, the form, and Cancel +
 * Save under the form. Errors toast inside the dialog (the page behind it is hidden from
 * screen readers while it is open); success is reported to the page, which toasts it.
 */
export function ProfileDialog({
  open,
  onOpenChange,
  title,
  description,
  formId,
  busy,
  submitLabel,
  toast,
  onOpenAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The form the Save button submits. */
  formId: string;
  busy: boolean;
  submitLabel?: string;
  toast?: ReactNode;
  /** Where focus starts (Radix's default is the first focusable element). */
  onOpenAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  const tc = useTranslations("common");
  const t = useTranslations("account.profile");
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      toast={toast}
      onOpenAutoFocus={onOpenAutoFocus}
      wide
      footer={
        <>
          <RadixDialog.Close asChild>
            <Button variant="secondary">{tc("cancel")}</Button>
          </RadixDialog.Close>
          <Button type="submit" form={formId} busy={busy}>
            {submitLabel ?? t("save")}
          </Button>
        </>
      }
    >
      {children}
    </FormDialog>
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
