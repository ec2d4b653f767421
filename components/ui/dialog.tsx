"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/** A modal message (SPEC §8: errors in a dialog titled Notification with OK). */
export function MessageDialog({
  open,
  title,
  children,
  onClose,
  actions,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  actions: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-semibold text-gray-900">{title}</RadixDialog.Title>
          <RadixDialog.Description asChild>
            <div className="mt-2 whitespace-pre-line text-sm text-gray-700">{children}</div>
          </RadixDialog.Description>
          <div className="mt-6 flex justify-end gap-2">{actions}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
