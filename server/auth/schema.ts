// Inputs of the /2.0/auth/* calls: one schema per call, shared by the forms and the handlers.
// No server imports here: client components import this file.
import { z } from "zod";
import { isPasswordPersonal, PASSWORD_CHECK_KEYS } from "@/lib/password-personal";
import { isPasswordSameAsEmail } from "@/lib/password-rule";
import {
  countryCodeField,
  emailField,
  MSG,
  newPasswordField,
  optionalText,
  otpCodeField,
  passwordNotEmail,
  signInPasswordField,
  text,
  withPhone,
} from "@/lib/validation";
import { userInfoDto } from "@/server/user/schema";

export const flag = z
  .union([
    z.boolean(),
    z.literal("1"),
    z.literal("0"),
    z.literal("true"),
    z.literal("false"),
    z.literal(1),
    z.literal(0),
  ])
  .transform((v) => v === true || v === "1" || v === "true" || v === 1)
  .optional();

/** The query a sign-in started from, carried through every step to the hand-off. */
export const handoff = {
  url_callback: optionalText(2000),
  callback_url: optionalText(2000),
  app_code: optionalText(20),
  store_id: optionalText(100),
  client_id: optionalText(200),
  search: optionalText(4000),
  path: optionalText(500),
  iframe: flag,
  /** The embedding page's origin (iframe mode), checked against the allow-list. */
  parent_origin: optionalText(300),
};

/** The phone as typed; `withPhone` checks it for its country and normalises it. */
export const phoneText = z
  .string({ error: () => MSG.required })
  .trim()
  .max(30);

export const VERIFY_TYPES = ["EMAIL", "SMS", "ZNS"] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

export const signInSchema = z.object({
  email: emailField,
  password: signInPasswordField,
  ...handoff,
});
export type SignInInput = z.input<typeof signInSchema>;

const signUpFields = z.object({
  fullname: text({ min: 1, max: 100 }),
  email: emailField,
  password: newPasswordField,
  phone: phoneText,
  country_code: countryCodeField,
  /** The ALTCHA payload. */
  token: z
    .string({ error: () => MSG.captchaRequired })
    .min(1, { error: MSG.captchaRequired })
    .max(20_000),
  /** Channel for the verification code; EMAIL unless a product asks for SMS or ZNS. */
  verify_type: z.enum(VERIFY_TYPES).default("EMAIL"),
  referral_id: optionalText(100),
  affilate_code: optionalText(100),
  ladiflow_ref: optionalText(100),
  utm_source: optionalText(200),
  aff_sid: optionalText(200),
  event_track: optionalText(100),
  ...handoff,
});

const notEmail = passwordNotEmail({ password: "password", email: "email" });

/**
 * Sign-up has every detail in its input, so the form can say at once what the server would: the
 * password is not made of the email, name or phone (lib/password-personal.ts). The common-password
 * list is the server's alone (server/auth/new-password.ts), and it checks this again.
 */
function notPersonal(
  value: { password: string; email: string; fullname: string; phone: string },
  ctx: z.RefinementCtx,
) {
  notEmail(value, ctx);
  if (isPasswordSameAsEmail(value.password, value.email)) return;
  if (isPasswordPersonal(value.password, value)) {
    ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_CHECK_KEYS.personal });
  }
}

export const signUpSchema = withPhone(signUpFields.superRefine(notPersonal), { required: true });
export type SignUpInput = z.input<typeof signUpSchema>;

/** The policy box of the sign-up and complete-registration forms; it never leaves the browser. */
export const policyField = {
  policy: z.boolean({ error: () => MSG.acceptPolicy }).refine((v) => v, { error: MSG.acceptPolicy }),
};

export const signUpFormSchema = withPhone(signUpFields.extend(policyField).superRefine(notPersonal), {
  required: true,
});

export const resendOtpSchema = z.object({ token: text({ min: 1, max: 200 }) });

export const verifyAccountSchema = z.object({
  code: otpCodeField,
  token: text({ min: 1, max: 200 }),
  search: optionalText(4000),
  client_id: optionalText(200),
});
export type VerifyAccountInput = z.input<typeof verifyAccountSchema>;

