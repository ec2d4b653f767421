// Where the checkout screens link to, shared by the pages and their client parts.

/** The checkout of an order: the transaction id is the capability, app_code names the product. */
export function checkoutPath(transactionId: string, appCode?: string): string {
  const params = new URLSearchParams({ transaction_id: transactionId });
  if (appCode) params.set("app_code", appCode);
  return `/checkout?${params.toString()}`;
}

/** The page that shows what the database says about one payment attempt. */
export function resultPath(paymentId: string): string {
  return `/checkout/result?${new URLSearchParams({ payment_id: paymentId }).toString()}`;
}

/** Query keys that keep a framed page in the frame's look (lib/frame's FRAME_KEYS). */
const FRAME_KEYS = ["iframe", "layout", "lang", "parent_origin"] as const;

/**
 * /signin that comes back to `returnTo` (a portal path) once signed in. The sign-in flow drops a
 * `callback_url` to the portal itself (it must be an absolute, allow-listed product URL and gets
 * a product token added), so the way back is its `path`, which it follows for same-site paths.
 * `switchAccount`: another account is signed in; /signin?logout=1 signs it out first.
 */
export function signInPath(
  returnTo: string,
  options: { switchAccount?: boolean; query?: Record<string, string | undefined> } = {},
): string {
  const params = new URLSearchParams();
  if (options.switchAccount) params.set("logout", "1");
  params.set("path", returnTo);
  if (options.query?.iframe === "1") {
    for (const key of FRAME_KEYS) {
      const value = options.query[key];
      if (value) params.set(key, value);
    }
  }
  return `/signin?${params.toString()}`;
}
