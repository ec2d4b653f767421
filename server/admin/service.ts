import "server-only";
import { AppError } from "@/lib/errors";
import { adjustBalance } from "@/server/balance/service";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { forgetCachedSessions } from "@/server/session/service";
import { findUserByEmail, listUsers, setAffiliate, updateAffiliate, updateUser } from "@/server/user/service";

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

/** Changes a person and drops their cached sessions, so the change applies to the next call. */
async function changePerson(db: Db, email: string, values: Parameters<typeof updateUser>[2]) {
  const user = await personByEmail(db, email);
  const updated = await updateUser({ db }, user.id, values);
  await forgetCachedSessions({ userId: user.id });
  return describeUser(updated ?? user);
}

/**
 * Sets `is_require_2fa`: such a person is sent through /require-enable-2fa at sign-in until
 * two-factor is on (an admin scope always is).
 */
export function setRequire2fa(db: Db, email: string, required: boolean) {
  return changePerson(db, email, { isRequire2fa: required });
}

/** Grants or removes the admin scope (which always requires two-factor). */
export function setAdminScope(db: Db, email: string, isAdmin: boolean) {
  return changePerson(db, email, { scope: isAdmin ? "admin" : "user" });
}

/** Grants or removes the partner flag (partners see the Upgrade button and more credit-log columns). */
export function setPartner(db: Db, email: string, isPartner: boolean) {
  return changePerson(db, email, { isPartner });
}

/** Makes a person an affiliate (payment info, affiliate link) or removes them from the programme. */
export async function setAffiliateStatus(db: Db, email: string, isAffiliate: boolean, level?: number) {
  const user = await personByEmail(db, email);
  await setAffiliate({ db }, user.id, isAffiliate);
  if (isAffiliate && level) await setAffiliateLevel(db, email, level);
  return { ...describeUser(user), affiliate: isAffiliate, ...(isAffiliate ? { level: level ?? 1 } : {}) };
}

/** Sets an affiliate's level (1–4): the row of AFFILIATE_LEVEL_RATES their commissions use. */
export async function setAffiliateLevel(db: Db, email: string, level: number) {
  if (!Number.isInteger(level) || level < 1 || level > 4) throw new Error("the level is 1 to 4");
  const user = await personByEmail(db, email);
  if (!(await updateAffiliate({ db }, user.id, { level: String(level) })))
    throw new AppError("NOT_AFFILIATE");
  return { ...describeUser(user), affiliate: true, level };
}

/** What each `add-*` command moves and the log type it writes (SPEC §4). */
export const ADDITIONS = {
  credit: { balance: "credit", type: "ADMIN_ADD" },
  "api-credit": { balance: "credit_app", type: "APP_DEPOSIT" },
  money: { balance: "money", type: "MONEY_ADD" },
  points: { balance: "point", type: undefined },
} as const;
export type Addition = keyof typeof ADDITIONS;

/** A positive amount: whole đồng for money, at most two decimals otherwise. */
export function parseAmount(raw: string | undefined, what: Addition): number {
  const pattern = what === "money" ? /^\d{1,15}$/ : /^\d{1,12}(\.\d{1,2})?$/;
  const amount = Number(raw);
  if (!raw || !pattern.test(raw) || !(amount > 0)) throw new AppError("AMOUNT_INVALID");
  return amount;
}

/** Adds to a balance with a note; the balance and its log row are written together or not at all. */
export async function addToBalance(
  db: Db,
  email: string,
  what: Addition,
  amount: number,
  note: string | undefined,
) {
  const user = await personByEmail(db, email);
  const { balance, type } = ADDITIONS[what];
  const result = await adjustBalance(db, { userId: user.id, balance, amount, type, note, now: new Date() });
  return {
    email: user.email,
    balance,
    added: amount,
    new_balance: result.balance,
    reference_no: result.referenceNo,
  };
}
