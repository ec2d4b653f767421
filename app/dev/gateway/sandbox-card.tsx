import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

export type SandboxRow = { label: string; value: string; mono?: boolean };

const BUTTON_CLASS =
  "inline-flex min-h-11 w-full items-center justify-center rounded-lg px-5 py-2 text-sm font-semibold sm:w-auto";
const CANCEL_CLASS = `${BUTTON_CLASS} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
const PAY_CLASS = `${BUTTON_CLASS} bg-green-600 text-white hover:bg-green-700`;

/** One of the two answers: the hidden fields, the outcome, and its button (`sandbox-<outcome>`). */
function OutcomeForm({
  action,
  fields,
  outcome,
  className,
  children,
}: {
  action: string;
  fields: Record<string, string>;
  outcome: "pay" | "cancel";
  className: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="outcome" value={outcome} />
      <button type="submit" className={className} data-testid={`sandbox-${outcome}`}>
        {children}
      </button>
    </form>
  );
}

/**
 * The page a sandbox gateway shows (DESIGN §5): clearly not the real gateway, what is being paid,
 * and Pay / Cancel, each a plain form post (no script) with the fields the route handler reads.
 */
export async function SandboxCard({
  title,
  accent,
  amount,
  rows,
  action,
  fields,
}: {
  title: string;
  /** The gateway's colour on the header band. */
  accent: string;
  amount: string;
  rows: SandboxRow[];
  action: string;
  /** Hidden fields both buttons post; `outcome` is added per button. */
  fields: Record<string, string>;
}) {
  const t = await getTranslations("dev.gateway");
  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-8 sm:items-center">
      <section
        aria-labelledby="sandbox-title"
        className="w-full max-w-lg overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200"
      >
        <div
          role="note"
          className="flex items-center gap-2 border-b-2 border-dashed border-amber-400 bg-amber-100 px-5 py-2 text-sm font-semibold text-amber-900"
        >
          <span className="rounded bg-amber-500 px-1.5 py-0.5 text-xs uppercase tracking-wider text-white">
            {t("badge")}
          </span>
          {t("banner")}
        </div>
        <header className={`px-5 py-4 text-white ${accent}`}>
          <h1 id="sandbox-title" className="text-xl font-bold">
            {title}
          </h1>
          <p className="text-sm opacity-90">{t("subtitle")}</p>
        </header>
        <div className="flex flex-col gap-5 p-5">
          <div>
            <p className="text-sm text-gray-600">{t("amount")}</p>
            <p className="text-3xl font-bold tabular-nums text-gray-900" data-testid="sandbox-amount">
              {amount}
            </p>
          </div>
          <dl className="flex flex-col gap-2 text-sm">
            {rows.map((row) => (
              <div key={row.label} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
                <dt className="shrink-0 text-gray-500 sm:w-40">{row.label}</dt>
                <dd
                  className={`min-w-0 break-all text-gray-900 ${row.mono ? "font-mono text-xs sm:text-sm" : ""}`}
                >
                  {row.value || "—"}
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <OutcomeForm action={action} fields={fields} outcome="cancel" className={CANCEL_CLASS}>
              {t("cancel")}
            </OutcomeForm>
            <OutcomeForm action={action} fields={fields} outcome="pay" className={PAY_CLASS}>
              {t("pay", { amount })}
            </OutcomeForm>
          </div>
          <p className="text-xs text-gray-500">{t("footnote")}</p>
        </div>
      </section>
    </main>
  );
}
