// Issue 37, finding 4: the audit log keeps THAT a person's free text (bank details, name) changed,
// never the text, and erasing an account scrubs the personal data of the audit rows about that
// person while keeping who did what, on which account id, and when. The log stays append-only
// for everything else.
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { sweepDueDeletions } from "@/server/account-deletion/service";
import { getDb } from "@/server/db/client";
import { type AuditRow, auditLog } from "@/server/db/tables/audit";
import { affiliates } from "@/server/db/tables/balances";
import { users } from "@/server/db/tables/users";
import { reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import type { AuditRowDto } from "./schema";

type Data = Record<string, unknown> & { error?: string };
const DAY = 86_400_000;

beforeEach(() => resetLimitsForTests());

async function ok<T = Data>(path: string, body: Record<string, unknown>, cookie: string): Promise<T> {
  const res = await call<T>(path, body, { cookie });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body).slice(0, 500)}`).toBe(200);
  return res.body.data;
}

async function auditRowsOf(targetId: string): Promise<AuditRow[]> {
  return (await getDb())
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(auditLog.at, auditLog.id);
}

/** What the console's audit screen reads about the person (every row, newest first). */
async function consoleAudit(cookie: string, targetId: string): Promise<AuditRowDto[]> {
  const page = await ok<{ items: AuditRowDto[] }>(
    "/admin/audit/list",
    { target_id: targetId, limit: 100 },
    cookie,
  );
  return page.items;
}

describe("the audit log and a person's free text", () => {
  it("an operator's /affilate/create and /affilate/update keep that the bank details changed, not them", async () => {
    const { cookie } = await signedInOperator();
    await reauthenticate(cookie);
    const person = await createUser();
    await ok(
      "/affilate/create",
      { user_id: person.id, payment_info: "Vietcombank 0071000123456 NGUYEN VAN A" },
      cookie,
    );
    await ok("/affilate/update", { user_id: person.id, payment_info: "ACB 99887766 Tran Thi B" }, cookie);
    // The record itself keeps the details: the person and the payouts need them.
    const [record] = await (await getDb()).select().from(affiliates).where(eq(affiliates.userId, person.id));
    expect(record?.paymentInfo).toBe("ACB 99887766 Tran Thi B");

    const rows = await auditRowsOf(person.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        "person.set_affiliate",
        { is_affiliate: false, level: null, payment_info: null },
        { is_affiliate: true, level: 1, payment_info: "changed" },
      ],
      ["person.set_affiliate", { payment_info: "set" }, { payment_info: "changed" }],
    ]);
    const seen = JSON.stringify([rows, await consoleAudit(cookie, person.id)]);
    for (const text of ["0071000123456", "Vietcombank", "NGUYEN", "99887766", "Tran Thi"]) {
      expect(seen).not.toContain(text);
    }
  });
});

describe("erasing an account and the audit rows about the person", () => {
  it("keeps who did what and when on the account's id, and none of the person's data", async () => {
    const { user: operator, cookie } = await signedInOperator();
    await reauthenticate(cookie);
    const person = await createUser({ fullname: "Lê Thị Xoá", phone: "0912345678" });
    const db = await getDb();
    // A row of the kind written before issue 37: the bank details in clear.
    await db.insert(auditLog).values({
      id: newId(),
      at: new Date(Date.now() - DAY),
      operatorId: operator.id,
      operator: operator.email,
      ip: "10.9.9.9",
      action: "person.set_affiliate",
      targetType: "person",
      targetId: person.id,
      before: { is_affiliate: false, level: null, payment_info: null },
      after: { is_affiliate: true, level: 1, payment_info: "Techcombank 1903555777 LE THI XOA" },
      note: null,
    });
    await ok(
      "/user/update-info",
      {
        id: person.id,
        fullname: "Lê Thị Mới",
        phone: "0987654321",
        note: "Ticket 9: she called from 0911222333",
      },
      cookie,
    );
    await ok(
      "/admin/people/adjust-balance",
      { id: person.id, kind: "money", amount: 50_000, note: "Refund to Lê Thị Mới" },
      cookie,
    );
    await ok("/admin/people/lock", { id: person.id, reason: "Card 4111 1111 of Lê Thị disputed" }, cookie);
    await ok("/admin/people/delete", { id: person.id, note: "Her email lethixoa@example.com asked" }, cookie);
    const before = await auditRowsOf(person.id);
    expect(before.map((r) => r.action)).toEqual([
      "person.set_affiliate",
      "person.update_info",
      "person.adjust_balance",
      "person.lock",
      "person.delete",
    ]);

    // Past the grace period the sweep erases the account and, in the same transaction, the rows.
    expect(await sweepDueDeletions(db, new Date(Date.now() + 60 * DAY))).toBeGreaterThanOrEqual(1);
    const [erased] = await db.select().from(users).where(eq(users.id, person.id));
    expect(erased?.status).toBe("DELETED");

    const after = await auditRowsOf(person.id);
    // Who, from where, what, on which account and when: as they were.
    const frame = (r: AuditRow) => [
      r.id,
      r.at.toISOString(),
      r.operatorId,
      r.operator,
      r.ip,
      r.action,
      r.targetType,
      r.targetId,
    ];
    expect(after.map(frame)).toEqual(before.map(frame));
    expect(after.every((r) => r.operatorId === operator.id && r.operator === operator.email)).toBe(true);
    // Which fields changed stays; what told who the person was does not.
    expect(after.map((r) => [r.action, r.before, r.after, r.note])).toEqual([
      [
        "person.set_affiliate",
        { is_affiliate: false, level: null, payment_info: null },
        { is_affiliate: true, level: 1, payment_info: "erased" },
        null,
      ],
      [
        "person.update_info",
        expect.objectContaining({ fullname: "erased", phone: "erased" }),
        expect.objectContaining({ fullname: "erased", phone: "erased" }),
        "erased",
      ],
      [
        "person.adjust_balance",
        { money: 0 },
        { money: 50_000, reference_no: before[2]?.after?.reference_no },
        "erased",
      ],
      [
        "person.lock",
        expect.objectContaining({ status: "ACTIVE", locked_reason: null }),
        expect.objectContaining({ status: "LOCKED", locked_reason: "erased" }),
        null,
      ],
      [
        "person.delete",
        expect.objectContaining({ status: "LOCKED" }),
        expect.objectContaining({ status: "DELETION_PENDING" }),
        "erased",
      ],
    ]);
    const seen = JSON.stringify([after, await consoleAudit(cookie, person.id)]);
    for (const text of [
      "Techcombank",
      "1903555777",
      "Lê Thị",
      "0912345678",
      "0987654321",
      "0911222333",
      "4111",
      "lethixoa",
      person.email,
    ]) {
      expect(seen).not.toContain(text);
    }
  });

  it("refuses any other change: a live person's row, a deleted person's row outside an erasure, a deletion", async () => {
    const { cookie } = await signedInOperator();
    await reauthenticate(cookie);
    const person = await createUser();
    await ok("/user/update-info", { id: person.id, fullname: "Someone Else" }, cookie);
    const [row] = await auditRowsOf(person.id);
    if (!row) throw new Error("no audit row");
    const db = await getDb();
    const rewrite = () => db.update(auditLog).set({ note: "rewritten" }).where(eq(auditLog.id, row.id));
    await expect(rewrite()).rejects.toThrow();
    // Even naming the person as an erasure does, while the account is not erased.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('portal.audit_erasure', ${person.id}, true)`);
        await tx.update(auditLog).set({ note: "rewritten" }).where(eq(auditLog.id, row.id));
      }),
    ).rejects.toThrow();
    await db.update(users).set({ status: "DELETED" }).where(eq(users.id, person.id));
    await expect(rewrite()).rejects.toThrow();
    // An erasure's transaction may not move the row's time, action or actor either.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('portal.audit_erasure', ${person.id}, true)`);
        await tx
          .update(auditLog)
          .set({ operator: "someone-else" })
          .where(and(eq(auditLog.id, row.id), eq(auditLog.targetId, person.id)));
      }),
    ).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
    expect(await auditRowsOf(person.id)).toEqual([row]);
  });
});
