import { useTranslations } from "next-intl";
import type { CommissionStatus } from "@/server/affiliate/schema";
import type { InvoiceStatus } from "@/server/invoice/schema";
import type { OrderStatus } from "@/server/order/schema";

const TONES = {
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  green: "bg-green-50 text-green-800 ring-green-200",
  sky: "bg-sky-50 text-sky-800 ring-sky-200",
  gray: "bg-gray-100 text-gray-700 ring-gray-300",
  red: "bg-red-50 text-red-800 ring-red-200",
} as const;
type Tone = keyof typeof TONES;
type Statuses = { order: OrderStatus; commission: CommissionStatus; invoice: InvoiceStatus };
type Kind = keyof Statuses;

/** Each kind of status: where its words are, its tones, and the tone of a status it does not know. */
const KINDS = {
  order: {
    words: "account.orders.statuses",
    unknown: "red",
    tones: { PENDING: "amber", PAID: "green", PAID_DEBIT: "sky", CANCEL: "gray", INVALID: "red" },
  },
  commission: {
    words: "account.commission.statuses",
    unknown: "gray",
    tones: { UNPAID: "amber", INVOICED: "sky", PAID: "green", VOID: "gray" },
  },
  invoice: {
    words: "account.invoice.statuses",
    unknown: "gray",
    tones: { PENDING: "amber", PAID: "green", CANCEL: "gray" },
  },
} as const satisfies { [K in Kind]: { words: string; unknown: Tone; tones: Record<Statuses[K], Tone> } };

/**
 * A status as a coloured badge (SPEC §4 orders and payments, commissions, invoices); the word
 * carries the meaning, not the colour.
 */
export function StatusBadge<K extends Kind = "order">({ status, kind }: { status: Statuses[K]; kind?: K }) {
  const { words, unknown, tones } = KINDS[kind ?? "order"];
  const t = useTranslations(words);
  // A string, not the kind's union: the catalog's keys are not typed.
  const word: string = status;
  const tone: Tone = (tones as Record<string, Tone>)[word] ?? unknown;
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}
    >
      {t(word)}
    </span>
  );
}
