"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * A read-only modal as wide as a list (the customer detail's store and order tables), otherwise
 * like the detail dialogs: title, line, body, Close. The overlay centres it without a transform
 * (toasts inside stay fixed to the viewport) and scrolls when it is long; on phones it takes the
 * width and its tables scroll sideways.
 */
export function WideDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const tc = useTranslations("common");
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 p-2 sm:items-center sm:p-4">
          <RadixDialog.Content className="relative w-full min-w-0 max-w-5xl rounded-xl bg-white p-4 shadow-xl sm:p-6">
            <div className="flex items-start justify-between gap-4">
              <RadixDialog.Title className="text-lg font-semibold text-gray-900">{title}</RadixDialog.Title>
              <RadixDialog.Close
                aria-label={tc("close")}
                className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-xl leading-none text-gray-500 hover:bg-gray-100"
              >
                <span aria-hidden>×</span>
              </RadixDialog.Close>
            </div>
            <RadixDialog.Description className="mt-1 break-words text-sm text-gray-500">
              {description}
            </RadixDialog.Description>
            <div className="mt-4">{children}</div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
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
