"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DialogTitleBar, useReturnFocus } from "@/components/ui/dialog";
import { useDetail } from "./use-detail";

const SPINNER = "size-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent";

/** The wait while a modal's record loads (`roomy`: the taller wait of a whole record). */
export function DetailLoading({ roomy = true }: { roomy?: boolean }) {
  const tc = useTranslations("common");
  const pad = roomy ? "py-10" : "py-8";
  return (
    <p role="status" className={`flex items-center justify-center gap-2 ${pad} text-sm text-gray-600`}>
      <span aria-hidden className={SPINNER} />
      {tc("loading")}
    </p>
  );
}

/** A refused call in a modal: the server's message where the record would be. */
export function DetailError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** A titled part of a detail modal (an order's lines, an invoice's commissions). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-gray-900">{title}</h3>
      {children}
    </div>
  );
}

const WIDTHS = {
  // A record with a table of lines (order, payment, commission, invoice).
  narrow: {
    overlay: "p-4",
    panel: "max-w-2xl p-5",
    description: "",
  },
  // As wide as a list (the customer detail's store and order tables); on phones it takes the width
  // and its tables scroll sideways.
  wide: {
    overlay: "p-2 sm:p-4",
    panel: "min-w-0 max-w-5xl p-4",
    description: "break-words",
  },
} as const;

type DetailDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** `wide` for a modal that holds whole lists. */
  width?: keyof typeof WIDTHS;
  isLoading?: boolean;
  error?: string;
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * A read-only modal: title, a line under it, a loader first, the server's message if the call is
 * refused, then the record, with Close and whatever `actions` the record allows under it. Wider
 * than the form dialogs so lines fit as a table; like them, the overlay centres the panel without a
 * transform (toasts inside stay fixed to the viewport) and scrolls when the record is long.
 */
export function DetailDialog({
  open,
  onOpenChange,
  title,
  description,
  width = "narrow",
  isLoading = false,
  error,
  actions,
  children,
}: DetailDialogProps) {
  const tc = useTranslations("common");
  const returnFocus = useReturnFocus(open);
  const size = WIDTHS[width];
  let body: ReactNode = children;
  if (error) body = <DetailError message={error} />;
  else if (isLoading) body = <DetailLoading />;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={`fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/40 sm:items-center ${size.overlay}`}
        >
          <RadixDialog.Content
            onCloseAutoFocus={returnFocus}
            className={`relative w-full rounded-xl bg-white shadow-xl sm:p-6 ${size.panel}`}
          >
            <DialogTitleBar title={title} />
            <RadixDialog.Description className={`mt-1 text-sm text-gray-500 ${size.description}`}>
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

/**
 * The detail modal of a list row: asks `path` for the row's record (body {id}) while open and
 * shows it through `children` once the answer is this row's (not the previous row's, still cached).
 */
export function RowDetailDialog<Row extends { _id: string }, Detail extends { _id: string }>({
  path,
  row,
  onClose,
  title,
  description,
  actions,
  children,
}: {
  /** The /2.0 detail call. */
  path: string;
  /** The row the detail was opened from; null when closed. */
  row: Row | null;
  onClose: () => void;
  title: string;
  description: (row: Row) => ReactNode;
  actions?: (detail: Detail) => ReactNode;
  children: (detail: Detail) => ReactNode;
}) {
  const { data, error, isLoading } = useDetail<Detail>(path, row?._id ?? null);
  const shown = data && data._id === row?._id ? data : undefined;
  return (
    <DetailDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={row ? description(row) : ""}
      isLoading={isLoading || !shown}
      error={error?.message}
      actions={shown && actions?.(shown)}
    >
      {shown && <div className="flex flex-col gap-5">{children(shown)}</div>}
    </DetailDialog>
  );
}
