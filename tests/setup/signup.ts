import { solvedCaptcha } from "@/tests/factories/captcha";
import { randomEmail } from "@/tests/factories/user";
import { call } from "./api";

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    fullname: "Nguyễn Văn A",
    email: randomEmail(),
    // Strong: a guessable password is refused (lib/password-strength.ts), and tests that want one say so.
    password: "Otter-Lantern-Pickle-42",
    phone: "+84 912 345 678",
    country_code: "vn",
    ...overrides,
  };
}

/** Signs up with a solved captcha and returns the envelope data. */
export async function signUp(overrides: Record<string, unknown> = {}, ip?: string) {
  const body = signUpBody({ token: await solvedCaptcha(), ...overrides });
  // Each sign-up from its own address, so the per-IP sign-up budget is not what a test measures.
  const from = ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return { body, response: await call("/auth/signup", body, { ip: from }) };
}
