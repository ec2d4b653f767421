// Test data written straight into a portal's database (the built server's or the in-process one):
// accounts sharing one password hash (argon2 once, not per account), browser sessions as sealed
// SSID cookies, product tokens.
import { randomBytes } from "node:crypto";
import { newId, newToken, sha256 } from "@/lib/ids";
import { hashPassword } from "@/lib/password";
import { SESSION_COOKIE, SESSION_TTL_SECONDS, sealSession } from "@/lib/session";
import type { Db } from "@/server/db/client";
import { users } from "@/server/db/tables/users";
import { insertSession } from "@/server/session/repository";
import { PORTAL_APP_CODE } from "@/server/session/service";
import type { UserRow } from "@/server/user/repository";
import { SECRETS } from "./config";

export const SEED_PASSWORD = "Seed#Pass123";

/** `count` verified accounts with a phone and the password SEED_PASSWORD. */
export async function seedUsers(db: Db, count: number, prefix = "r"): Promise<UserRow[]> {
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const out: UserRow[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, () => {
      const tag = randomBytes(6).toString("hex");
      return {
        id: newId(),
        email: `${prefix}${tag}@example.com`,
        passwordHash,
        fullname: "Resilience Person",
        phone: "0912345678",
        countryCode: "vn",
        isVerified: true,
        isVerifyEmail: true,
        code: `c${tag}`,
      };
    });
    out.push(...((await db.insert(users).values(rows).returning()) as UserRow[]));
  }
  return out;
}

async function openSession(db: Db, user: UserRow, appCode: string): Promise<string> {
  const token = newToken();
  const now = new Date();
  await insertSession(db, {
    id: newId(),
    userId: user.id,
    tokenHash: sha256(token),
    appCode,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
  });
  return token;
}

/** The cookie header of a browser signed in as `user` (a live session row, sealed as dispatch seals it). */
export async function browserCookie(db: Db, user: UserRow): Promise<string> {
  const token = await openSession(db, user, PORTAL_APP_CODE);
  const sealed = await sealSession({ token, userId: user.id, hasPhone: true }, SECRETS.SESSION_SECRET);
  return `${SESSION_COOKIE}=${sealed}`;
}

/** A token the product `appCode` holds for `user`, as the hand-off gives it. */
export function productToken(db: Db, user: UserRow, appCode = "ls"): Promise<string> {
  return openSession(db, user, appCode);
}
