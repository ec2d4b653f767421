"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ActionDialog, type ActionField } from "@/components/admin/action-dialog";
import { DetailPending, useAdminDetail } from "@/components/admin/use-admin-detail";
import { useReloadList } from "@/components/list/use-reload-list";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { AppNames } from "@/lib/apps";
import { formatListDateTime } from "@/lib/format";
import type { BalanceKind, PersonDetailDto } from "@/server/admin/schema";
import { ExportDialog } from "./export-dialog";
import { BalancesSection } from "./person-balances";
import {
  AuditSection,
  EventsSection,
  PasskeysSection,
  ProfileSection,
  SessionsSection,
} from "./person-sections";

/** An action's dialog: its call, words and fields (the person's id is added). */
type Action = {
  path: string;
  title: string;
  description: string;
  confirm: string;
  danger?: boolean;
  fields?: ActionField[];
  body?: Record<string, unknown>;
  /** What the page says once done, instead of the server's message. */
  doneMessage?: string;
};

/**
 * A person's page in the operator console: profile, verification, second factor and its
 * requirement, scope and programmes, balances with their logs, sessions (sign one or all out),
 * passkeys, the newest security events and audit rows about them; lock/unlock, reset two-factor, resend verification,
 * edit details, balance changes, export and delete, each audited by the server.
 */
export function PersonView({ id, timeZone, appNames }: { id: string; timeZone: string; appNames: AppNames }) {
  const t = useTranslations("admin.person");
  const ta = useTranslations("admin");
  const toast = useToast();
  const reloadLogs = useReloadList("/admin/people/balance-logs");
  const { load, reload: fetchDetail } = useAdminDetail<PersonDetailDto>("/admin/people/get", id);
  const [action, setAction] = useState<Action | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  if (load.kind !== "ready") {
    return (
      <DetailPending load={load} loading={t("loading")} back={{ href: "/admin/people", label: t("back") }} />
    );
  }
  const { person, passkeys, sessions, events, audit } = load.detail;
  const when = (iso: string | null) => (iso ? formatListDateTime(iso, timeZone) : t("never"));
  const done = (message: string) => {
    setAction(null);
    toast.show("success", message);
    reloadLogs();
    void fetchDetail();
  };
  const isGone = person.status === "DELETED";

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
    editInfo: {
      path: "/user/update-info",
      title: t("editInfoTitle"),
      description: t("editInfoBody"),
      confirm: t("editInfoConfirm"),
      fields: [
        { name: "fullname", label: t("fullname"), maxLength: 100, defaultValue: person.fullname },
        {
          name: "phone",
          label: t("phone"),
          hint: t("phoneHint"),
          maxLength: 30,
          defaultValue: person.phone ?? undefined,
        },
        { ...note, required: false },
      ],
    },
    require2faOff: {
      path: "/admin/people/set-require-2fa",
      title: t("require2faOffTitle"),
      description: t("require2faOffBody"),
      confirm: t("require2faOffConfirm"),
      danger: true,
      body: { required: false },
      doneMessage: t("require2faOff"),
    },
    delete: {
      path: "/admin/people/delete",
      title: t("deleteTitle"),
      description: t("deleteBody", { email: person.email }),
      confirm: t("deleteConfirm"),
      danger: true,
      fields: [note],
    },
  } satisfies Record<string, Action>;
  const balanceAction = (kind: BalanceKind): Action => ({
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
        {!isGone && (
          <>
            <Button variant="secondary" onClick={() => setAction(actions.editInfo)}>
              {t("editInfo")}
            </Button>
            <Button variant="secondary" onClick={() => setIsExporting(true)}>
              {t("export")}
            </Button>
          </>
        )}
        {/* A locked account is not offered: cancelling the deletion at sign-in would make it ACTIVE. */}
        {person.status === "ACTIVE" && (
          <Button variant="danger" onClick={() => setAction(actions.delete)}>
            {t("delete")}
          </Button>
        )}
        <Link
          href={`/admin/audit?target_id=${encodeURIComponent(person.id)}`}
          className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium text-brand-700 underline"
        >
          {t("auditLink")}
        </Link>
      </div>

      <ProfileSection
        person={person}
        when={when}
        onChanged={done}
        onRequire2faOff={() => setAction(actions.require2faOff)}
      />
      <BalancesSection
        person={person}
        timeZone={timeZone}
        appNames={appNames}
        onAdjust={(kind) => setAction(balanceAction(kind))}
      />
      <SessionsSection
        sessions={sessions}
        when={when}
        appNames={appNames}
        onSignOut={(session, device) =>
          setAction({
            path: "/admin/people/sign-out",
            title: t("signOutTitle"),
            description: t("signOutBody", { device }),
            confirm: t("signOut"),
            body: { session_id: session.id },
          })
        }
      />
      <PasskeysSection passkeys={passkeys} when={when} />
      <EventsSection events={events} when={when} />
      <AuditSection audit={audit} when={when} />

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
          onDone={(message) => done(action.doneMessage ?? message)}
        />
      )}
      {isExporting && (
        <ExportDialog
          id={person.id}
          email={person.email}
          language={person.language}
          onClose={() => setIsExporting(false)}
          onDone={(message) => {
            setIsExporting(false);
            toast.show("success", message);
            void fetchDetail();
          }}
        />
      )}
    </div>
  );
}
