// A sign-in refused with ACCOUNT_DELETION_PENDING carries a step that can cancel the deletion:
// /signin, the passkey button and the social callback all send the person to its page.

type Refusal = { data?: Record<string, unknown> | undefined };

/** The /cancel-deletion address for a refusal that offers it, or null for any other refusal. */
export function cancelDeletionHref(envelope: Refusal): string | null {
  const data = envelope.data;
  if (data?.error !== "ACCOUNT_DELETION_PENDING" || typeof data.cancel_token !== "string") return null;
  const query = new URLSearchParams({ token: data.cancel_token });
  if (typeof data.deletion_due_at === "string") query.set("due", data.deletion_due_at);
  return `/cancel-deletion?${query.toString()}`;
}
