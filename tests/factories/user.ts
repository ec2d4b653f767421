import { randomBytes, randomInt } from "node:crypto";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/password";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { insertUser, type NewUser } from "@/server/user/repository";

/**
 * The accounts' password, hashed straight into the row as an older rule allowed it: today's rule
 * would refuse it as too guessable (lib/password-strength.ts), and sign-in must still take it.
 * A test that sets a new password (sign-up, reset, change) uses a strong one of its own.
 */
export const PASSWORD = "Secret#123";

export const randomEmail = (): string => `u${randomBytes(5).toString("hex")}@example.com`;
/** A Vietnamese mobile number nobody else in the run has, most likely. */
export const randomPhone = (): string => `09${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;

/** A verified account with a phone, unless overridden. */
export async function createUser(overrides: Partial<NewUser> & { password?: string } = {}): Promise<UserRow> {
  const { password = PASSWORD, ...rest } = overrides;
  const user = await insertUser(await getDb(), {
    id: newId(),
    email: randomEmail(),
    passwordHash: await hashPassword(password),
    fullname: "Test Person",
    phone: "0912345678",
    countryCode: "vn",
    isVerified: true,
    isVerifyEmail: true,
    code: randomBytes(6).toString("hex"),
    ...rest,
  });
  if (!user) throw new Error("createUser: email taken");
  return user;
}
