// The person page's further calls (issue 24): balance logs, export, deletion, the two-factor
// requirement, SPEC §7's operator calls (/user/list, /user/show, /user/update-info) and
// /admin/clients/list. No server imports: the person page's forms read it.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";
import { LOCALES } from "@/lib/locales";
import { optionalText, text } from "@/lib/validation";
import { CREDIT_LOG_TYPE_NAMES, type CreditLogType } from "@/server/balance/schema";
import { BALANCE_KINDS, personRowDto } from "./schema";

const rowId = text({ min: 1, max: 64 });
const iso = z.iso.datetime();

/** An IANA time zone the runtime knows (Asia/Ho_Chi_Minh). */
const timeZone = text({ min: 1, max: 64 }).refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { error: "validation.timeZone" },
);

// Balance logs

/** /admin/people/balance-logs: one balance's log of one person, newest first. */
export const personBalanceLogsSchema = listQuerySchema.extend({ id: rowId, kind: z.enum(BALANCE_KINDS) });

/** A point-log or credit-log row as the console shows either: the same columns for every kind. */
export const personBalanceLogRowDto = z.object({
  _id: z.string(),
  created_at: iso,
  amount: z.number().describe("Signed: points and credit two decimals, money whole đồng"),
  type: z
    .enum(CREDIT_LOG_TYPE_NAMES as [CreditLogType, ...CreditLogType[]])
    .nullable()
    .describe("The credit-log type; null for points"),
  reference_no: z.string().nullable(),
  description: z.string().nullable().describe("In the operator's language; an operator's note as written"),
  app_code: z.string().nullable(),
  customer_email: z.string().nullable().describe("The customer of a partner's order"),
});
export type PersonBalanceLogRowDto = z.infer<typeof personBalanceLogRowDto>;
export const personBalanceLogPageDto = pageDto(personBalanceLogRowDto);

// Export and deletion

/** /admin/people/export: the zip in the language asked for (the person's own by default). */
export const exportPersonSchema = z.object({ id: rowId, lang: z.enum(LOCALES).optional() });
export const personExportDto = z.object({
  file_name: z.string(),
  content_type: z.literal("application/zip"),
  size: z.number().int().describe("Bytes of the zip"),
  base64: z.string().describe("The zip the person's own 'Download my data' gives, base64"),
  audit_id: z.string(),
});
export type PersonExportDto = z.infer<typeof personExportDto>;

/** /admin/people/delete: a support request, with the operator's note on why. */
export const deletePersonSchema = z.object({ id: rowId, note: text({ min: 1, max: 500 }) });
export const personDeletionDto = z.object({
  person: personRowDto,
  deletion_due_at: iso.describe("When the account is erased; until then a sign-in can cancel it"),
  audit_id: z.string(),
});

// The two-factor requirement

export const setRequire2faSchema = z.object({ id: rowId, required: z.boolean() });
export const require2faSetDto = z.object({ is_require_2fa: z.boolean() });

// SPEC §7's operator calls

/**
 * /user/update-info: what an operator may correct for a person. The email (the sign-in name) and
 * the password are not among them; a new phone number is unverified.
 */
export const updateInfoSchema = z.object({
  id: rowId,
  fullname: text({ min: 1, max: 100 }).optional(),
  /** Blank removes the number. */
  phone: optionalText(30),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "VALIDATION.INVALID_PHONE" })
    .optional(),
  language: z.enum(LOCALES).optional(),
  timezone: timeZone.optional(),
  note: optionalText(500),
});
export type UpdateInfoInput = z.input<typeof updateInfoSchema>;

// Operations: the configured apps and clients

export const clientsListSchema = z.object({});

/** A product of APPS_CONFIG as an operator sees it: where it lives, never its keys. */
export const productAppDto = z.object({
  code: z.string(),
  name: z.string(),
  home: z.string(),
  logout: z.string().nullable(),
  /** The host the portal posts events to; the address's path and the signing secret stay hidden. */
  webhook_host: z.string().nullable(),
  has_api_key: z.boolean(),
  has_webhook_secret: z.boolean(),
});
export type ProductAppDto = z.infer<typeof productAppDto>;

/** An OpenID Connect client of OIDC_CLIENTS, never its secret. */
export const oidcClientDto = z.object({
  client_id: z.string(),
  name: z.string(),
  redirect_uris: z.array(z.string()),
  post_logout_redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  token_endpoint_auth_method: z
    .string()
    .describe(
      "The method the client is registered with: client_secret_basic, client_secret_post or none (PKCE)",
    ),
  token_endpoint_auth_methods: z
    .array(z.string())
    .describe("Every method the client may use: both secret methods unless OIDC_CLIENTS pins one"),
  first_party: z.boolean(),
});
export type OidcClientDto = z.infer<typeof oidcClientDto>;

export const clientsDto = z.object({
  apps: z.array(productAppDto),
  /** Hosts a sign-in may hand a token to: CALLBACK_ALLOWED_HOSTS and the apps' homes. */
  callback_hosts: z.array(z.string()),
  oidc_clients: z.array(oidcClientDto),
  oidc_issuer: z.string().nullable().describe("The provider's issuer; null when no client is configured"),
});
export type ClientsDto = z.infer<typeof clientsDto>;
