// Test data written straight into a portal's database (the built server's or the in-process one):
// accounts sharing one password hash (argon2 once, not per account), browser sessions as sealed
// SSID cookies, product tokens.
import { randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/password";
import { SESSION_COOKIE, SESSION_TTL_SECONDS, sealSession } from "@/lib/session";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { users } from "@/server/db/tables/users";
import { PORTAL_APP_CODE } from "@/server/session/service";
import { openTestSession } from "@/tests/factories/session";
import { SECRETS } from "./config";
import { ipOf } from "./http";

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

const openSession = (db: Db, user: UserRow, appCode: string) =>
  openTestSession(db, user, appCode, { ttlMs: SESSION_TTL_SECONDS * 1000 });

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

/** A seeded account ready to act: a browser's cookie, a product's token and an address of its own. */
export type SeededPerson = { user: UserRow; cookie: string; token: string; ip: string };

/** `count` seeded accounts (seedUsers) with their sessions; the n-th (from 0) calls from ipOf(firstIp + n). */
export async function seedPeople(
  db: Db,
  count: number,
  prefix: string,
  firstIp: number,
): Promise<SeededPerson[]> {
  const people: SeededPerson[] = [];
  for (const [i, user] of (await seedUsers(db, count, prefix)).entries()) {
    people.push({
      user,
      cookie: await browserCookie(db, user),
      token: await productToken(db, user),
      ip: ipOf(firstIp + i),
    });
  }
  return people;
}
