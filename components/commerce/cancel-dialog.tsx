"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import type { ListDialogProps } from "@/components/list/define-list";
import { type AnyQuery, literalFields, maxLength } from "@/components/list/filters";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";

/** SPEC §4: after a successful cancel the list reloads after 0.6 s and the modal closes after 1 s. */
export const RELOAD_AFTER_MS = 600;
export const CLOSE_AFTER_MS = 1000;

/**
 * The cancel modal of orders and payments (SPEC §2/§4): a note and a red Apply (it cannot be
 * taken back). A refusal is said in the modal above its buttons; success is handed to the page
 * (its toast outlives the modal), confirmed in the modal, then the list reloads and the modal
 * closes on SPEC's timings.
 */
export function CancelDialog({
  open,
  onOpenChange,
  title,
  description,
  path,
  body,
  noteMax,
  onCancelled,
  onReload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** `/order/cancel` or `/payment/cancel`. */
  path: string;
  /** The call's fields besides the note (id, status). */
  body: Record<string, unknown>;
  noteMax: number;
  onCancelled: (message: string) => void;
  onReload: () => void;
}) {
  const t = useTranslations("account.orders.cancel");
  const tc = useTranslations("common");
  const id = useId();
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    if (open) {
      setNote("");
      setDone(null);
      setFailure(undefined);
    }
  }, [open]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    setFailure(undefined);
    setBusy(true);
    const envelope = await api(
      path,
      { ...body, note: note.trim() || undefined },
      {
        networkMessage: tc("networkError"),
      },
    );
    setBusy(false);
    if (!isSuccess(envelope)) {
      setFailure(envelope.message);
      return;
    }
    const message = envelope.message || t("done");
    setDone(message);
    onCancelled(message);
    timers.current.push(
      setTimeout(onReload, RELOAD_AFTER_MS),
      setTimeout(() => onOpenChange(false), CLOSE_AFTER_MS),
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      wide
      footer={
        <>
          <RadixDialog.Close asChild>
            <Button variant="secondary">{tc("close")}</Button>
          </RadixDialog.Close>
          <Button type="submit" form={`${id}-form`} variant="danger" busy={busy} disabled={Boolean(done)}>
            {t("apply")}
          </Button>
        </>
      }
    >
      <form method="post" id={`${id}-form`} onSubmit={apply} className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-gray-700">
          {t("note")}
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={noteMax}
          rows={3}
          disabled={Boolean(done)}
          placeholder={t("notePlaceholder")}
          onChange={(e) => setNote(e.target.value)}
          className="min-h-20 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 outline-none placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:bg-gray-50 sm:text-sm"
        />
        <p className="text-xs text-gray-500">{t("noteHint", { max: noteMax })}</p>
        <div className="mt-2 empty:hidden">
          <FormAlert message={failure} />
        </div>
        {done && (
          <p
            role="status"
            className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
          >
            {done}
          </p>
        )}
      </form>
    </FormDialog>
  );
}

/**
 * The cancel dialog of a list's row (orders, payments): `messages` has its `title` and its
 * `description` of {reference}. The call takes the row's id, the note (bound by the call's
 * `schema`) and whatever the schema fixes (an order's `status: CANCEL`).
 */
export function cancelRowDialog<R extends { _id: string; reference_no: string }>({
  messages,
  path,
  schema,
}: {
  messages: string;
  path: string;
  schema: AnyQuery;
}): ComponentType<ListDialogProps<R>> {
  const noteMax = maxLength(schema, "note", 500);
  const fixed = literalFields(schema);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per list, at module scope
  function CancelRowDialog({ row, close, toast, reload }: ListDialogProps<R>) {
    const t = useTranslations(messages);
    return (
      <CancelDialog
        open={row !== null}
        onOpenChange={(open) => !open && close()}
        title={t("title")}
        description={row ? t("description", { reference: row.reference_no }) : ""}
        path={path}
        body={row ? { id: row._id, ...fixed } : {}}
        noteMax={noteMax}
        onCancelled={(message) => toast("success", message)}
        onReload={reload}
      />
    );
  }
  return CancelRowDialog;
}
