import type { UserRow } from "@/server/db/tables/users";

/**
 * A browser session a service opened (or adopted) for a person: what the sealed session cookie
 * and the person's display cookies carry. The handler hands it to dispatch, which sets them.
 */
export type IssuedSession = {
  token: string;
  userId: string;
  hasPhone: boolean;
  email: string;
  fullname: string;
  /** Inside a sibling product's frame: the cookie must survive a cross-site iframe. */
  frame?: boolean;
};

export function issuedSession(token: string, user: UserRow, frame: boolean): IssuedSession {
  return {
    token,
    userId: user.id,
    hasPhone: Boolean(user.phone),
    email: user.email,
    fullname: user.fullname,
    frame,
  };
}
