import "server-only";
import { AppError } from "@/lib/errors";
import type { Db } from "@/server/db/client";
import { forgetCachedSessions } from "@/server/session/service";
import { findUserByEmail, listUsers, type UserRow, updateUser } from "@/server/user/repository";

/** What the operator tool prints of a person. */
export function describeUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    fullname: user.fullname,
    phone: user.phone,
    scope: user.scope,
    status: user.status,
    verified: user.isVerified,
    require_2fa: user.isRequire2fa,
    two_factor: user.twoFaEnabledAt ? user.twoFaType : null,
    created_at: user.createdAt.toISOString(),
  };
}

async function personByEmail(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email.trim());
  if (!user) throw new AppError("USER_NOT_FOUND", { params: { email } });
  return user;
}

export async function findPerson(db: Db, email: string) {
  return describeUser(await personByEmail(db, email));
}

export async function listPeople(db: Db, options: { limit: number; search?: string }) {
  return (await listUsers(db, options)).map(describeUser);
}

/**
 * Sets `is_require_2fa`: such a person is sent through /require-enable-2fa at sign-in until
 * two-factor is on (an admin scope always is).
 */
export async function setRequire2fa(db: Db, email: string, required: boolean) {
  const user = await personByEmail(db, email);
  const updated = await updateUser(db, user.id, { isRequire2fa: required });
  forgetCachedSessions((v) => v.user.id === user.id);
  return describeUser(updated ?? user);
}

/** Grants or removes the admin scope (which always requires two-factor). */
export async function setAdminScope(db: Db, email: string, isAdmin: boolean) {
  const user = await personByEmail(db, email);
  const updated = await updateUser(db, user.id, { scope: isAdmin ? "admin" : "user" });
  forgetCachedSessions((v) => v.user.id === user.id);
  return describeUser(updated ?? user);
}
