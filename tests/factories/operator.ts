// An operator of the console (issue 24): an admin with the authenticator on, signed in the way the
// console asks (password, then the app's code), and the re-authentication its destructive calls want.
import { generateSecret } from "otplib";
import { encryptSecret } from "@/lib/crypto";
import { env } from "@/lib/env";
import { sealSession } from "@/lib/session";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { openTestSession } from "@/tests/factories/session";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { type CallOptions, call } from "@/tests/setup/api";
import { codeAt } from "@/tests/support/sign-in";

const randomIp = () => `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** An admin whose authenticator (its secret returned) is on, not signed in. */
export async function createOperator(
  overrides: Parameters<typeof createUser>[0] = {},
): Promise<{ user: UserRow; secret: string }> {
  const secret = generateSecret();
  const user = await createUser({
    scope: "admin",
    twoFaType: "TOTP",
    twoFaSecret: encryptSecret(secret, env().DATA_ENCRYPTION_KEY),
    twoFaEnabledAt: new Date(Date.now() - 60_000),
    ...overrides,
  });
  return { user, secret };
}

/** The password step and the authenticator's code: the browser session the console accepts. */
export async function signInWithTotp(
  user: Pick<UserRow, "email">,
  secret: string,
  options: CallOptions = {},
): Promise<string> {
  const ip = options.ip ?? randomIp();
  const first = await call<{ custom_auth?: string }>(
    "/auth/signin",
    { email: user.email, password: PASSWORD },
    { ...options, ip },
  );
  if (!first.body.data.custom_auth) throw new Error(`no second step: ${JSON.stringify(first.body)}`);
  const second = await call(
    "/auth2-fa/verify-login",
    { custom_auth: first.body.data.custom_auth, token: await codeAt(secret, Date.now()) },
    { ...options, ip },
  );
  if (second.body.code !== 200) throw new Error(`verify-login: ${JSON.stringify(second.body)}`);
  // Answers in English, whatever the default language.
  return `${second.cookie}; LANGUAGE=en`;
}

/** A new operator, signed in with the second factor: their user, secret and cookie. */
export async function signedInOperator(overrides: Parameters<typeof createUser>[0] = {}) {
  const { user, secret } = await createOperator(overrides);
  return { user, secret, cookie: await signInWithTotp(user, secret) };
}

/** The browser session proves the password again at `ms` (now by default). */
export async function reauthenticate(cookie: string, ms = Date.now()): Promise<void> {
  const res = await call(
    "/user/reauthenticate",
    { password: PASSWORD },
    { cookie, clock: () => new Date(ms) },
  );
  if (res.body.code !== 200) throw new Error(`reauthenticate: ${JSON.stringify(res.body)}`);
}

/** An admin's portal browser session whose sign-in proved no second factor, and its cookie. */
export async function adminWithoutSecondFactor(admin?: UserRow): Promise<{ user: UserRow; cookie: string }> {
  const user = admin ?? (await createOperator()).user;
  const token = await openTestSession(await getDb(), user, "luid");
  const sealed = await sealSession({ token, userId: user.id, hasPhone: true }, env().SESSION_SECRET);
  return { user, cookie: `SSID=${sealed}; LANGUAGE=en` };
}
