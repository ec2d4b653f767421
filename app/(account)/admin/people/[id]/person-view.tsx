"use client";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { ActionDialog, type ActionField } from "@/components/admin/action-dialog";
import { FormAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingLine } from "@/components/ui/loading-line";
import { SectionCard } from "@/components/ui/section-card";
import { useToast } from "@/components/ui/toast";
import { formatDecimal, formatListDateTime, formatVnd } from "@/lib/format";
import { api } from "@/lib/http/client";
import { isSuccess } from "@/lib/http/envelope";
import type { PersonDetailDto } from "@/server/admin/schema";

type Load =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; detail: PersonDetailDto };

/** An action's dialog: its call, words and fields (the person's id is added). */
type Action = {
  path: string;
  title: string;
  description: string;
  confirm: string;
  danger?: boolean;
  fields?: ActionField[];
  body?: Record<string, unknown>;
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-gray-500 sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="break-words text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * A person's page in the operator console: profile, verification, second factor, passkeys,
 * sessions (sign one or all out), scopes and programmes, balances and the newest security events;
 * lock/unlock, reset two-factor, resend verification and balance changes, each audited by the server.
 */
export function PersonView({ id, timeZone }: { id: string; timeZone: string }) {
  const t = useTranslations("admin.person");
  const ta = useTranslations("admin");
  const tc = useTranslations("common");
  const te = useTranslations("account.activity.type");
  const locale = useLocale();
  const toast = useToast();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [action, setAction] = useState<Action | null>(null);

  const fetchDetail = useCallback(async () => {
    const envelope = await api<PersonDetailDto>(
      "/admin/people/get",
      { id },
      { networkMessage: tc("networkError") },
    );
    setLoad(
      isSuccess(envelope)
        ? { kind: "ready", detail: envelope.data }
        : { kind: "failed", message: envelope.message },
    );
  }, [id, tc]);

  useEffect(() => {
    void fetchDetail();
  }, [fetchDetail]);

  if (load.kind === "loading") return <LoadingLine text={t("loading")} />;
  if (load.kind === "failed") {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={load.message} />
        <Link href="/admin/people" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
      </div>
    );
  }
  const { person, passkeys, sessions, events } = load.detail;
  const when = (iso: string | null) => (iso ? formatListDateTime(iso, timeZone) : t("never"));
  const yesNo = (value: boolean) => (value ? t("yes") : t("no"));
  const eventText = (type: string) => (te.has(type) ? te(type) : type);

  const note: ActionField = { name: "note", label: ta("note"), required: true };
  const actions = {
    lock: {
      path: "/admin/people/lock",
      title: t("lockTitle"),
      description: t("lockBody"),
      confirm: t("lock"),
      danger: true,
      fields: [{ name: "reason", label: t("reason"), hint: t("reasonHint"), required: true }],
    },
    unlock: {
      path: "/admin/people/unlock",
      title: t("unlockTitle"),
      description: t("unlockBody"),
      confirm: t("unlock"),
    },
    reset2fa: {
      path: "/admin/people/reset-2fa",
      title: t("reset2faTitle"),
      description: t("reset2faBody"),
      confirm: t("reset2fa"),
      danger: true,
      fields: [{ ...note, required: false }],
    },
    resend: {
      path: "/admin/people/resend-verification",
      title: t("resendTitle"),
      description: t("resendBody", { email: person.email }),
      confirm: t("resend"),
    },
    signOutAll: {
      path: "/admin/people/sign-out",
      title: t("signOutAllTitle"),
      description: t("signOutAllBody"),
      confirm: t("signOutAll"),
      danger: true,
    },
  } satisfies Record<string, Action>;
  const balanceAction = (kind: "point" | "credit" | "credit_app" | "money"): Action => ({
    path: "/admin/people/adjust-balance",
    title: t("adjustTitle", { balance: t(`balances.${kind}`) }),
    description: t("adjustBody"),
    confirm: t("adjust"),
    danger: true,
    body: { kind },
    fields: [
      {
        name: "amount",
        label: t("amount"),
        hint: t(kind === "money" ? "amountHintMoney" : "amountHint"),
        required: true,
        inputMode: "decimal",
        maxLength: 20,
      },
      note,
    ],
  });

  return (
    <div className="flex flex-col gap-4">
      {toast.view}
      <div className="flex flex-col gap-1">
        <Link href="/admin/people" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
        <h1 className="break-words text-xl font-semibold text-gray-900">{person.email}</h1>
        <p className="text-sm text-gray-600">
          {person.fullname} · {ta(`people.statuses.${person.status}`)} ·{" "}
          <span className="font-mono">{person.id}</span>
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        {person.status === "LOCKED" ? (
          <Button variant="secondary" onClick={() => setAction(actions.unlock)}>
            {t("unlock")}
          </Button>
        ) : (
          person.status === "ACTIVE" && (
            <Button variant="danger" onClick={() => setAction(actions.lock)}>
              {t("lock")}
            </Button>
          )
        )}
        {person.two_fa && (
          <Button variant="secondary" onClick={() => setAction(actions.reset2fa)}>
            {t("reset2fa")}
          </Button>
        )}
        {!person.is_verified && (
          <Button variant="secondary" onClick={() => setAction(actions.resend)}>
            {t("resend")}
          </Button>
        )}
        {sessions.length > 0 && (
          <Button variant="secondary" onClick={() => setAction(actions.signOutAll)}>
            {t("signOutAll")}
          </Button>
        )}
        <Link
          href={`/admin/audit?target_id=${encodeURIComponent(person.id)}`}
          className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium text-brand-700 underline"
        >
          {t("auditLink")}
        </Link>
      </div>

      <SectionCard title={t("profile")}>
        <dl className="flex flex-col gap-2">
          <Row label={t("fullname")}>{person.fullname || t("none")}</Row>
          <Row label={t("phone")}>{person.phone ?? t("none")}</Row>
          <Row label={t("verified")}>
            {t("verification", {
              account: yesNo(person.is_verified),
              email: yesNo(person.is_verify_email),
              phone: yesNo(person.is_verify_phone),
            })}
          </Row>
          <Row label={t("twoFa")}>
            {ta(`people.twoFaKinds.${person.two_fa ?? "off"}`)}
            {person.is_require_2fa ? ` · ${t("twoFaRequired")}` : ""}
          </Row>
          <Row label={t("scope")}>{person.scope}</Row>
          <Row label={t("programmes")}>
            {[
              person.is_partner ? t("partner") : null,
              person.affiliate.is_affiliate
                ? t("affiliateLevel", { level: person.affiliate.level ?? 1 })
                : null,
            ]
              .filter(Boolean)
              .join(" · ") || t("none")}
          </Row>
          <Row label={t("languageZone")}>
            {person.language} · {person.timezone}
          </Row>
          <Row label={t("createdAt")}>{when(person.created_at)}</Row>
          <Row label={t("lastLogin")}>{when(person.last_login_at)}</Row>
          {person.locked_reason && <Row label={t("lockedReason")}>{person.locked_reason}</Row>}
          {person.deletion_due_at && <Row label={t("deletionDue")}>{when(person.deletion_due_at)}</Row>}
        </dl>
      </SectionCard>

      <SectionCard title={t("balancesTitle")}>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {(["money", "credit", "credit_app", "point"] as const).map((kind) => (
            <li key={kind} className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 p-3">
              <span className="text-sm text-gray-600">
                {t(`balances.${kind}`)}
                <span className="block text-base font-semibold text-gray-900 tabular-nums">
                  {kind === "money"
                    ? formatVnd(person.balances.money, locale)
                    : formatDecimal(person.balances[kind], locale)}
                </span>
              </span>
              <Button
                variant="secondary"
                onClick={() => setAction(balanceAction(kind))}
                aria-label={t("adjustTitle", { balance: t(`balances.${kind}`) })}
              >
                {t("adjust")}
              </Button>
            </li>
          ))}
        </ul>
      </SectionCard>

      <SectionCard title={t("sessionsTitle")}>
        {sessions.length === 0 ? (
          <p className="text-sm text-gray-600">{t("noSessions")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100" aria-label={t("sessionsTitle")}>
            {sessions.map((s) => (
              <li
                key={s.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="text-sm">
                  <p className="text-gray-900">
                    {s.browser} · {s.os} · {s.app_code}
                    {s.is_trusted_device ? ` · ${t("trusted")}` : ""}
                  </p>
                  <p className="text-gray-500">
                    {t("sessionLine", {
                      ip: s.ip ?? "—",
                      created: when(s.created_at),
                      seen: when(s.last_seen_at),
                    })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  aria-label={t("signOutOne", { device: `${s.browser} · ${s.os}` })}
                  onClick={() =>
                    setAction({
                      path: "/admin/people/sign-out",
                      title: t("signOutTitle"),
                      description: t("signOutBody", { device: `${s.browser} · ${s.os}` }),
                      confirm: t("signOut"),
                      body: { session_id: s.id },
                    })
                  }
                >
                  {t("signOut")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard title={t("passkeysTitle")}>
        {passkeys.length === 0 ? (
          <p className="text-sm text-gray-600">{t("noPasskeys")}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {passkeys.map((p) => (
              <li key={p.id}>
                {p.name} · {t("passkeyLine", { created: when(p.created_at), used: when(p.last_used_at) })}
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
                <p className="text-gray-900">{eventText(e.type)}</p>
                <p className="text-gray-500">
                  {when(e.at)} · {e.ip ?? "—"}
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
          body={{ id: person.id, ...action.body }}
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
