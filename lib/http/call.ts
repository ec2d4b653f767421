import type { z } from "zod";
import type { Ctx } from "@/server/context";

/**
 * How a call is authenticated: none, the person's session (cookie or header), either, or a
 * product's api key as the bearer (server-to-server, DESIGN §11), or the bank notification's
 * `Authorization: Apikey <BANK_WEBHOOK_KEY>`.
 */
export type AuthMode = "none" | "session" | "optional" | "product" | "bank";

/** What a service asks dispatch to do with the session cookie. */
export type SessionDirective =
  | {
      set: {
        token: string;
        userId: string;
        hasPhone: boolean;
        email: string;
        fullname: string;
        /** Inside a sibling product's frame: the cookie must survive a cross-site iframe. */
        frame?: boolean;
      };
    }
  | { clear: true };

/** Any other cookie a call sets (maxAge > 0) or clears (maxAge 0): OAuth binding, language, … */
export type CookieDirective = { name: string; value: string; maxAge: number; httpOnly: boolean };

export type CallResult = {
  data?: unknown;
  /** Catalog key of the success message (translated by dispatch). */
  message?: string;
  session?: SessionDirective;
  cookies?: CookieDirective[];
};

export type Call<S extends z.ZodType = z.ZodType> = {
  auth: AuthMode;
  input: S;
  /** GET for the few calls a browser widget fetches (captcha challenge); POST otherwise. */
  method?: "GET" | "POST";
  /** Answer `data` as the whole body instead of the envelope (third-party widgets). */
  raw?: boolean;
  /** Also accept `multipart/form-data` (`jsonData` + files): the profile update. */
  multipart?: boolean;
  /** Also accept the session token as the body's `token` field (sibling products). */
  bodyToken?: boolean;
  run: (ctx: Ctx, input: z.output<S>) => Promise<CallResult>;
};

/** Declares one /2.0 call; keeps the input type flowing from the schema into `run`. */
export function defineCall<S extends z.ZodType>(call: Call<S>): Call<S> {
  return call;
}
