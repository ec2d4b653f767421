import "server-only";
import { userInfo } from "node:os";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { listRange, type Page } from "@/lib/list-query";
import { type Ctx, requireAuth } from "@/server/context";
import type { Db, Executor } from "@/server/db/client";
import type { AuditRow } from "@/server/db/tables/audit";
import {
  type ErasedAuditValues,
  findAuditPage,
  findAuditRowsAboutPerson,
  insertAudit,
  rewriteErasedAuditRows,
} from "./repository";
import type { AuditAction, AuditRowDto, AuditTargetType, auditListSchema } from "./schema";

// DESIGN §13: every operator action, from the console or `npm run admin`, goes through the
// services of this folder and writes one audit row: who, when, from where, what, on whom, and the
// changed fields before and after. The row is written in the action's own transaction.

/** Who acts: an operator's account (the console), or the name the command line was given. */
export type Operator = { id: string | null; name: string; ip: string | null };

/** What an operator's service needs: the database, the clock, the request's address and agent, who. */
export type OperatorCtx = Pick<Ctx, "db" | "clock" | "ip" | "userAgent"> & { operator: Operator };

/** The console's operator: the signed-in admin (auth mode "admin"), by email, from the request's address. */
export function consoleOperator(ctx: Ctx): OperatorCtx {
  const { user } = requireAuth(ctx);
  return {
    db: ctx.db,
    clock: ctx.clock,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    operator: { id: user.id, name: user.email, ip: ctx.ip },
  };
}

/** The command line's operator: `--by NAME`, else `cli:<the OS user>` (scripts/admin.ts). */
export function cliOperator(db: Db, name?: string): OperatorCtx {
  return {
    db,
    clock: () => new Date(),
    ip: "operator",
    userAgent: "npm run admin",
    operator: { id: null, name: name?.trim() || `cli:${userInfo().username}`, ip: null },
  };
}

/**
 * OPERATOR_OWN_ACCOUNT when an operator would lock, delete, demote or reset the second factor of
 * their own account (issue 37): it shuts them out of the console, or lowers its guard, with no
 * second operator's say. The command line acts as no account, so it is never refused here.
 */
export function refuseOwnAccount(ctx: OperatorCtx, personId: string): void {
  if (ctx.operator.id !== null && ctx.operator.id === personId) throw new AppError("OPERATOR_OWN_ACCOUNT");
}

/** A command-line service's first argument: an operator, or a bare database acting as `cli:<the OS user>`. */
export function asOperator(from: Db | OperatorCtx): OperatorCtx {
  return "operator" in from ? from : cliOperator(from);
}

type Fields = Record<string, unknown>;

/**
 * The fields whose values differ, as they were and as they are; a field only one side has (a
 * log row's reference) stays on that side. An action that changed nothing keeps both empty.
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const was: Fields = {};
  const is: Fields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) was[key] = before[key];
    if (key in after) is[key] = after[key];
  }
  return { before: was, after: is };
}

/**
 * The person's own free text that the audit log never copies (issue 37): their bank details
 * (`payment_info`, the affiliate's payment information) and their name. A row keeps THAT it
 * changed — `"set"` where there was a text before, `"changed"` where there is one after — and an
 * empty value as it was, which says nothing. A marker rather than a keyed hash: a bank account or
 * a name is guessable, so anyone holding the key could test guesses against a hash, and a hash
 * would itself be personal data to erase; what the log must answer is who changed it, and when.
 */
export const PERSONAL_TEXT_FIELDS: ReadonlySet<string> = new Set(["payment_info", "fullname"]);

const hasText = (value: unknown) => value !== null && value !== undefined && value !== "";

function withoutPersonalText(fields: Fields | null | undefined, marker: "set" | "changed") {
  if (!fields) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      PERSONAL_TEXT_FIELDS.has(key) && hasText(value) ? marker : value,
    ]),
  );
}

/** Field names that could carry a secret: the audit log refuses them rather than keep one. */
const SECRET_FIELD = /secret|hash|password|token|otp/i;

