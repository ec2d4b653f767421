// Issue 38: the ID token says how the person signed in, from what the portal session recorded
// (sessions.sign_in_method and sessions.second_factor). amr values are RFC 8176's where one fits;
// README "OpenID Connect provider" lists them and says why each.

/** acr: one factor proved at the sign-in, or two. */
export const OIDC_ACR_VALUES = ["1fa", "2fa"] as const;
export type OidcAcr = (typeof OIDC_ACR_VALUES)[number];

export type OidcAuthentication = { acr: OidcAcr; amr: string[] };

/** What the first factor says: RFC 8176 `pwd`, `swk` (a key's proof of possession), `otp`; `fed` for a federated sign-in. */
const FIRST_FACTOR: Record<string, string[]> = {
  password: ["pwd"],
  // A passkey always carries user verification here (a PIN or biometric on the device): the
  // portal counts it as two factors. `swk`, not `hwk`: without attestation the portal cannot
  // tell a hardware-bound key from a synced one, and must not claim more than it knows.
  passkey: ["swk"],
  google: ["fed"],
  facebook: ["fed"],
  // A verification code sent to the email or phone (a sign-up, an unverified account).
  code: ["otp"],
};

/** What a second factor proved at this sign-in adds; a trusted browser proved nothing now. */
const SECOND_FACTOR: Record<string, string[]> = {
  totp: ["otp"],
  sms: ["otp", "sms"],
  backup: ["otp"],
};

/**
 * The acr and amr of a portal session, or undefined when the session does not know how it was
 * made (a session from before the column, or an adopted token whose browser session did not say).
 */
export function oidcAuthenticationOf(session: {
  signInMethod: string | null;
  secondFactor: string | null;
}): OidcAuthentication | undefined {
  const first = session.signInMethod ? FIRST_FACTOR[session.signInMethod] : undefined;
  if (!first) return undefined;
  const second = session.secondFactor ? (SECOND_FACTOR[session.secondFactor] ?? []) : [];
  const isMultiFactor = session.signInMethod === "passkey" || second.length > 0;
  const amr = [...new Set([...first, ...second])];
  return isMultiFactor ? { acr: "2fa", amr: [...amr, "mfa"] } : { acr: "1fa", amr };
}

/** The provider's login for a portal sign-in: who, when (auth_time), and how (acr, amr). */
export type OidcLogin = { accountId: string; ts: number; acr?: string; amr?: string[] };

export function oidcLoginOf(signIn: {
  user: { id: string };
  signedInAt: Date;
  signInMethod: string | null;
  secondFactor: string | null;
}): OidcLogin {
  const how = oidcAuthenticationOf(signIn);
  return {
    accountId: signIn.user.id,
    ts: Math.floor(signIn.signedInAt.getTime() / 1000),
    ...(how ? { acr: how.acr, amr: how.amr } : {}),
  };
}

/**
 * Whether the provider's session is this very login (same person, time and way): when it is not
 * (the portal was signed out, or in again), the provider asks for a login again, so the ID token
 * never carries an earlier sign-in's auth_time, acr or amr.
 */
export function isCurrentLogin(
  session: { accountId?: string; loginTs?: number; acr?: string; amr?: string[] } | undefined,
  login: OidcLogin,
): boolean {
  return (
    session?.accountId === login.accountId &&
    session.loginTs === login.ts &&
    session.acr === login.acr &&
    (session.amr ?? []).join(" ") === (login.amr ?? []).join(" ")
  );
}
