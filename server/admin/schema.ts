// The operator console's calls (/2.0/admin/*, DESIGN §13): inputs the /admin pages' forms share
// with the handlers, and the answers. No server imports: the list framework and the forms read it.
import { z } from "zod";
import { listQuerySchema, pageDto } from "@/lib/list-query";
import { MSG, optionalText, text } from "@/lib/validation";

/** A destructive or money action asks for a re-authentication no older than this (DESIGN §13). */
export const ADMIN_REAUTH_MAX_AGE_SECONDS = 15 * 60;

export const PERSON_STATUSES = ["ACTIVE", "LOCKED", "DELETION_PENDING", "DELETED"] as const;
export const TWO_FA_KINDS = ["totp", "sms"] as const;
export const BALANCE_KINDS = ["point", "credit", "credit_app", "money"] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];
export const OUTBOX_STATUSES = ["waiting", "failed", "sent"] as const;
/** A message's channel, or WEBHOOK for a product event. */
export const OUTBOX_CHANNELS = ["EMAIL", "SMS", "ZNS", "WEBHOOK"] as const;

/** Every operator action the audit log names: the console's and the command line's. */
export const AUDIT_ACTIONS = [
  "person.sign_out",
  "person.sign_out_all",
  "person.lock",
  "person.unlock",
  "person.reset_2fa",
  "person.add_second_factor",
  "person.resend_verification",
  "person.adjust_balance",
  "person.set_require_2fa",
  "person.update_info",
  "person.set_scope",
  "person.set_partner",
  "person.set_affiliate",
  "person.set_affiliate_level",
  "person.delete",
  "person.export",
  "outbox.retry",
  "outbox.drop",
  "order.create",
  "order.mark",
  "order.confirm_transfer",
  "payment.check_status",
  "transfer.apply",
  "invoice.issue",
  "invoice.pay",
  "invoice.cancel",
  "packages.import",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = [
  "person",
  "outbox",
  "order",
  "payment",
  "transfer",
  "invoice",
  "packages",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const rowId = text({ min: 1, max: 64 });
const iso = z.iso.datetime();

// People

/** /admin/people/search: `q` is part of an email, phone or name, or a person's exact id. */
export const peopleSearchSchema = listQuerySchema.extend({ q: optionalText(254) });

export const personRowDto = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  fullname: z.string(),
  phone: z.string().nullable(),
  status: z.enum(PERSON_STATUSES),
  scope: z.string().describe("user or admin"),
  two_fa: z.enum(TWO_FA_KINDS).nullable().describe("The second factor that is on, or null"),
  is_partner: z.boolean(),
  created_at: iso,
});
export type PersonRowDto = z.infer<typeof personRowDto>;
export const personPageDto = pageDto(personRowDto);

export const personIdSchema = z.object({ id: rowId });

export const personDetailDto = z.object({
  person: personRowDto.extend({
    country_code: z.string().nullable(),
    language: z.string(),
    timezone: z.string(),
    is_verified: z.boolean().describe("The account's address was proved at sign-up"),
    is_verify_email: z.boolean(),
    is_verify_phone: z.boolean(),
    verify_type: z.string(),
    is_require_2fa: z.boolean(),
    locked_reason: z.string().nullable(),
    deletion_due_at: iso.nullable(),
    last_login_at: iso.nullable(),
    affiliate: z.object({ is_affiliate: z.boolean(), level: z.number().int().nullable() }),
    balances: z.object({ money: z.number(), credit: z.number(), credit_app: z.number(), point: z.number() }),
  }),
  passkeys: z.array(
    z.object({ id: z.string(), name: z.string(), created_at: iso, last_used_at: iso.nullable() }),
  ),
  /** Live sessions: browsers and the products' tokens handed out from them. */
  sessions: z.array(
    z.object({
      id: z.string(),
      app_code: z.string(),
      user_agent: z.string().nullable(),
      browser: z.string(),
      os: z.string(),
      ip: z.string().nullable(),
      created_at: iso,
      last_seen_at: iso,
      is_trusted_device: z.boolean(),
      second_factor: z.string().nullable().describe("totp, sms, backup, passkey, trusted_device or null"),
    }),
  ),
  /** The newest 50 security events. */
  events: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      at: iso,
      ip: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
  /** The newest audit rows about the person: operators' actions, and a second factor added to an operator. */
  audit: z.array(
    z.object({
      id: z.string(),
      at: iso,
      action: z.string(),
      operator: z.string().describe("Who acted: an operator, the command line's name, or the person"),
      ip: z.string().nullable(),
    }),
  ),
});
export type PersonDetailDto = z.infer<typeof personDetailDto>;

