"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

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
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 p-4 sm:items-center">
          <RadixDialog.Content
            // A click beside a half-filled form must not throw it away.
            onPointerDownOutside={(e) => e.preventDefault()}
            onOpenAutoFocus={onOpenAutoFocus}
            className="relative w-full max-w-lg rounded-xl bg-white p-5 shadow-xl sm:p-6"
          >
            <div className="flex items-start justify-between gap-4">
              <RadixDialog.Title className="text-lg font-semibold text-gray-900">{title}</RadixDialog.Title>
              <RadixDialog.Close
                aria-label={tc("close")}
                className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-xl leading-none text-gray-500 hover:bg-gray-100"
              >
                <span aria-hidden>×</span>
              </RadixDialog.Close>
            </div>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-gray-500">
                {description}
              </RadixDialog.Description>
            ) : (
              <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
            )}
            <div className="mt-4">{children}</div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <RadixDialog.Close asChild>
                <Button variant="secondary">{tc("cancel")}</Button>
              </RadixDialog.Close>
              <Button type="submit" form={formId} busy={busy}>
                {submitLabel ?? t("save")}
              </Button>
            </div>
            {toast}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
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
