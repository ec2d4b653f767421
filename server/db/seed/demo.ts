import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/password";
import type { Db } from "@/server/db/client";
import { findUserByEmail, insertUser } from "@/server/user/repository";

export const DEMO_EMAIL = "demo@example.com";

/**
 * The demo account of the embedded default: created once, its password kept in DATA_DIR so
 * every start can print it.
 */
export async function ensureDemoAccount(
  db: Db,
  dataDir: string,
): Promise<{ email: string; password: string }> {
  const file = path.resolve(dataDir, "demo-account.json");
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { password?: string }) : {};
  // Letters, digits and one allowed special character: valid on every screen's password rule.
  const password = stored.password ?? `Demo@${randomBytes(6).toString("hex")}`;
  if (!(await findUserByEmail(db, DEMO_EMAIL))) {
    await insertUser(db, {
      id: newId(),
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(password),
      fullname: "Demo Person",
      phone: "0912345678",
      countryCode: "vn",
      isVerified: true,
      isVerifyEmail: true,
      isVerifyPhone: true,
      code: "demo",
    });
  }
  if (!stored.password)
    writeFileSync(file, JSON.stringify({ email: DEMO_EMAIL, password }, null, 2), { mode: 0o600 });
  return { email: DEMO_EMAIL, password };
}
