"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useReturnFocus } from "@/components/ui/dialog";

/**
 * A read-only record in a modal (order and payment detail): wider than the form dialogs so an
 * order's lines fit as a table, a loader first, the server's message if the call is refused,
 * then the record, with Close and whatever `actions` the record allows under it. Like the form
 * dialogs, the overlay centres the panel without a transform and scrolls when the record is long.
 */
export function DetailDialog({
  open,
  onOpenChange,
  title,
  description,
  isLoading,
  error,
  actions,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  isLoading: boolean;
  error?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const tc = useTranslations("common");
  const returnFocus = useReturnFocus(open);
  let body: ReactNode = children;
  if (error) {
    body = (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        {error}
      </p>
    );
  } else if (isLoading) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-gray-600">
        <span
          aria-hidden
          className="size-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
        />
        {tc("loading")}
      </p>
    );
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 p-4 sm:items-center">
          <RadixDialog.Content
            onCloseAutoFocus={returnFocus}
            className="relative w-full max-w-2xl rounded-xl bg-white p-5 shadow-xl sm:p-6"
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
            <RadixDialog.Description className="mt-1 text-sm text-gray-500">
              {description}
            </RadixDialog.Description>
            <div className="mt-4">{body}</div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {!error && !isLoading && actions}
              <RadixDialog.Close asChild>
                <Button variant="secondary">{tc("close")}</Button>
              </RadixDialog.Close>
            </div>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
