import { newId, newToken, sha256 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { insertSession } from "@/server/session/repository";

/**
 * A session row of `user` for `appCode` (a product's token, or "luid": the portal's own browser
 * session) written through the repository; answers its token. It lives a day from `createdAt`
 * (now) unless `ttlMs` or `expiresAt` says otherwise.
 */
export async function openTestSession(
  db: Db,
  user: Pick<UserRow, "id">,
  appCode: string,
  options: { createdAt?: Date; ttlMs?: number; expiresAt?: Date } = {},
): Promise<string> {
  const token = newToken();
  const createdAt = options.createdAt ?? new Date();
  await insertSession(db, {
    id: newId(),
    userId: user.id,
    tokenHash: sha256(token),
    appCode,
    createdAt,
    lastSeenAt: createdAt,
    expiresAt: options.expiresAt ?? new Date(createdAt.getTime() + (options.ttlMs ?? 86_400_000)),
  });
  return token;
}