/** /admin/people/sign-out: one session, or all of the person's without `session_id`. */
export const signOutPersonSchema = z.object({ id: rowId, session_id: rowId.optional() });
export const signedOutDto = z.object({
  signed_out: z.number().int().describe("Sessions ended, products' tokens handed out from them included"),
  audit_id: z.string(),
});

export const lockPersonSchema = z.object({ id: rowId, reason: text({ min: 1, max: 500 }) });
export const reset2faSchema = z.object({ id: rowId, note: optionalText(500) });

/** A person after an operator's change, and the audit row that recorded it. */
export const personChangedDto = z.object({ person: personRowDto, audit_id: z.string() });
export type PersonChangedDto = z.infer<typeof personChangedDto>;

export const verificationSentDto = z.object({ sent_at: iso, audit_id: z.string() });

/** At most two decimals (12.34, not 12.345), allowing for binary fractions. */
const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A signed amount: whole đồng for money, at most two decimals otherwise, never zero. */
export const adjustBalanceSchema = z
  .object({
    id: rowId,
    kind: z.enum(BALANCE_KINDS),
    amount: z.coerce
      .number({ error: () => MSG.invalidType })
      .refine((n) => Number.isFinite(n) && n !== 0 && Math.abs(n) <= 1e12, { message: MSG.invalidType }),
    note: text({ min: 1, max: 500 }),
  })
  .refine((v) => (v.kind === "money" ? Number.isInteger(v.amount) : hasCents(v.amount)), {
    message: MSG.invalidType,
    path: ["amount"],
  });
export type AdjustBalanceInput = z.input<typeof adjustBalanceSchema>;

export const balanceAdjustedDto = z.object({
  kind: z.enum(BALANCE_KINDS),
  amount: z.number(),
  balance: z.number().describe("The balance after the change"),
  reference_no: z.string().describe("The reference of the log row written"),
  audit_id: z.string(),
});
export type BalanceAdjustedDto = z.infer<typeof balanceAdjustedDto>;

// The outbox

export const outboxListSchema = listQuerySchema.extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  app: optionalText(64),
});

export const outboxRowDto = z.object({
  _id: z.string(),
  id: z.string(),
  kind: z.string().describe("event, message or data_export"),
  channel: z.string().describe("EMAIL, SMS or ZNS for a message; WEBHOOK for a product event"),
  app: z.string().nullable().describe("A product event's app code"),
  to: z.string().nullable().describe("A message's address, masked; null once delivered"),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: iso,
  created_at: iso,
  done_at: iso.nullable(),
});
export type OutboxRowDto = z.infer<typeof outboxRowDto>;
export const outboxPageDto = pageDto(outboxRowDto);

export const outboxIdSchema = z.object({ id: text({ min: 1, max: 100 }) });
export const outboxRetriedDto = z.object({ row: outboxRowDto, audit_id: z.string() });
export const outboxDroppedDto = z.object({ id: z.string(), audit_id: z.string() });

// The audit log

/** /admin/audit/list: `operator` is part of the operator's name or their exact account id. */
export const auditListSchema = listQuerySchema.extend({
  operator: optionalText(254),
  action: z.enum(AUDIT_ACTIONS).optional(),
  target_id: optionalText(100),
});

export const auditRowDto = z.object({
  _id: z.string(),
  id: z.string(),
  at: iso,
  operator_id: z.string().nullable().describe("The operator's account; null for the command line"),
  operator: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable().describe("The changed fields before; never a secret"),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
});
export type AuditRowDto = z.infer<typeof auditRowDto>;
export const auditPageDto = pageDto(auditRowDto);