/** The steps whose page looks its flow up by token (no email or phone travels in their address). */
export const FLOW_STEPS = ["verify_account", "verify_2fa", "require_2fa"] as const;

/** /auth/flow-info: what a step's page shows, found by the flow token it was sent with. */
export const flowInfoSchema = z.object({
  token: text({ min: 1, max: 200 }),
  step: z.enum(FLOW_STEPS).default("verify_account"),
});

/** The steps whose page checks its link before showing a form (/auth/flow-status). */
export const FLOW_STATUS_PURPOSES = [
  ...FLOW_STEPS,
  "reset_password",
  "device_limit",
  "verify_email",
  "cancel_deletion",
] as const;

/** /auth/flow-status: is this link's step still open? Answers `{ valid }` only (no personal data). */
export const flowStatusSchema = z.object({
  token: text({ min: 1, max: 200 }),
  purpose: z.enum(FLOW_STATUS_PURPOSES),
});
export const flowStatusDto = z.object({ valid: z.boolean() });
export type FlowStatusDto = z.infer<typeof flowStatusDto>;

/** /auth/flow-info's answer: the destination is masked ("d***o@example.com", "*******678"). */
export const flowInfoDto = z.object({
  verify_type: z
    .string()
    .nullable()
    .describe(
      "EMAIL, SMS or ZNS (the code's channel) for verify_account; TOTP or SMS (two-factor) otherwise",
    ),
  destination: z.string().nullable().describe("Masked email or phone"),
  exp_time: z.number().int().describe("Seconds the latest code has left"),
  resend_in: z.number().int().describe("Seconds until a resend is allowed"),
  /** The step of a sign-up (its page says what happens when the details already have an account). */
  is_signup: z.boolean(),
  is_verify_phone: z.boolean(),
});
export type FlowInfoDto = z.infer<typeof flowInfoDto>;

export const userInfoSchema = z.object({
  token: optionalText(200),
  search: optionalText(4000),
  path: optionalText(500),
});

export const emptySchema = z.object({});

/** The page's query a social sign-in starts from; logout, iframe and layout never enter the state. */
export const socialUrlSchema = z.object({
  ...handoff,
  layout: optionalText(5),
  logout: optionalText(5),
  referral_id: optionalText(100),
  affilate_code: optionalText(100),
  ladiflow_ref: optionalText(100),
  ref: optionalText(100),
  utm_source: optionalText(200),
  aff_sid: optionalText(200),
  /** A framed sign-in's pop-up (Zalo): the binding comes back in the answer for the frame to keep. */
  popup: flag,
});
export type SocialUrlInput = z.input<typeof socialUrlSchema>;

/** What the provider sent back to /oauth2-google or /oauth2-facebook (query or fragment). */
export const socialCallbackSchema = z.object({
  code: optionalText(2000),
  state: text({ min: 1, max: 8000 }),
  error: optionalText(200),
  error_description: optionalText(1000),
  client_id: optionalText(200),
  search: optionalText(8000),
  path: optionalText(500),
  /** A framed sign-in's pop-up: the binding the frame kept from its URL call (no cookie in a frame). */
  binding: optionalText(100),
  iframe: flag,
  parent_origin: optionalText(300),
});
export type SocialCallbackInput = z.input<typeof socialCallbackSchema>;

const completeRegisterFields = z.object({
  fullname: text({ min: 1, max: 100 }),
  /** The email is the account's: the service checks the password is not it. */
  password: newPasswordField,
  phone: phoneText,
  country_code: countryCodeField,
  ...handoff,
});

export const completeRegisterSchema = withPhone(completeRegisterFields, { required: true });
export type CompleteRegisterInput = z.input<typeof completeRegisterSchema>;

export const completeRegisterFormSchema = withPhone(completeRegisterFields.extend(policyField), {
  required: true,
});

