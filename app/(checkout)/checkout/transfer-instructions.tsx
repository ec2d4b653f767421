"use client";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { formatPoints, formatVnd } from "@/lib/format";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { TransferInstructions as Transfer } from "@/server/checkout/schema";
import { VND_PER_POINT } from "@/server/gateways/points";
import { resultPath } from "./links";

/** SPEC §9: the copy toast stays 3000 ms. */
const COPY_TOAST_MS = 3000;

/**
 * The clipboard, or the old select-and-copy where it is refused (an insecure origin, a frame
 * without the clipboard-write permission).
 */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Falls through to the textarea below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  const focused = document.activeElement as HTMLElement | null;
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  focused?.focus();
  return ok;
}

type FieldKey = "bank" | "branch" | "accountName" | "accountNo" | "amount" | "content";

/**
 * DESIGN §10 bank transfer: bank, branch, holder, account number, the exact amount and the
 * reference as the content, each with a copy button, and the VietQR code that fills them in.
 */
export function TransferInstructions({
  transfer,
  paymentId,
  showDoneLink = true,
  headingRef,
  aside,
}: {
  transfer: Transfer;
  paymentId: string;
  /** The checkout offers "I have transferred"; the result page is already where it leads. */
  showDoneLink?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  /** A word of the page's own, under the note and above "I have transferred" (the points it holds). */
  aside?: ReactNode;
}) {
  const t = useTranslations("checkout.transfer");
  const locale = useLocale();
  const toast = useToast(COPY_TOAST_MS);
  const amount = formatVnd(transfer.amount, locale);
  const rows: { key: FieldKey; shown: string; copied: string; mono?: boolean; strong?: boolean }[] = [
    { key: "bank", shown: transfer.bank_name, copied: transfer.bank_name },
    { key: "branch", shown: transfer.bank_branch, copied: transfer.bank_branch },
    { key: "accountName", shown: transfer.account_name, copied: transfer.account_name },
    { key: "accountNo", shown: transfer.account_no, copied: transfer.account_no, mono: true },
    // Banking apps take digits only.
    { key: "amount", shown: amount, copied: String(transfer.amount), strong: true },
    { key: "content", shown: transfer.content, copied: transfer.content, mono: true, strong: true },
  ];

  const onCopy = async (label: string, value: string) => {
    const ok = await copyText(value);
    if (ok) toast.show("success", t("copied", { field: label, value }));
    else toast.show("error", t("copyFailed"));
  };

  return (
    <section aria-labelledby="transfer-heading" className="flex flex-col gap-4" data-testid="transfer">
      <div>
        <h2
          id="transfer-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-gray-900 outline-none"
        >
          {t("heading")}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t("intro")}</p>
      </div>
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <figure className="flex shrink-0 flex-col items-center gap-2">
          {/* An SVG data URL from the server: nothing for next/image to optimise. */}
          {/* biome-ignore lint/performance/noImgElement: a data URL QR code, drawn at its own size. */}
          <img
            src={transfer.qr_image}
            alt={t("qrAlt", { amount, account: transfer.account_no, bank: transfer.bank_name })}
            width={260}
            height={260}
            className="size-[260px] rounded-lg bg-white ring-1 ring-gray-200"
            data-testid="transfer-qr"
          />
          <figcaption className="max-w-[260px] text-center text-xs text-gray-500">{t("qrHint")}</figcaption>
        </figure>
        <dl className="flex w-full min-w-0 flex-col divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200">
          {rows.map((row) => (
            <div key={row.key} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <dt className="text-xs text-gray-500">{t(row.key)}</dt>
                <dd
                  className={`break-words text-gray-900 ${row.mono ? "font-mono tracking-wide" : ""} ${
                    row.strong ? "text-base font-semibold" : "text-sm"
                  }`}
                  data-testid={`transfer-${row.key}`}
                >
                  {row.shown || "—"}
                </dd>
              </div>
              {row.copied && (
                <button
                  type="button"
                  onClick={() => onCopy(t(row.key), row.copied)}
                  aria-label={t("copyLabel", { field: t(row.key) })}
                  className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-700 hover:bg-gray-50"
                >
                  <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
                    <path d="M7 3a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7Zm0 2h6v8H7V5Z" />
                    <path d="M3 7a1 1 0 0 1 1 1v8h7a1 1 0 1 1 0 2H4a2 2 0 0 1-2-2V8a1 1 0 0 1 1-1Z" />
                  </svg>
                  {t("copy")}
                </button>
              )}
            </div>
          ))}
        </dl>
      </div>
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
        {t("note")}
      </p>
      {aside}
      {showDoneLink && (
        <Link
          href={resultPath(paymentId)}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
          data-testid="transfer-done"
        >
          {t("done")}
        </Link>
      )}
      {toast.view}
    </section>
  );
}

/**
 * "Pay another way" under an open bank transfer: asks first, in place (only if the money has not
 * been sent; the attempt's points come back), then cancels the attempt with /payment/cancel and
 * hands the checkout back its method picker. A refusal is said here, above the buttons.
 */
export function CancelTransfer({
  paymentId,
  pointsUsed,
  onCancelled,
}: {
  paymentId: string;
  pointsUsed: number;
  onCancelled: (message: string) => Promise<void> | void;
}) {
  const t = useTranslations("checkout.transfer.change");
  const tc = useTranslations("common");
  const locale = useLocale();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [isAsking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (isAsking) heading.current?.focus();
  }, [isAsking]);

  async function cancel() {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    const envelope = await api("/payment/cancel", { id: paymentId }, { networkMessage: tc("networkError") });
    if (!isSuccess(envelope)) {
      setBusy(false);
      setFailure(envelope.message);
      return;
    }
    await onCancelled(envelope.message || t("done"));
  }

  if (!isAsking) {
    return (
      <div>
        <Button
          id={`${id}-open`}
          variant="secondary"
          onClick={() => setAsking(true)}
          data-testid="transfer-change"
        >
          {t("open")}
        </Button>
      </div>
    );
  }
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-red-200 bg-white p-4"
      data-testid="transfer-cancel"
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold text-gray-900 outline-none">
        {t("title")}
      </h3>
      <p className="text-sm text-gray-700">{t("body")}</p>
      {pointsUsed > 0 && (
        <p className="text-sm text-gray-700">
          {t("points", {
            points: formatPoints(pointsUsed, locale),
            value: formatVnd(pointsUsed * VND_PER_POINT, locale),
          })}
        </p>
      )}
      <FormAlert message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            setFailure(undefined);
            // Back to the button that asked.
            requestAnimationFrame(() => document.getElementById(`${id}-open`)?.focus());
          }}
        >
          {t("keep")}
        </Button>
        <Button variant="danger" busy={busy} onClick={cancel} data-testid="transfer-cancel-confirm">
          {t("confirm")}
        </Button>
      </div>
    </section>
  );
}
