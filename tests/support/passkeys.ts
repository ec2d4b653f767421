// A passkey registered through the /2.0 registry, the way the profile page adds one: "confirm it's
// you" with the password, the registration options, the software authenticator's answer.
import { expect } from "vitest";
import { PASSWORD } from "@/tests/factories/user";
import { type CallOptions, call } from "@/tests/setup/api";
import type { SoftAuthenticator } from "@/tests/support/soft-authenticator";

type Answer = { id?: string } & Record<string, unknown>;

/** Registers a passkey of `authenticator` for the signed-in `cookie`; answers its id. */
export async function addPasskey(
  cookie: string,
  authenticator: SoftAuthenticator,
  options: CallOptions = {},
  name = "My phone",
): Promise<string> {
  const reauth = await call<Answer>("/user/reauthenticate", { password: PASSWORD }, { cookie, ...options });
  expect(reauth.body.code).toBe(200);
  const opts = await call<Answer>("/passkey/registration-options", {}, { cookie, ...options });
  expect(opts.body.code).toBe(200);
  const response = authenticator.create(opts.body.data as Parameters<SoftAuthenticator["create"]>[0]);
  const registered = await call<Answer>("/passkey/register", { response, name }, { cookie, ...options });
  expect(registered.body.code).toBe(200);
  return String(registered.body.data.id);
}
