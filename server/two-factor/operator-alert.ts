import "server-only";
import { translator } from "@/lib/i18n";
import { toLocale } from "@/lib/locales";
import { changedFields, recordAudit } from "@/server/admin/audit";
import type { Ctx } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import { deliver } from "@/server/notify/deliver";
import { deviceMailParams } from "./devices";

// Issue 37, finding 6: an operator whose second factor was reset got the console back by enrolling
// a new one, and nobody heard of it. A second factor counts wherever the console accepts it
// (PROVED_SECOND_FACTORS: the authenticator app, SMS codes, a passkey), so each of those added to
// an account with the admin scope writes an audit row (on the person's console page) and emails
// the person, whoever did it: if it was not them, their password is known and the console is open.

/** The second factors the console accepts a sign-in with. */
export type SecondFactorMethod = "totp" | "sms" | "passkey";

type Fields = Record<string, unknown>;

/**
 * After a second factor was added to `user`'s account (the caller's own writes are done): for an
 * operator, the audit row `person.add_second_factor` — the person as its actor, from this
 * request's address — and the warning mail in their language. Anyone else: nothing. `before` and
 * `after` are what the audit compares (the kind of two-factor and when it was on, or the number of
 * passkeys). A mail that cannot go out is only logged: the enrolment stands.
 */
export async function alertOperatorSecondFactor(
  ctx: Pick<Ctx, "db" | "clock" | "ip" | "userAgent" | "log">,
  user: UserRow,
  change: { method: SecondFactorMethod; before: Fields; after: Fields },
): Promise<void> {
  if (user.scope !== "admin") return;
  await recordAudit(
    ctx.db,
    {
      db: ctx.db,
      clock: ctx.clock,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      operator: { id: user.id, name: user.email, ip: ctx.ip },
    },
    {
      action: "person.add_second_factor",
      targetType: "person",
      targetId: user.id,
      ...changedFields(change.before, { ...change.after, second_factor: change.method }),
    },
  );
  await mailOperator(ctx, user, change.method);
}

async function mailOperator(
  ctx: Pick<Ctx, "clock" | "ip" | "userAgent" | "log">,
  user: UserRow,
  method: SecondFactorMethod,
): Promise<void> {
  const lang = toLocale(user.language);
  const t = translator(lang);
  const params = {
    method: t(`notify.operatorSecondFactor.methods.${method}`),
    ...deviceMailParams(ctx, user),
  };
  try {
    await deliver(
      {
        channel: "EMAIL",
        to: user.email,
        lang,
        subject: t("notify.operatorSecondFactor.subject"),
        text: t("notify.operatorSecondFactor.email", params),
        template: "operator_second_factor",
        params,
      },
      // Unlike a new-device notice, this stays worth reading until someone acts on it.
      { retryUntil: new Date(ctx.clock().getTime() + 7 * 24 * 3_600_000) },
    );
  } catch (error) {
    ctx.log.warn({ err: error }, "operator second-factor mail not sent");
  }
}
