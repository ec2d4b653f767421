import "server-only";
import type { CreditLogType } from "@/server/balance/schema";
import { adjustBalanceIn } from "@/server/balance/service";
import { forgetCachedSessions } from "@/server/session/service";
import { type OperatorCtx, recordAudit } from "./audit";
import { personToChange } from "./people";
import type { BalanceAdjustedDto, BalanceKind } from "./schema";

// An operator's change to a person's points, credit or money (/admin/people/adjust-balance and the
// command line's add-* commands), with its log row and its audit row in one transaction.

/** The credit-log type of an operator's change: an addition as the command line always wrote it, or a deduction. */
function logTypeOf(kind: Exclude<BalanceKind, "point">, amount: number): CreditLogType {
  if (amount < 0) return "ADMIN_DEDUCT";
  return kind === "credit" ? "ADMIN_ADD" : kind === "credit_app" ? "APP_DEPOSIT" : "MONEY_ADD";
}

/**
 * /admin/people/adjust-balance (and `add-*` of the command line): adds to or takes from a balance,
 * writing its log row with the operator's note, the balance never below zero.
 */
export async function adjustPersonBalance(
  ctx: OperatorCtx,
  input: { id: string; kind: BalanceKind; amount: number; note?: string },
): Promise<BalanceAdjustedDto> {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await personToChange(tx, input.id);
    const moved = await adjustBalanceIn(tx, {
      userId: user.id,
      balance: input.kind,
      amount: input.amount,
      type: input.kind === "point" ? undefined : logTypeOf(input.kind, input.amount),
      note: input.note || undefined,
      now: ctx.clock(),
    });
    // The balance moved in one statement: what it was is what it is less the change.
    const before =
      input.kind === "money" ? moved.balance - input.amount : round2(moved.balance - input.amount);
    const auditId = await recordAudit(tx, ctx, {
      action: "person.adjust_balance",
      targetType: "person",
      targetId: user.id,
      before: { [input.kind]: before },
      after: { [input.kind]: moved.balance, reference_no: moved.referenceNo },
      note: input.note,
    });
    return {
      kind: input.kind,
      amount: input.amount,
      balance: moved.balance,
      reference_no: moved.referenceNo,
      audit_id: auditId,
    };
  });
  await forgetCachedSessions({ userId: input.id });
  return result;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
