// Inputs and answers of the social sign-in calls that are not the provider's own round trip:
// a provider's sign-up without an email (the address proved by a code), linking from the profile
// and unlinking. No server imports here: client components import this file.
import { z } from "zod";
import { emailField, otpCodeField, text } from "@/lib/validation";
import { handoff } from "@/server/auth/schema";

/** Every provider the portal knows; the settings decide which of them show (server/oauth/providers.ts). */
export const SOCIAL_PROVIDERS = ["google", "facebook", "zalo"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const socialProviderField = z.enum(SOCIAL_PROVIDERS);

/** Each provider's name: a brand, the same in every language. */
const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  zalo: "Zalo",
};
export const providerName = (provider: SocialProvider): string => PROVIDER_NAMES[provider];

const flowToken = text({ min: 1, max: 200 });

/** /complete-reg/social: the address a provider without email (Zalo) signs up or links with. */
export const socialRegisterSchema = z.object({ token: flowToken, email: emailField });
export type SocialRegisterInput = z.input<typeof socialRegisterSchema>;

/** The code sent to that address: proves it, then links the provider and signs in. */
export const socialRegisterVerifySchema = z.object({ token: flowToken, code: otpCodeField, ...handoff });
export type SocialRegisterVerifyInput = z.input<typeof socialRegisterVerifySchema>;

/** The profile's "link" button: the provider's authorization URL for the signed-in person. */
export const linkUrlSchema = z.object({ provider: socialProviderField });

/** The profile's "unlink" button. */
export const unlinkSchema = z.object({ provider: socialProviderField });

/** Where the code went and the step's token (the same answer whether the address had an account). */
export const socialRegisterDto = z.object({
  token: z.string(),
  exp_time: z.number().int(),
  delivery_delayed: z.boolean(),
});

/** Ends a provider's answer that is not a sign-in: the next page (complete registration, the profile). */
export const socialNextDto = z.object({ redirect_url: z.string() });

/** The ways the person can sign in, for the profile's list. */
export const signInMethodsDto = z.object({
  has_password: z.boolean(),
  passkeys: z.number().int(),
  providers: z.array(
    z.object({
      provider: socialProviderField,
      linked: z.boolean(),
      email: z.string().nullable(),
      linked_at: z.string().nullable(),
    }),
  ),
});
export type SignInMethodsDto = z.infer<typeof signInMethodsDto>;
