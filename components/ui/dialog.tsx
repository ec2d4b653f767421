"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "./button";

/**
 * Radix returns focus to a Dialog.Trigger; our dialogs open from menus and buttons without one,
 * so focus goes back to whatever held it when the dialog opened (when it is still on the page).
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open && typeof document !== "undefined")
      opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    if (target?.isConnected && target !== document.body) {
      event.preventDefault();
      target.focus();
    }
  };
}

/**
 * An `onOpenAutoFocus` that starts on the first element matching `selector` (a dialog's first
 * choice, the current page's link) instead of Radix's first focusable one, the close button.
 */
export function focusFirst(selector: string) {
  return (event: Event) => {
    const target = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(selector);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };
}

/**
 * A modal message (SPEC §8: errors in a dialog titled Notification with OK), or a confirmation:
 * `cancel` names a secondary button that closes it, before the `actions`.
 */
export function MessageDialog({
  open,
  title,
  children,
  onClose,
  cancel,
  actions,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  cancel?: string;
  actions?: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <RadixDialog.Title className="text-lg font-semibold text-gray-900">{title}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="mt-2 whitespace-pre-line text-sm text-gray-700">{children}</div>
          </RadixDialog.Description>
          {(cancel || actions) && (
            // One row at the bottom right, Cancel then the action; stacked full width on a phone,
            // the action on top (as DialogActions).
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {cancel && (
                <Button variant="secondary" onClick={onClose}>
                  {cancel}
                </Button>
              )}
              {actions}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The modal every form sits in (profile modals, two-factor set-up): title, optional line, body,
 * optional footer. The overlay centres the panel without a transform, so a toast rendered inside
 * stays fixed to the viewport; a click outside never throws away a half-filled form.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  toast,
  footer,
  wide = false,
  onOpenAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  toast?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** Where focus starts (Radix's default is the first focusable element: the close button). */
  onOpenAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 p-4 sm:items-center">
          <RadixDialog.Content
            onPointerDownOutside={(e) => e.preventDefault()}
            onOpenAutoFocus={onOpenAutoFocus}
            onCloseAutoFocus={returnFocus}
            className={`relative w-full ${wide ? "max-w-lg" : "max-w-md"} rounded-xl bg-white p-5 shadow-xl sm:p-6`}
          >
            <DialogTitleBar title={title} />
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-gray-500">
                {description}
              </RadixDialog.Description>
            ) : (
              <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
            )}
            <div className="mt-4">{children}</div>
            {footer && (
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
            )}
            {toast}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A dialog step's buttons: the main one last (first on a phone, stacked), Cancel closing the dialog. */
export function DialogActions({ cancel, children }: { cancel?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {cancel && <DialogCancel label={cancel} />}
      {children}
    </div>
  );
}

/** The secondary button that closes the dialog it sits in, whatever it is called there. */
export function DialogCancel({ label }: { label: string }) {
  return (
    <RadixDialog.Close asChild>
      <Button variant="secondary">{label}</Button>
    </RadixDialog.Close>
  );
}

/** A dialog's title with its × close button beside it (every modal of the portal starts with it). */
export function DialogTitleBar({ title }: { title: ReactNode }) {
  const tc = useTranslations("common");
  return (
    <div className="flex items-start justify-between gap-4">
      <RadixDialog.Title className="text-lg font-semibold text-gray-900">{title}</RadixDialog.Title>
      <RadixDialog.Close
        aria-label={tc("close")}
        className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-xl leading-none text-gray-500 hover:bg-gray-100"
      >
        <span aria-hidden>×</span>
      </RadixDialog.Close>
    </div>
  );
}
