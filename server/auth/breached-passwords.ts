import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

// The local list of common breached passwords (README, "Breached and common passwords"): the first
// 100,000 entries of SecLists' top-1M list that our rule lets a person choose, most common first,
// lower-cased (scripts/common-passwords.mjs makes it). Read from the working directory like the
// migrations, so `next dev`, the bundled server and the tests share one file and no bundle holds it.
export const COMMON_PASSWORDS_FILE = path.join(process.cwd(), "server/auth/common-passwords.txt");

const globalForList = globalThis as unknown as { __portalCommonPasswords?: Promise<ReadonlySet<string>> };

async function readList(): Promise<ReadonlySet<string>> {
  const text = await readFile(COMMON_PASSWORDS_FILE, "utf8");
  return new Set(text.split("\n").filter(Boolean));
}

/** The list as a Set, read once on first use (about 10 MB of memory; nothing before a password is set). */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  globalForList.__portalCommonPasswords ??= readList().catch((error: unknown) => {
    // A missing file is a broken deployment, not a reason to accept every password: fail loudly,
    // and try again on the next call.
    globalForList.__portalCommonPasswords = undefined;
    throw error;
  });
  return globalForList.__portalCommonPasswords;
}

/** True when the password (any case) is on the list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
