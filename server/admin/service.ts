import "server-only";
import { AppError } from "@/lib/errors";
import type { Locale } from "@/lib/locales";
import { requestDeletionByOperator } from "@/server/account-deletion/service";
import type { Ctx } from "@/server/context";
import type { Db, Executor } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { exportAccountByOperator } from "@/server/export/service";
import { forgetCachedSessions } from "@/server/session/service";
import {
  findUserByEmail,
  findUserById,
  listUsers,
  setAffiliate,
  updateAffiliate,
  updateUser,
} from "@/server/user/service";
import {
  type AuditEntry,
  asOperator,
  changedFields,
  type OperatorCtx,
  recordAudit,
  refuseOwnAccount,
} from "./audit";
import { adjustPersonBalance } from "./balances";
import { unlockPerson } from "./people";
import { findAffiliateLevel, lockActiveAdminIds } from "./repository";

// The command line's people commands (`npm run admin`): the same services as the console's, each
// change audited under the `--by` name (or `cli:<the OS user>`).

/** What the operator tool prints of a person. */
export function describeUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    fullname: user.fullname,
    phone: user.phone,
    scope: user.scope,
    partner: user.isPartner,
    balances: {
      money: user.money,
      credit: Number(user.credit),
      credit_app: Number(user.creditApp),
      point: Number(user.point),
    },
    status: user.status,
    verified: user.isVerified,
    require_2fa: user.isRequire2fa,
    two_factor: user.twoFaEnabledAt ? user.twoFaType : null,
    created_at: user.createdAt.toISOString(),
  };
}

async function personByEmail(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmail({ db }, email.trim());
  if (!user) throw new AppError("USER_NOT_FOUND", { params: { email } });
  return user;
}

export async function findPerson(db: Db, email: string) {
  return describeUser(await personByEmail(db, email));
}

export async function listPeople(db: Db, options: { limit: number; search?: string }) {
  return (await listUsers({ db }, options)).map(describeUser);
}

type Fields = Record<string, unknown>;

/**
 * Changes a person with its audit row in one transaction, then drops their cached sessions so the
 * change applies to the next call. `fields` names what the audit compares, before and after.
 */
async function changePerson(
  by: Db | OperatorCtx,
  email: string,
  change: {
    action: AuditEntry["action"];
    values: Parameters<typeof updateUser>[2];
    fields: (user: UserRow) => Fields;
    /** A rule checked in the change's transaction, before anything is written. */
    check?: (tx: Executor, user: UserRow) => Promise<void>;
  },
) {
  const ctx = asOperator(by);
  const user = await personByEmail(ctx.db, email);
  const updated = await ctx.db.transaction(async (tx) => {
    await change.check?.(tx, user);
    const row = (await updateUser({ db: tx }, user.id, change.values)) ?? user;
    await recordAudit(tx, ctx, {
      action: change.action,
      targetType: "person",
      targetId: user.id,
      ...changedFields(change.fields(user), change.fields(row)),
    });
    return row;
  });
  await forgetCachedSessions({ userId: user.id });
  return describeUser(updated);
}

/**
 * Sets `is_require_2fa`: such a person is sent through /require-enable-2fa at sign-in until
 * two-factor is on (an admin scope always is).
 */
export function setRequire2fa(by: Db | OperatorCtx, email: string, required: boolean) {
  return changePerson(by, email, {
    action: "person.set_require_2fa",
    values: { isRequire2fa: required },
    fields: (u) => ({ is_require_2fa: u.isRequire2fa }),
  });
}

/**
 * Grants or removes the admin scope (which always requires two-factor). An operator cannot remove
 * their own, and nobody removes the last active admin's: the console would have no one left.
 */
export function setAdminScope(by: Db | OperatorCtx, email: string, isAdmin: boolean) {
  const ctx = asOperator(by);
  return changePerson(ctx, email, {
    action: "person.set_scope",
    values: { scope: isAdmin ? "admin" : "user" },
    fields: (u) => ({ scope: u.scope }),
    check: isAdmin
      ? undefined
      : async (tx, user) => {
          refuseOwnAccount(ctx, user.id);
          const admins = await lockActiveAdminIds(tx);
          if (admins.length === 1 && admins[0] === user.id) throw new AppError("LAST_ACTIVE_ADMIN");
        },
  });
}

/** Grants or removes the partner flag (partners see the Upgrade button and more credit-log columns). */
export function setPartner(by: Db | OperatorCtx, email: string, isPartner: boolean) {
  return changePerson(by, email, {
    action: "person.set_partner",
    values: { isPartner },
    fields: (u) => ({ is_partner: u.isPartner }),
  });
}

function checkLevel(level: number): void {
  if (!Number.isInteger(level) || level < 1 || level > 4) throw new Error("the level is 1 to 4");
}

const affiliateFields = (level: string | undefined) => ({
  is_affiliate: level !== undefined,
  level: level === undefined ? null : Number(level),
});

