import "server-only";
import { hash, verify } from "@node-rs/argon2";

// DESIGN §4: argon2id, m = 19 MiB, t = 2, p = 1. (2 is Algorithm.Argon2id, a const enum.)
const OPTIONS = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still spends the same time, so timing does not reveal accounts. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword("timing-equaliser-not-a-password");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
