import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { listRange, type Page } from "@/lib/list-query";
import { type Ctx, type PersonCtx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import { forgetCachedSessions } from "@/server/session/service";
import { myAffiliateInfo } from "@/server/user/affiliate";
import type { AffiliateInfoDto } from "@/server/user/schema";
import { setAffiliate, updateAffiliate } from "@/server/user/service";
import { changedFields, type OperatorCtx, recordAudit } from "./audit";
import { personToChange } from "./people";
import { type AffiliateSummaryRow, findAffiliateSummaries } from "./programme-repository";
import type {
  AffiliateRowDto,
  affiliateListSchema,
  affiliateRecordSchema,
  setAffiliateLevelSchema,
} from "./programme-schema";
import { findAffiliateLevel } from "./repository";

// The operator console's affiliates (/admin/affiliates) and DESIGN §13's operator reading of
// /affilate/create and /affilate/update: one set of services, each change with its audit row.

function toAffiliateRow(row: AffiliateSummaryRow): AffiliateRowDto {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    fullname: row.fullname,
    code: row.code,
    level: Number(row.level),
    joined_at: row.joinedAt.toISOString(),
    customers: row.customers,
    paying_customers: row.payingCustomers,
    earned: Number(row.earned),
    unpaid: Number(row.unpaid),
    invoiced: Number(row.invoiced),
    paid: Number(row.paid),
  };
}

/** /admin/affiliates/list: newest first, by part of an email or name, a code, the level and days. */
export async function listAffiliates(
  ctx: Ctx,
  input: z.output<typeof affiliateListSchema>,
): Promise<Page<AffiliateRowDto>> {
  const { user } = requireAuth(ctx);
  const found = await findAffiliateSummaries(ctx.db, {
    q: input.q || undefined,
    level: input.level,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map(toAffiliateRow), total: found.total };
}

async function affiliateRow(db: Executor, id: string): Promise<AffiliateRowDto> {
  const [row] = (await findAffiliateSummaries(db, { id, limit: 1, offset: 0 })).items;
  if (!row) throw new AppError("NOT_AFFILIATE");
  return toAffiliateRow(row);
}

/**
 * /admin/affiliates/set-level: the row of AFFILIATE_LEVEL_RATES the affiliate's commissions are
 * paid at from now on (commissions already earned keep their rate).
 */
export async function setAffiliateLevelOf(
  ctx: OperatorCtx,
  input: z.output<typeof setAffiliateLevelSchema>,
): Promise<{ affiliate: AffiliateRowDto; audit_id: string }> {
  return ctx.db.transaction(async (tx) => {
    const person = await personToChange(tx, input.id);
    const before = await findAffiliateLevel(tx, person.id);
    if (before === undefined) throw new AppError("NOT_AFFILIATE");
    await updateAffiliate({ db: tx }, person.id, { level: String(input.level) });
    const auditId = await recordAudit(tx, ctx, {
      action: "person.set_affiliate_level",
      targetType: "person",
      targetId: person.id,
      ...changedFields({ level: Number(before) }, { level: input.level }),
      note: input.note,
    });
    return { affiliate: await affiliateRow(tx, person.id), audit_id: auditId };
  });
}

type AffiliateInfo = AffiliateInfoDto["affilateInfo"];

/**
 * What the audit compares of an affiliate record. Who changed the payment details matters, not
 * what they say: the audit row keeps only that they changed (PERSONAL_TEXT_FIELDS in ./audit.ts).
 */
const recordFields = (info: AffiliateInfo) => ({
  is_affiliate: info !== null,
  level: info?.level ?? null,
  payment_info: info?.payment_info ?? null,
});

/**
 * DESIGN §13, /affilate/create and /affilate/update from an operator: the affiliate record of the
 * person `user_id` names — `create` puts them in the programme (level 1 unless `level` says),
 * `update` changes the record of someone already in it — with their payment information. One
 * audit row (person.set_affiliate); the answer is what /affilate/my-affilate-info tells that person.
 */
export async function saveAffiliateRecord(
  ctx: Ctx,
  operator: OperatorCtx,
  input: z.output<typeof affiliateRecordSchema> & { user_id: string },
  mode: "create" | "update",
): Promise<AffiliateInfoDto> {
  const saved = await ctx.db.transaction(async (tx) => {
    const person = await personToChange(tx, input.user_id);
    const theirs: PersonCtx = {
      db: tx,
      env: ctx.env,
      clock: ctx.clock,
      lang: ctx.lang,
      t: ctx.t,
      origin: ctx.origin,
      auth: { user: person },
    };
    const before = (await myAffiliateInfo(theirs)).affilateInfo;
    if (mode === "update" && !before) throw new AppError("NOT_AFFILIATE");
    if (mode === "create") await setAffiliate({ db: tx }, person.id, true);
    await updateAffiliate({ db: tx }, person.id, {
      paymentInfo: input.payment_info,
      ...(input.level !== undefined && { level: String(input.level) }),
    });
    const after = await myAffiliateInfo(theirs);
    await recordAudit(tx, operator, {
      action: "person.set_affiliate",
      targetType: "person",
      targetId: person.id,
      ...changedFields(recordFields(before), recordFields(after.affilateInfo)),
    });
    return after;
  });
  await forgetCachedSessions({ userId: input.user_id });
  return saved;
}