/** Makes a person an affiliate (payment info, affiliate link) or removes them from the programme. */
export async function setAffiliateStatus(
  by: Db | OperatorCtx,
  email: string,
  isAffiliate: boolean,
  level?: number,
) {
  const ctx = asOperator(by);
  if (isAffiliate && level !== undefined) checkLevel(level);
  const user = await personByEmail(ctx.db, email);
  const levelNow = await ctx.db.transaction(async (tx) => {
    const before = await findAffiliateLevel(tx, user.id);
    await setAffiliate({ db: tx }, user.id, isAffiliate);
    if (isAffiliate && level) await updateAffiliate({ db: tx }, user.id, { level: String(level) });
    const after = await findAffiliateLevel(tx, user.id);
    await recordAudit(tx, ctx, {
      action: "person.set_affiliate",
      targetType: "person",
      targetId: user.id,
      ...changedFields(affiliateFields(before), affiliateFields(after)),
    });
    return after;
  });
  return {
    ...describeUser(user),
    affiliate: isAffiliate,
    ...(isAffiliate ? { level: level ?? Number(levelNow ?? 1) } : {}),
  };
}

/** Sets an affiliate's level (1–4): the row of AFFILIATE_LEVEL_RATES their commissions use. */
export async function setAffiliateLevel(by: Db | OperatorCtx, email: string, level: number) {
  const ctx = asOperator(by);
  checkLevel(level);
  const user = await personByEmail(ctx.db, email);
  await ctx.db.transaction(async (tx) => {
    const before = await findAffiliateLevel(tx, user.id);
    if (!(await updateAffiliate({ db: tx }, user.id, { level: String(level) })))
      throw new AppError("NOT_AFFILIATE");
    await recordAudit(tx, ctx, {
      action: "person.set_affiliate_level",
      targetType: "person",
      targetId: user.id,
      ...changedFields({ level: Number(before) }, { level }),
    });
  });
  return { ...describeUser(user), affiliate: true, level };
}

/** What each `add-*` command moves; its log type is the console's (server/admin/people.ts). */
export const ADDITIONS = {
  credit: "credit",
  "api-credit": "credit_app",
  money: "money",
  points: "point",
} as const;
export type Addition = keyof typeof ADDITIONS;

/** A positive amount: whole đồng for money, at most two decimals otherwise. */
export function parseAmount(raw: string | undefined, what: Addition): number {
  const pattern = what === "money" ? /^\d{1,15}$/ : /^\d{1,12}(\.\d{1,2})?$/;
  const amount = Number(raw);
  if (!raw || !pattern.test(raw) || !(amount > 0)) throw new AppError("AMOUNT_INVALID");
  return amount;
}

/** Adds to a balance with a note; the balance, its log row and the audit row are written together. */
export async function addToBalance(
  by: Db | OperatorCtx,
  email: string,
  what: Addition,
  amount: number,
  note: string | undefined,
) {
  const ctx = asOperator(by);
  const user = await personByEmail(ctx.db, email);
  const balance = ADDITIONS[what];
  const result = await adjustPersonBalance(ctx, { id: user.id, kind: balance, amount, note });
  return {
    email: user.email,
    balance,
    added: amount,
    new_balance: result.balance,
    reference_no: result.reference_no,
  };
}

/**
 * `delete-account <email>`: a support request; the account is suspended now and erased after the
 * grace period (server/account-deletion). Its audit row follows the suspension.
 */
export async function deleteAccountAsOperator(
  ctx: OperatorCtx & Pick<Ctx, "env">,
  email: string,
  note?: string,
) {
  const user = await personByEmail(ctx.db, email);
  refuseOwnAccount(ctx, user.id);
  const result = await requestDeletionByOperator(ctx, { email: user.email, operator: ctx.operator.name });
  const auditId = await recordAudit(ctx.db, ctx, {
    action: "person.delete",
    targetType: "person",
    targetId: user.id,
    ...changedFields(
      { status: user.status, deletion_due_at: user.deletionDueAt?.toISOString() ?? null },
      { status: "DELETION_PENDING", deletion_due_at: result.deletion_due_at },
    ),
    note,
  });
  return { ...result, audit_id: auditId };
}

/**
 * `unlock <email>`: the console's unlock (sign-in allowed again, the reason cleared), audited under
 * the `--by` name; the way back for an account no operator in the console can unlock.
 */
export async function unlockAccount(by: Db | OperatorCtx, email: string) {
  const ctx = asOperator(by);
  const user = await personByEmail(ctx.db, email);
  const { audit_id } = await unlockPerson(ctx, { id: user.id });
  const updated = await findUserById({ db: ctx.db }, user.id);
  return { ...describeUser(updated ?? user), audit_id };
}

/** `export-account <email>`: the person's data as "Download my data" gives it; audited, nothing changed. */
export async function exportAccountAsOperator(
  ctx: OperatorCtx & Pick<Ctx, "env" | "origin">,
  options: { email: string; lang: Locale },
) {
  const user = await personByEmail(ctx.db, options.email);
  const file = await exportAccountByOperator(ctx, {
    email: user.email,
    operator: ctx.operator.name,
    lang: options.lang,
  });
  const auditId = await recordAudit(ctx.db, ctx, {
    action: "person.export",
    targetType: "person",
    targetId: user.id,
    note: file.fileName,
  });
  return { ...file, auditId };
}
