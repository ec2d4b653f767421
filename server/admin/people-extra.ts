import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Page } from "@/lib/list-query";
import { toLocale } from "@/lib/locales";
import { isValidPhone, normalizePhone } from "@/lib/validation";
import { listCreditLog, listPointLog } from "@/server/balance/service";
import { type Ctx, requireAuth } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import { forgetCachedSessions } from "@/server/session/service";
import { findUserById, updateUser } from "@/server/user/service";
import { changedFields, consoleOperator, type OperatorCtx, recordAudit } from "./audit";
import { personToChange, toPersonRow } from "./people";
import type {
  deletePersonSchema,
  exportPersonSchema,
  PersonBalanceLogRowDto,
  PersonExportDto,
  personBalanceLogsSchema,
  setRequire2faSchema,
  updateInfoSchema,
} from "./people-extra-schema";
import type { PersonChangedDto, PersonRowDto } from "./schema";
import { deleteAccountAsOperator, exportAccountAsOperator, setRequire2fa } from "./service";

// The person page's further actions (issue 24): a balance's log, the data export and the deletion
// the command line also makes (./service.ts), the two-factor requirement, and SPEC §7's
// /user/update-info. Each change writes its one audit row through the same services as the CLI.

/**
 * /admin/people/balance-logs: one balance's log as the person reads it (server/balance), every
 * column a partner sees (reference, customer), the dates filtered by the operator's days.
 */
export async function listPersonBalanceLogs(
  ctx: Ctx,
  input: z.output<typeof personBalanceLogsSchema>,
): Promise<Page<PersonBalanceLogRowDto>> {
  const auth = requireAuth(ctx);
  const person = await findUserById(ctx, input.id);
  if (!person) throw new AppError("PERSON_NOT_FOUND");
  const { id: _id, kind, ...query } = input;
  // The log services read "the signed-in person": here the person the page shows, seen whole.
  const viewer: UserRow = { ...person, isPartner: true, timezone: auth.user.timezone };
  const asPerson: Ctx = { ...ctx, auth: { ...auth, user: viewer } };
  if (kind === "point") {
    const page = await listPointLog(asPerson, query);
    return {
      total: page.total,
      items: page.items.map((row) => ({
        _id: row._id,
        created_at: row.created_at,
        amount: row.point,
        type: null,
        reference_no: row.reference_no,
        description: row.description,
        app_code: null,
        customer_email: null,
      })),
    };
  }
  const page = await listCreditLog(asPerson, { ...query, balance: kind });
  return {
    total: page.total,
    items: page.items.map((row) => ({
      _id: row._id,
      created_at: row.created_at,
      amount: row.credit,
      type: row.type,
      reference_no: row.reference_no,
      description: row.description,
      app_code: row.app_code,
      customer_email: row.affilate_user?.email ?? null,
    })),
  };
}

/**
 * /admin/people/export: the zip the person's own "Download my data" gives (and the command line's
 * export-account), built now whatever its size: the background export emails a link that only
 * the person, signed in, can use, so it cannot serve a support request.
 */
export async function exportPerson(
  ctx: Ctx,
  input: z.output<typeof exportPersonSchema>,
): Promise<PersonExportDto> {
  const person = await personToChange(ctx.db, input.id);
  const file = await exportAccountAsOperator(
    { ...consoleOperator(ctx), env: ctx.env, origin: ctx.origin },
    { email: person.email, lang: input.lang ?? toLocale(person.language) },
  );
  return {
    file_name: file.fileName,
    content_type: "application/zip",
    size: file.bytes.length,
    base64: Buffer.from(file.bytes).toString("base64"),
    audit_id: file.auditId,
  };
}

/**
 * /admin/people/delete: the command line's delete-account: the account is suspended now (every
 * session ended) and erased after the grace period; a sign-in within it can still cancel it.
 */
export async function deletePerson(
  ctx: Ctx,
  input: z.output<typeof deletePersonSchema>,
): Promise<{ person: PersonRowDto; deletion_due_at: string; audit_id: string }> {
  const person = await personToChange(ctx.db, input.id);
  const result = await deleteAccountAsOperator(
    { ...consoleOperator(ctx), env: ctx.env },
    person.email,
    input.note,
  );
  const updated = await findUserById(ctx, person.id);
  return {
    person: toPersonRow(updated ?? person),
    deletion_due_at: result.deletion_due_at,
    audit_id: result.audit_id,
  };
}

/** /admin/people/set-require-2fa: the command line's require-2fa, by the person's id. */
export async function setPersonRequire2fa(
  ctx: Ctx,
  input: z.output<typeof setRequire2faSchema>,
): Promise<{ is_require_2fa: boolean }> {
  const person = await personToChange(ctx.db, input.id);
  const changed = await setRequire2fa(consoleOperator(ctx), person.email, input.required);
  return { is_require_2fa: changed.require_2fa };
}

/** What /user/update-info compares before and after (and the audit row keeps). */
const infoFields = (u: UserRow) => ({
  fullname: u.fullname,
  phone: u.phone,
  country_code: u.countryCode,
  is_verify_phone: u.isVerifyPhone,
  language: u.language,
  timezone: u.timezone,
});

/**
 * /user/update-info (SPEC §7): an operator corrects a person's name, phone, language or time zone.
 * A new number is unverified; a number that receives SMS two-factor codes changes only after a
 * two-factor reset, so a support call alone never redirects those codes.
 */
export async function updatePersonInfo(
  ctx: OperatorCtx,
  input: z.output<typeof updateInfoSchema>,
): Promise<PersonChangedDto> {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await personToChange(tx, input.id);
    const values: Parameters<typeof updateUser>[2] = {};
    if (input.fullname !== undefined) values.fullname = input.fullname;
    if (input.language) values.language = input.language;
    if (input.timezone) values.timezone = input.timezone;
    if (input.phone !== undefined || input.country_code) {
      const country = (input.country_code || user.countryCode || "vn").toLowerCase();
      const raw = input.phone ?? user.phone ?? "";
      if (raw && !isValidPhone(raw, country)) {
        throw new AppError("VALIDATION", { fields: { phone: "VALIDATION.INVALID_PHONE" } });
      }
      const phone = raw ? normalizePhone(raw, country) : null;
      if (phone !== user.phone) {
        if (user.twoFaEnabledAt && user.twoFaType === "SMS") {
          throw new AppError("VALIDATION", { fields: { phone: "admin.person.phoneHoldsSms" } });
        }
        values.phone = phone;
        values.isVerifyPhone = false;
      }
      values.countryCode = country;
    }
    const updated = Object.keys(values).length > 0 ? await updateUser({ db: tx }, user.id, values) : user;
    if (!updated) throw new AppError("PERSON_NOT_FOUND");
    const auditId = await recordAudit(tx, ctx, {
      action: "person.update_info",
      targetType: "person",
      targetId: user.id,
      ...changedFields(infoFields(user), infoFields(updated)),
      note: input.note,
    });
    return { person: toPersonRow(updated), audit_id: auditId };
  });
  await forgetCachedSessions({ userId: input.id });
  return result;
}
