"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { type AppNames, appName } from "@/lib/apps";
import { formatIp } from "@/lib/format";
import { LOCALE_NAMES, toLocale } from "@/lib/locales";
import type { PersonDetailDto } from "@/server/admin/schema";
import { Require2faSwitch } from "./require-2fa-switch";

// The person page's read-only cards: profile, sessions (with their sign-out buttons), passkeys,
// security events and the audit rows about the person. `when` formats an instant in the operator's zone ("never" for none).

type When = (iso: string | null) => string;
type Person = PersonDetailDto["person"];

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-gray-500 sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="break-words text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/** Profile, verification, second factor and its requirement, scope, partner and affiliate flags. */
export function ProfileSection({
  person,
  when,
  onChanged,
  onRequire2faOff,
}: {
  person: Person;
  when: When;
  /** The requirement was switched: the page reloads the person and says so. */
  onChanged: (message: string) => void;
  /** The operator turns the requirement off: the page's dialog asks to confirm it's them. */
  onRequire2faOff: () => void;
}) {
  const t = useTranslations("admin.person");
  const ta = useTranslations("admin");
  const tl = useTranslations("admin.labels");
  const yesNo = (value: boolean) => (value ? t("yes") : t("no"));
  return (
    <SectionCard title={t("profile")}>
      <dl className="mt-3 flex flex-col gap-2">
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
        <Row label={t("scope")}>
          {tl.has(`scope.${person.scope}`) ? tl(`scope.${person.scope}`) : person.scope}
        </Row>
        <Row label={t("partner")}>{yesNo(person.is_partner)}</Row>
        <Row label={t("affiliate")}>
          {person.affiliate.is_affiliate
            ? t("affiliateYes", { level: person.affiliate.level ?? 1 })
            : t("no")}
        </Row>
        <Row label={t("languageZone")}>
          {LOCALE_NAMES[toLocale(person.language)]} · {person.timezone}
        </Row>
        <Row label={t("createdAt")}>{when(person.created_at)}</Row>
        <Row label={t("lastLogin")}>{when(person.last_login_at)}</Row>
        {person.locked_reason && <Row label={t("lockedReason")}>{person.locked_reason}</Row>}
        {person.deletion_due_at && <Row label={t("deletionDue")}>{when(person.deletion_due_at)}</Row>}
      </dl>
      {person.status !== "DELETED" && (
        <Require2faSwitch
          id={person.id}
          isRequired={person.is_require_2fa}
          isOperator={person.scope === "admin"}
          onChanged={onChanged}
          onTurnOff={onRequire2faOff}
        />
      )}
    </SectionCard>
  );
}

type Session = PersonDetailDto["sessions"][number];

/** Live sessions and devices, each with its own sign-out button. */
export function SessionsSection({
  sessions,
  when,
  appNames,
  onSignOut,
}: {
  sessions: Session[];
  when: When;
  /** App code → product name: "Account portal", never the code. */
  appNames: AppNames;
  onSignOut: (session: Session, device: string) => void;
}) {
  const t = useTranslations("admin.person");
  return (
    <SectionCard title={t("sessionsTitle")}>
      {sessions.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t("noSessions")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100" aria-label={t("sessionsTitle")}>
          {sessions.map((s) => {
            const device = `${s.browser} · ${s.os}`;
            return (
              <li
                key={s.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="text-sm">
                  <p className="text-gray-900">
                    {device} · {appName(s.app_code, appNames)}
                    {s.is_trusted_device ? ` · ${t("trusted")}` : ""}
                  </p>
                  <p className="text-gray-500">
                    {t("sessionLine", {
                      ip: formatIp(s.ip),
                      created: when(s.created_at),
                      seen: when(s.last_seen_at),
                    })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  aria-label={t("signOutOne", { device })}
                  onClick={() => onSignOut(s, device)}
                >
                  {t("signOut")}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}

export function PasskeysSection({ passkeys, when }: { passkeys: PersonDetailDto["passkeys"]; when: When }) {
  const t = useTranslations("admin.person");
  return (
    <SectionCard title={t("passkeysTitle")}>
      {passkeys.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t("noPasskeys")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {passkeys.map((p) => (
            <li key={p.id}>
              {p.name} · {t("passkeyLine", { created: when(p.created_at), used: when(p.last_used_at) })}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

export function EventsSection({ events, when }: { events: PersonDetailDto["events"]; when: When }) {
  const t = useTranslations("admin.person");
  const te = useTranslations("account.activity.type");
  return (
    <SectionCard title={t("eventsTitle")}>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t("noEvents")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100 text-sm">
          {events.map((e) => (
            <li key={e.id} className="py-2">
              <p className="text-gray-900">{te.has(e.type) ? te(e.type) : e.type}</p>
              <p className="text-gray-500">
                {when(e.at)} · {formatIp(e.ip)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** An audit action's words: `person.lock` is `actions.person_lock` (as on the audit screen). */
const auditActionKey = (action: string) => `actions.${action.replace(".", "_")}`;

/**
 * The newest audit rows about the person: what operators did to the account, and a second factor
 * added to an operator's account (its actor is the person, the console's way back in).
 */
export function AuditSection({ audit, when }: { audit: PersonDetailDto["audit"]; when: When }) {
  const t = useTranslations("admin.person");
  const ta = useTranslations("admin.audit");
  return (
    <SectionCard title={t("auditTitle")}>
      {audit.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t("noAudit")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100 text-sm">
          {audit.map((a) => (
            <li key={a.id} className="py-2">
              <p className="text-gray-900">
                {ta.has(auditActionKey(a.action)) ? ta(auditActionKey(a.action)) : a.action}
              </p>
              <p className="break-words text-gray-500">
                {t("auditLine", { at: when(a.at), operator: a.operator, ip: formatIp(a.ip) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
