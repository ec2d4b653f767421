import "server-only";
import { createHash } from "node:crypto";

// Have I Been Pwned's Pwned Passwords through its k-anonymity range API (or a compatible mirror):
// only the first 5 hex characters of the password's SHA-1 leave the server; the answer lists every
// known suffix with that prefix, padded with made-up suffixes of count 0 so its size tells nothing.

/** The answer must come within this; later, the local list alone decides. */
export const PWNED_TIMEOUT_MS = 2000;

/** The SHA-1 of the password as the API spells it: 40 upper-case hex characters. */
export function passwordSha1(password: string): string {
  return createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
}

/** How often the suffix appears in a range answer (`SUFFIX:COUNT` lines); padding lines count 0. */
export function countInRange(body: string, suffix: string): number {
  for (const line of body.split("\n")) {
    const [lineSuffix, count] = line.trim().split(":");
    if (lineSuffix?.toUpperCase() === suffix) {
      const n = Number.parseInt(count ?? "", 10);
      return Number.isFinite(n) && n > 0 ? n : 0;
    }
  }
  return 0;
}

/**
 * How many times the password appears in known breaches, per the range API at `baseUrl`.
 * Throws when the service does not answer in time or answers with an error: the caller decides.
 */
export async function pwnedCount(
  password: string,
  options: { baseUrl: string; timeoutMs?: number },
): Promise<number> {
  const hash = passwordSha1(password);
  const prefix = hash.slice(0, 5);
  const url = `${options.baseUrl.replace(/\/+$/, "")}/range/${prefix}`;
  const response = await fetch(url, {
    headers: { "Add-Padding": "true", "User-Agent": "account-portal" },
    signal: AbortSignal.timeout(options.timeoutMs ?? PWNED_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`pwned passwords: ${response.status} from the range API`);
  return countInRange(await response.text(), hash.slice(5));
}
