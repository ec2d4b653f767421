// Signing in through /2.0 as the integration suites do: the answers' data as the tests read it,
// browsers told apart by their user agent, and the authenticator's codes at a given time.
import { generate } from "otplib";
import { expect } from "vitest";
import { PASSWORD } from "@/tests/factories/user";
import { type CallOptions, call } from "@/tests/setup/api";

/** The data of the sign-in and two-factor answers, as loosely as the tests read it; `Extra` adds a file's own. */
export type FlowData<Extra = unknown> = Record<string, unknown> & {
  error?: string;
  fields?: Record<string, string>;
  redirect_url?: string;
  custom_auth?: string;
  token?: string;
  secret?: string;
  qrCode?: string;
  otpauth_url?: string;
  backup_codes?: string[];
  method?: string;
  verify_2fa_type?: string | null;
  is_verify_phone?: boolean;
  _id?: string;
} & Extra;

export const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
export const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
export const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** `options` as the browser `agent` sends them. */
export const as = (agent: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { "user-agent": agent, ...options.headers },
});

/** The password step of `email` (PASSWORD), which must sign in: 200 and a session cookie. */
export async function signedIn<T = FlowData>(
  email: string,
  options: CallOptions = {},
  body: Record<string, unknown> = {},
) {
  const res = await call<T>("/auth/signin", { email, password: PASSWORD, ...body }, options);
  expect(res.body.code).toBe(200);
  expect(res.cookie).toMatch(/SSID=/);
  return res;
}

/** A clock stopped at `ms`. */
export const at = (ms: number) => () => new Date(ms);

/** The authenticator app's code at `ms`. */
export const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

/** A six-digit code that is none of the codes valid around `ms` (the step before, now, after). */
export async function wrongCodeAt(secret: string, ms: number): Promise<string> {
  const valid = new Set(await Promise.all([-30_000, 0, 30_000].map((d) => codeAt(secret, ms + d))));
  for (const candidate of ["000000", "111111", "222222", "333333"])
    if (!valid.has(candidate)) return candidate;
  throw new Error("unreachable");
}
