// Why a point- or credit-log row was written, kept as a catalog key with parameters (never a
// sentence in one language) and put in words when the row is read, in the reader's language
// (first impression 4). Rows written before the keys hold English sentences: those this portal
// wrote are recognised and read as their key; anything else (an operator's note) is shown as
// it was written.
import { type AppNames, appName } from "@/lib/apps";
import type { Translate } from "@/lib/i18n";
import { packageDisplayName } from "@/server/package/schema";

/** The catalog keys under `account.logReasons` and the parameters each one takes. */
export type LogReasons = {
  /** Points spent on a checkout of an order. */
  checkoutPoints: { order: string };
  /** Points spent at a checkout (a row that did not name its order). */
  checkoutPointsSpent: Record<string, never>;
  /** Points given back when the payment that spent them ended. */
  pointsReturned: { payment: string; status: string };
  /** A partner's credit spent on a package for a customer's store. */
  partnerOrder: { package: string; months: number; store: string };
  /** A package bought for a customer, with or without its term. */
  packageForCustomer: { package: string };
  packageMonthsForCustomer: { package: string; months: number };
  /** An app's package renewed with money. */
  packageRenewal: { app: string; package: string };
  /** API credit spent on an app's API calls. */
  apiCalls: { app: string };
  welcomePoints: Record<string, never>;
  referralBonus: Record<string, never>;
  campaignReward: Record<string, never>;
  bankTopUp: Record<string, never>;
  partnerWelcomeCredit: Record<string, never>;
  quarterlyPartnerBonus: Record<string, never>;
  apiCreditPack: Record<string, never>;
  monthlyApiRenewal: Record<string, never>;
};
export type LogReasonKey = keyof LogReasons;
export type LogReason = { [K in LogReasonKey]: { key: K; params?: LogReasons[K] } }[LogReasonKey];

export const LOG_REASON_KEYS = [
  "checkoutPoints",
  "checkoutPointsSpent",
  "pointsReturned",
  "partnerOrder",
  "packageForCustomer",
  "packageMonthsForCustomer",
  "packageRenewal",
  "apiCalls",
  "welcomePoints",
  "referralBonus",
  "campaignReward",
  "bankTopUp",
  "partnerWelcomeCredit",
  "quarterlyPartnerBonus",
  "apiCreditPack",
  "monthlyApiRenewal",
] as const satisfies readonly LogReasonKey[];

const isReasonKey = (key: string): key is LogReasonKey =>
  (LOG_REASON_KEYS as readonly string[]).includes(key);

/** The English sentences the portal (and its demo seed) wrote before the keys, word for word. */
const LEGACY_SENTENCES: Record<string, LogReason> = {
  "Welcome points": { key: "welcomePoints" },
  "Referral bonus": { key: "referralBonus" },
  "Campaign reward": { key: "campaignReward" },
  "Points spent at checkout": { key: "checkoutPointsSpent" },
  "Bank transfer top-up": { key: "bankTopUp" },
  "Partner welcome credit": { key: "partnerWelcomeCredit" },
  "Quarterly partner bonus": { key: "quarterlyPartnerBonus" },
  "API credit pack": { key: "apiCreditPack" },
  "Monthly API renewal": { key: "monthlyApiRenewal" },
  "Builder PRO renewal": { key: "packageRenewal", params: { app: "lp", package: "PRO" } },
  "Sales app API calls": { key: "apiCalls", params: { app: "ls" } },
};

/** The sentences the portal built from values before the keys (checkout, refunds, partner orders). */
const LEGACY_PATTERNS: { pattern: RegExp; reason: (m: RegExpExecArray) => LogReason }[] = [
  {
    // server/checkout/service.ts: `Checkout ${order reference}`
    pattern: /^Checkout (\S+)$/,
    reason: (m) => ({ key: "checkoutPoints", params: { order: m[1] ?? "" } }),
  },
  {
    // server/payment/attempts.ts: `Points returned: payment ${reference} (${CANCEL|INVALID})`
    pattern: /^Points returned: payment (\S+) \(([A-Z_]+)\)$/,
    reason: (m) => ({ key: "pointsReturned", params: { payment: m[1] ?? "", status: m[2] ?? "" } }),
  },
  {
    // server/order/service/buy-with-credit.ts: `${package code} ${months}m for ${store name}`
    pattern: /^([A-Z][A-Z0-9_]*) (\d{1,3})m for (.+)$/s,
    reason: (m) => ({
      key: "partnerOrder",
      params: { package: m[1] ?? "", months: Number(m[2]), store: m[3] ?? "" },
    }),
  },
  {
    // The demo seed: "PRO 6 months for a customer", "ENTERPRISE 1 month for a customer".
    pattern: /^([A-Z][A-Z0-9_]*) (\d{1,3}) months? for a customer$/,
    reason: (m) => ({
      key: "packageMonthsForCustomer",
      params: { package: m[1] ?? "", months: Number(m[2]) },
    }),
  },
  {
    // The demo seed: "STARTER for a customer".
    pattern: /^([A-Z][A-Z0-9_]*) for a customer$/,
    reason: (m) => ({ key: "packageForCustomer", params: { package: m[1] ?? "" } }),
  },
];

/** The key of a sentence written before the keys, or null for free text (an operator's note). */
export function legacyReason(text: string | null | undefined): LogReason | null {
  if (!text) return null;
  const sentence = text.trim();
  const known = LEGACY_SENTENCES[sentence];
  if (known) return known;
  for (const { pattern, reason } of LEGACY_PATTERNS) {
    const match = pattern.exec(sentence);
    if (match) return reason(match);
  }
  return null;
}

export type Describe = {
  /** A translator of the reader's language (ctx.t). */
  t: Translate;
  /** App names in that language (lib/apps appNamesFor). */
  appNames: AppNames;
};

/** A key's parameters made readable: a package code as words, an app code as its name. */
function readableParams(params: Record<string, string | number> | null | undefined, d: Describe) {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (name === "package") out[name] = packageDisplayName(String(value));
    else if (name === "app") out[name] = appName(String(value), d.appNames);
    else out[name] = value;
  }
  return out;
}

/**
 * What a log row says, in the reader's language: its key in words (with the free-text note after
 * it, when both were written), else the key of an old English sentence, else the note as written.
 */
export function describeLogRow(
  row: { key: string | null; params: Record<string, string | number> | null; note: string | null },
  d: Describe,
): string | null {
  const note = row.note?.trim() || null;
  const keyed = row.key && isReasonKey(row.key) ? { key: row.key, params: row.params } : null;
  const reason = keyed ?? legacyReason(note);
  if (!reason) return note;
  const text = d.t(`account.logReasons.${reason.key}`, readableParams(reason.params, d));
  return keyed && note ? `${text} — ${note}` : text;
}
