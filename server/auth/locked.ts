import "server-only";
import { AppError } from "@/lib/errors";
import type { UserRow } from "@/server/db/tables/users";

/**
 * A sign-in refused because the account is not active: ACCOUNT_LOCKED with the reason an operator
 * gave when locking it (server/admin), in the message and as `data.locked_reason`. Raised only
 * after the person proved who they are, so only its owner reads the reason.
 */
export function accountLocked(user: Pick<UserRow, "status" | "lockedReason">): AppError {
  const reason = user.status === "LOCKED" ? user.lockedReason : null;
  return new AppError("ACCOUNT_LOCKED", {
    params: { has_reason: reason ? "yes" : "no", reason: reason ?? "" },
    data: { locked_reason: reason },
  });
}