function assertNoSecrets(fields: Fields | null | undefined): void {
  for (const key of Object.keys(fields ?? {})) {
    if (SECRET_FIELD.test(key)) throw new Error(`audit fields must not carry secrets: ${key}`);
  }
}

export type AuditEntry = {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  before?: Fields | null;
  after?: Fields | null;
  note?: string | null;
};

/** Writes the action's audit row with `db` (the action's transaction); answers its id. */
export async function recordAudit(db: Executor, ctx: OperatorCtx, entry: AuditEntry): Promise<string> {
  assertNoSecrets(entry.before);
  assertNoSecrets(entry.after);
  const row = await insertAudit(db, {
    id: newId(),
    at: ctx.clock(),
    operatorId: ctx.operator.id,
    operator: ctx.operator.name,
    ip: ctx.operator.ip,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: withoutPersonalText(entry.before, "set") ?? null,
    after: withoutPersonalText(entry.after, "changed") ?? null,
    note: entry.note || null,
  });
  return row.id;
}

/**
 * The fields whose values an erasure keeps in the rows about the erased person: the account's
 * state, flags, levels, balances and their references, counts and times — what the anonymous
 * account row keeps too, nothing that tells who they were. Any other value (their name, phone,
 * bank details, an operator's lock reason, rows written before PERSONAL_TEXT_FIELDS included, and
 * fields added later until they are listed here) becomes ERASED: a forgotten field loses a
 * detail, never keeps personal data.
 */
const KEPT_AT_ERASURE: ReadonlySet<string> = new Set([
  "status",
  "scope",
  "is_partner",
  "is_affiliate",
  "level",
  "is_require_2fa",
  "is_verify_phone",
  "language",
  "timezone",
  "two_fa",
  "two_fa_enabled_at",
  "second_factor",
  "passkeys",
  "backup_codes_unused",
  "trusted_devices",
  "live_sessions",
  "verify_mail_sent_at",
  "deletion_due_at",
  "money",
  "credit",
  "credit_app",
  "point",
  "reference_no",
]);

/** What an erased value reads as. */
export const ERASED = "erased";

function erasedFields(fields: Fields | null): Fields | null {
  if (!fields) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      KEPT_AT_ERASURE.has(key) || value === null ? value : ERASED,
    ]),
  );
}

/**
 * Erasure (server/account-deletion, in its transaction `tx`, the account already DELETED): the
 * audit rows whose subject is the person keep who acted, what, on which account id and when, and
 * which fields changed; their personal values and the note become ERASED. On a row the person
 * wrote about themselves (their own second factor) the actor is them: its name becomes the
 * anonymous account's, `operatorName`, and its address goes. Answers how many rows it rewrote.
 */
export async function eraseAuditSubject(
  tx: Executor,
  options: { personId: string; operatorName: string },
): Promise<number> {
  const rows = await findAuditRowsAboutPerson(tx, options.personId);
  const rewritten = rows.map((row) => {
    const isSelf = row.operatorId === options.personId;
    const values: ErasedAuditValues = {
      before: erasedFields(row.before),
      after: erasedFields(row.after),
      note: row.note === null ? null : ERASED,
      operator: isSelf ? options.operatorName : row.operator,
      ip: isSelf ? null : row.ip,
    };
    return { id: row.id, values };
  });
  await rewriteErasedAuditRows(tx, options.personId, rewritten);
  return rewritten.length;
}

function toAuditDto(row: AuditRow): AuditRowDto {
  return {
    _id: row.id,
    id: row.id,
    at: row.at.toISOString(),
    operator_id: row.operatorId,
    operator: row.operator,
    ip: row.ip,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    note: row.note,
  };
}

/** /admin/audit/list: newest first, by operator, action, target and days (the operator's time zone). */
export async function listAudit(
  ctx: Ctx,
  input: z.output<typeof auditListSchema>,
): Promise<Page<AuditRowDto>> {
  const { user } = requireAuth(ctx);
  const found = await findAuditPage(ctx.db, {
    operator: input.operator || undefined,
    action: input.action,
    targetId: input.target_id || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map(toAuditDto), total: found.total };
}
