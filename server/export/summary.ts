import { formatDateTime, formatDecimal, formatVnd } from "@/lib/format";
import { translator } from "@/lib/i18n";
import type { Locale } from "@/lib/locales";
import type { PersonalData } from "./schema";

// The readable half of the download: one self-contained HTML page (no script, no outside file) in
// the person's language. Every value from the database goes through `escapeHtml`.

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made inert in HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

type Cell = string | number | null | undefined;

function table(caption: string, head: string[], rows: Cell[][], empty: string): string {
  const body = rows.length
    ? rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c ?? "—")}</td>`).join("")}</tr>`).join("")
    : `<tr><td colspan="${head.length}">${escapeHtml(empty)}</td></tr>`;
  return `<section><h2>${escapeHtml(caption)}</h2><div class="scroll"><table><thead><tr>${head
    .map((h) => `<th scope="col">${escapeHtml(h)}</th>`)
    .join("")}</tr></thead><tbody>${body}</tbody></table></div></section>`;
}

function facts(caption: string, pairs: [string, Cell][]): string {
  return `<section><h2>${escapeHtml(caption)}</h2><dl>${pairs
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v ?? "—")}</dd>`)
    .join("")}</dl></section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;color:#111827;margin:0 auto;max-width:960px;padding:16px}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:2rem}dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:4px 16px}
dt{color:#6b7280}dd{margin:0;overflow-wrap:anywhere}.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #e5e7eb;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f9fafb}`;

/** The HTML summary of an export, in `lang`, dates in `timeZone`. */
export function renderSummary(data: PersonalData, options: { lang: Locale; timeZone: string }): string {
  const t = translator(options.lang);
  const s = (key: string, values?: Record<string, string | number>) =>
    t(`account.yourData.summary.${key}`, values);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, options.timeZone) : null);
  const yes = (value: boolean) =>
    value ? t("account.yourData.summary.yes") : t("account.yourData.summary.no");
  const vnd = (amount: number) => formatVnd(amount, options.lang);
  // The activity list's words for an event type, or the type itself when the catalog has none.
  const eventName = (type: string) => {
    const words = t(`account.activity.type.${type}`);
    return words === `account.activity.type.${type}` ? type : words;
  };
  const { profile } = data;

  const sections = [
    facts(s("profile"), [
      [s("email"), profile.email],
      [s("name"), profile.fullname],
      [s("phone"), profile.phone],
      [s("language"), profile.language],
      [s("timeZone"), profile.timezone],
      [s("code"), profile.code],
      [s("createdAt"), when(profile.created_at)],
      [s("lastLoginAt"), when(profile.last_login_at)],
    ]),
    facts(s("verification"), [
      [s("emailVerified"), yes(data.verification.is_verify_email)],
      [s("phoneVerified"), yes(data.verification.is_verify_phone)],
      [s("twoFactor"), data.two_factor.type ?? s("off")],
      [s("backupCodesLeft"), data.two_factor.backup_codes_unused],
    ]),
    facts(s("balances"), [
      [s("money"), vnd(data.balances.money)],
      [s("point"), formatDecimal(data.balances.point, options.lang)],
      [s("credit"), formatDecimal(data.balances.credit, options.lang)],
      [s("creditApp"), formatDecimal(data.balances.credit_app, options.lang)],
    ]),
    table(
      s("contents"),
      [s("kind"), s("count")],
      (
        [
          ["sessions", data.sessions.length],
          ["trustedDevices", data.two_factor.trusted_devices.length],
          ["passkeys", data.passkeys.length],
          ["securityEvents", data.security_events.length],
          ["orders", data.orders.length],
          ["payments", data.payments.length],
          ["creditLogs", data.credit_logs.length],
          ["pointLogs", data.point_logs.length],
          ["referrals", data.referrals.referred.length],
          ["commissions", data.commissions.length],
          ["invoices", data.invoices.length],
        ] as const
      ).map(([kind, count]) => [s(`kinds.${kind}`), count]),
      s("empty"),
    ),
    table(
      s("kinds.passkeys"),
      [s("name"), s("createdAt"), s("lastUsedAt")],
      data.passkeys.map((p) => [p.name, when(p.created_at), when(p.last_used_at)]),
      s("empty"),
    ),
    table(
      s("kinds.orders"),
      [s("reference"), s("status"), s("amount"), s("createdAt")],
      data.orders.map((o) => [o.reference_no, o.status, vnd(o.total), when(o.created_at)]),
      s("empty"),
    ),
    table(
      s("kinds.payments"),
      [s("reference"), s("gateway"), s("status"), s("amount"), s("createdAt")],
      data.payments.map((p) => [p.reference_no, p.gateway, p.status, vnd(p.amount), when(p.created_at)]),
      s("empty"),
    ),
    table(
      s("kinds.securityEvents"),
      [s("event"), s("ip"), s("createdAt")],
      data.security_events.map((e) => [eventName(e.type), e.ip, when(e.created_at)]),
      s("empty"),
    ),
  ];

  return `<!doctype html><html lang="${escapeHtml(options.lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(s("title"))}</title>
<style>${STYLE}</style></head><body><h1>${escapeHtml(s("title"))}</h1><p>${escapeHtml(
    s("intro", { email: profile.email, date: when(data.exported_at) ?? "" }),
  )}</p>${sections.join("\n")}</body></html>`;
}
