import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { call } from "@/tests/setup/api";

/** Fetches a challenge from /2.0/captcha/challenge and solves it as the widget would. */
export async function solvedCaptcha(): Promise<string> {
  const { body } = await call<Challenge>("/captcha/challenge", undefined, { method: "GET" });
  const challenge = body as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the captcha");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
