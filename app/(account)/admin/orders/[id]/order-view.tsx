"use client";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { ActionDialog, type ActionField } from "@/components/admin/action-dialog";
import { DetailPending, useAdminDetail } from "@/components/admin/use-admin-detail";
import { OrderLinesTable } from "@/components/commerce/order-lines-table";
import { StatusBadge } from "@/components/commerce/status-badge";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { useToast } from "@/components/ui/toast";
import { describeActor } from "@/lib/actor";
import { type AppNames, appName } from "@/lib/apps";
import { formatDecimal, formatListDateTime, formatPoints, formatVnd } from "@/lib/format";
import {
  type AdminAttemptDto,
  type AdminOrderDetailDto,
  MARKABLE_STATUSES,
} from "@/server/admin/orders-schema";

/** An action's dialog: its call, words and fields (the order's id is added). */
type Action = {
  path: string;
  title: string;
  description: string;
  confirm: string;
  danger?: boolean;
  fields?: ActionField[];
  body?: Record<string, unknown>;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-gray-500 sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="break-words text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/** A stored gateway answer, folded: operators open it when they need the detail. */
function RawAnswer({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-brand-700">{label}</summary>
      <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-gray-50 p-2 text-gray-800">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

/**
 * An order's page in the operator console: summary, lines, payment attempts (each pending gateway
 * attempt can be asked about), bank transfers and status changes; "Confirm bank transfer" and
 * "Mark status", each audited by the server and asking for a fresh re-authentication.
 */
export function OrderView({ id, timeZone, appNames }: { id: string; timeZone: string; appNames: AppNames }) {
  const t = useTranslations("admin.order");
  const ta = useTranslations("admin");
  const to = useTranslations("account.orders");
  const tp = useTranslations("account.payments");
  const tl = useTranslations("admin.labels.actor");
  const tpts = useTranslations("admin.labels");
  const actorWords = (actor: string) => {
    const found = describeActor(actor, appNames);
    return found ? tl(found.kind, { name: found.name }) : actor;
  };
  const locale = useLocale();
  const toast = useToast();
  const { load, reload: fetchDetail } = useAdminDetail<AdminOrderDetailDto>("/admin/orders/get", id);
  const [action, setAction] = useState<Action | null>(null);

  if (load.kind !== "ready") {
    return (
      <DetailPending load={load} loading={t("loading")} back={{ href: "/admin/orders", label: t("back") }} />
    );
  }
  const { order, lines, attempts, events, transfers } = load.detail;
  const when = (iso: string | null) => (iso ? formatListDateTime(iso, timeZone) : t("none"));
  const vnd = (n: number) => formatVnd(n, locale);
  const statusWord = (s: string) => (to.has(`statuses.${s}`) ? to(`statuses.${s}`) : s);
  const isOpen = order.status === "PENDING" || order.status === "PAID_DEBIT";

  const actions = {
    confirm: {
      path: "/admin/orders/confirm-transfer",
      title: t("confirmTitle"),
      description: t("confirmBody", { reference: order.reference_no, total: vnd(order.total) }),
      confirm: t("confirm"),
      danger: true,
      fields: [
        {
          name: "amount",
          label: t("amount"),
          hint: t("amountHint"),
          required: true,
          inputMode: "numeric",
          maxLength: 15,
        },
      ],
    },
    mark: {
      path: "/admin/orders/mark",
      title: t("markTitle"),
      description: t("markBody", { reference: order.reference_no, status: statusWord(order.status) }),
      confirm: t("markConfirm"),
      danger: true,
      fields: [
        {
          name: "status",
          label: t("newStatus"),
          options: MARKABLE_STATUSES.map((s) => ({ value: s, label: statusWord(s) })),
        },
        { name: "note", label: ta("note"), hint: t("noteHint"), required: true },
      ],
    },
  } satisfies Record<string, Action>;
  const askAction = (attempt: AdminAttemptDto): Action => ({
    path: "/admin/payments/check-status",
    title: t("askTitle"),
    description: t("askBody", { gateway: attempt.gateway, reference: attempt.reference_no }),
    confirm: t("ask"),
    body: { id: attempt.id },
  });

  return (
    <div className="flex flex-col gap-4">
      {toast.view}
      <div className="flex flex-col gap-1">
        <Link href="/admin/orders" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="break-words font-mono text-xl font-semibold text-gray-900">{order.reference_no}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <StatusBadge status={order.status} />
          <span>{vnd(order.total)}</span>
          <span>· {appName(order.app_code, appNames)}</span>
        </div>
      </div>

      <div className="flex flex-wrap gap-2">
        {order.status === "PENDING" && (
          <Button variant="secondary" onClick={() => setAction(actions.confirm)}>
            {t("confirmTransfer")}
          </Button>
        )}
        {isOpen && (
          <Button variant="secondary" onClick={() => setAction(actions.mark)}>
            {t("mark")}
          </Button>
        )}
        <Link
          href={`/admin/audit?target_id=${encodeURIComponent(order.id)}`}
          className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium text-brand-700 underline"
        >
          {t("auditLink")}
        </Link>
      </div>

      <SectionCard title={t("summary")}>
        <dl className="flex flex-col gap-2">
          <Row label={t("person")}>
            <Link
              href={`/admin/people/${encodeURIComponent(order.person_id)}`}
              className="text-brand-700 underline-offset-2 hover:underline"
            >
              {order.person_email}
            </Link>
            {order.person_fullname ? ` · ${order.person_fullname}` : ""}
          </Row>
          <Row label={t("createdBy")}>{actorWords(order.created_by)}</Row>
          <Row label={t("createdAt")}>{when(order.created_at)}</Row>
          <Row label={t("paidAt")}>{when(order.paid_at)}</Row>
          <Row label={t("updatedAt")}>{when(order.updated_at)}</Row>
          {order.status_by && (
            <Row label={t("statusBy")}>
              {actorWords(order.status_by)}
              {order.status_note ? ` · ${order.status_note}` : ""}
            </Row>
          )}
          {order.credit > 0 && <Row label={t("credit")}>{formatDecimal(order.credit, locale)}</Row>}
          {order.note && <Row label={t("note")}>{order.note}</Row>}
          <Row label={t("id")}>
            <span className="font-mono">{order.id}</span>
          </Row>
        </dl>
      </SectionCard>

      <SectionCard title={t("linesTitle")}>
        <OrderLinesTable lines={lines} total={order.total} appNames={appNames} />
      </SectionCard>

      <SectionCard title={t("attemptsTitle")}>
        {attempts.length === 0 ? (
          <p className="text-sm text-gray-600">{t("noAttempts")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100" aria-label={t("attemptsTitle")}>
            {attempts.map((a) => (
              <li
                key={a.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 text-gray-900">
                    <span className="font-mono">{a.reference_no}</span>
                    <StatusBadge status={a.status} />
                    <span>
                      {tp(`gateways.${a.gateway}`)} · {vnd(a.amount)}
                    </span>
                  </p>
                  <p className="text-gray-500">
                    {t("attemptLine", { created: when(a.created_at), expires: when(a.expires_at) })}
                    {a.points_used > 0 &&
                      ` · ${tpts("pointsUsed", { points: formatPoints(a.points_used, locale) })}`}
                  </p>
                  {(a.gateway_ref || a.gateway_txn) && (
                    <p className="break-all text-gray-500">
                      {t("gatewayIds", { ref: a.gateway_ref ?? t("none"), txn: a.gateway_txn ?? t("none") })}
                    </p>
                  )}
                  {(a.note || a.operator) && (
                    <p className="text-gray-500">{[a.operator, a.note].filter(Boolean).join(" · ")}</p>
                  )}
                  <RawAnswer label={t("rawCallback")} value={a.raw_callback} />
                </div>
                {a.can_check_status && (
                  <Button
                    variant="secondary"
                    aria-label={t("askFor", { reference: a.reference_no })}
                    onClick={() => setAction(askAction(a))}
                  >
                    {t("ask")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard title={t("transfersTitle")}>
        {transfers.length === 0 ? (
          <p className="text-sm text-gray-600">{t("noTransfers")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100 text-sm">
            {transfers.map((tr) => (
              <li key={tr.id} className="py-2">
                <p className="text-gray-900">
                  {vnd(tr.amount)} ·{" "}
                  {t.has(`transferStatuses.${tr.status}`) ? t(`transferStatuses.${tr.status}`) : tr.status}
                </p>
                <p className="break-all text-gray-500">
                  {when(tr.created_at)} · {tr.actor} · {tr.content}
                </p>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard title={t("eventsTitle")}>
        {events.length === 0 ? (
          <p className="text-sm text-gray-600">{t("noEvents")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100 text-sm">
            {events.map((e) => (
              <li key={e.id} className="py-2">
                <p className="text-gray-900">
                  {t("eventLine", { from: statusWord(e.from_status), to: statusWord(e.to_status) })}
                </p>
                <p className="text-gray-500">
                  {when(e.at)} · {e.actor}
                  {e.note ? ` · ${e.note}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      {action && (
        <ActionDialog
          title={action.title}
          description={action.description}
          path={action.path}
          body={{ id: order.id, ...action.body }}
          fields={action.fields}
          confirm={action.confirm}
          danger={action.danger}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            toast.show("success", message);
            void fetchDetail();
          }}
        />
      )}
    </div>
  );
}
