// The sign-in methods' variables of lib/env.ts beside the password: Google, Facebook, Zalo Login
// and sign-in by a one-time code (README "Sign in with Google, Facebook and Zalo", "Sign in with a
// one-time code"). No imports but zod and the shared flag: lib/env.ts spreads this shape.
import { z } from "zod";
import { bool } from "./env-messaging";

export const signInMethodsEnv = {
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** OpenID Connect issuer; its discovery document gives the endpoints. */
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTH_URL: z.url().default("https://www.facebook.com/v21.0/dialog/oauth"),
  FACEBOOK_TOKEN_URL: z.url().default("https://graph.facebook.com/v21.0/oauth/access_token"),
  FACEBOOK_USERINFO_URL: z.url().default("https://graph.facebook.com/v21.0/me?fields=id,name,email,picture"),
  /**
   * Sign in with Zalo (Zalo Login v4, PKCE): the app of developers.zalo.me, not the Official
   * Account's ZALO_APP_ID/ZALO_APP_SECRET that send ZNS. The button shows when both are set.
   */
  ZALO_LOGIN_APP_ID: z.string().optional(),
  ZALO_LOGIN_APP_SECRET: z.string().optional(),
  ZALO_LOGIN_AUTH_URL: z.url().default("https://oauth.zaloapp.com/v4/permission"),
  ZALO_LOGIN_TOKEN_URL: z.url().default("https://oauth.zaloapp.com/v4/access_token"),
  ZALO_LOGIN_PROFILE_URL: z.url().default("https://graph.zalo.me/v2.0/me?fields=id,name,picture"),
  /** Sign in with a one-time code (server/auth/code-signin.ts): the link on /signin and its calls. */
  PASSWORDLESS_ENABLED: bool.default(true),
  /**
   * Every code sign-in start and resend answers no sooner than this (ms): the known path sends a
   * code through a vendor, the unknown one sends nothing, so without it the time would tell them
   * apart. Raise it when the SMS/ZNS vendor answers slower than this.
   */
  CODE_SIGNIN_MIN_ANSWER_MS: z.coerce.number().int().min(0).max(10_000).default(800),
  /** Where sign-in codes may go: `email` (a mail), `phone` (ZNS, SMS when ZNS fails), or both. */
  PASSWORDLESS_CHANNELS: z
    .string()
    .default("email,phone")
    .transform((raw) =>
      raw
        .split(",")
        .map((c) => c.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(["email", "phone"])).min(1)),
};