/** /iframe: a sibling product hands its token over so the framed portal shares the session. */
export const adoptTokenSchema = z.object({
  token: text({ min: 1, max: 200 }),
  app_code: optionalText(20),
  callback_url: optionalText(2000),
  /** Set by /iframe when the browser says the page is framed: the cookie must be cross-site. */
  frame: flag,
  /** The browser's `Sec-Fetch-Site` and `Referer` of the /iframe navigation (server/auth/adopt.ts). */
  fetch_site: optionalText(20),
  referer: optionalText(2000),
});

/** /auth/continue: sign in once — a signed-in person's hand-off to the product that sent them. */
export const continueSchema = z.object({ ...handoff });

/** /switch-account: the confirmation step of an /iframe adoption that asks first. */
export const adoptPendingSchema = z.object({ token: text({ min: 1, max: 200 }) });

/** /auth/open-app: the dashboard opens a product of the family with a token of its own. */
export const openAppSchema = z.object({ app_code: text({ min: 1, max: 20 }) });

// Answers (the API reference documents them; server/openapi).

/**
 * What the frame posts to its parent (iframe mode, allow-listed origin only):
 * `{ luid: { token?, is_auth, redirect_url, is_close_iframe } }`.
 */
const postMessageDto = z.object({
  target_origin: z.string(),
  message: z.record(
    z.string(),
    z.object({
      token: z.string().optional(),
      is_auth: z.boolean(),
      redirect_url: z.string(),
      is_close_iframe: z.boolean(),
    }),
  ),
});

/** Signed in: the session cookie is set; `redirect_url` is the product's callback with its token, or a portal page. */
export const signedInDto = z.object({
  user: userInfoDto,
  redirect_url: z.string(),
  post_message: postMessageDto.optional(),
});
export type SignedInDto = z.infer<typeof signedInDto>;

/** Stopped until a code proves the address: /verify-account with `token` (the flow token). */
export const verificationStepDto = z.object({
  redirect_url: z.string(),
  token: z.string().describe("The flow token /auth/verify-account and /auth/resend-otp take"),
  verify_type: z.enum(VERIFY_TYPES),
  exp_time: z.number().int().describe("Seconds the code has left"),
  is_not_verify: z.literal(true),
  delivery_delayed: z.boolean().describe("The code waits in the outbox and may be late"),
});
export type VerificationStepDto = z.infer<typeof verificationStepDto>;

/** Stopped until the second factor: /verify-2fa or /require-enable-2fa with `custom_auth`. */
export const secondFactorStepDto = z.object({
  redirect_url: z.string(),
  custom_auth: z.string().describe("The flow token the /auth2-fa calls take"),
  exp_time: z.number().int().optional().describe("SMS two-factor: seconds the code has left"),
});
export type SecondFactorStepDto = z.infer<typeof secondFactorStepDto>;

/** SPEC §4 sign-in result: signed in, or the next step's page (the session cookie is then cleared). */
export const signInResultDto = z.union([signedInDto, secondFactorStepDto, verificationStepDto]);

/** A sign-up always continues at /verify-account (details that already have an account answer the same). */
export const signUpResultDto = verificationStepDto.extend({
  email: z.string(),
  phone: z.string(),
  is_require_verify: z.literal(true),
});

export const codeSentDto = z.object({ exp_time: z.number().int(), delivery_delayed: z.boolean() });

export const socialUrlDto = z.object({
  url: z.string().describe("The provider's authorization URL"),
  binding: z
    .string()
    .optional()
    .describe("With popup=1 only: the state's binding, for the frame to send back"),
});

/** /auth/adopt-token: adopted (the cookie is set), or the confirmation page to send the browser to. */
export const adoptTokenDto = z.union([
  z.object({ user: userInfoDto, redirect_url: z.string() }),
  z.object({ confirm_url: z.string() }),
]);

const maskedPerson = z.object({ email: z.string().describe("Masked"), fullname: z.string() });

export const adoptPendingDto = z.object({
  next: maskedPerson,
  current: maskedPerson.nullable(),
  same_person: z.boolean(),
  app_code: z.string().nullable(),
});
export type AdoptPendingDto = z.infer<typeof adoptPendingDto>;

export const adoptedDto = z.object({ user: userInfoDto, redirect_url: z.string() });
export type AdoptedDto = z.infer<typeof adoptedDto>;
