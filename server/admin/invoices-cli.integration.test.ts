// Issue 24: /invoice/list-invoice answers an operator (the admin scope, the second factor proved)
// every affiliate's invoices, by person, and anyone else their own; and `npm run admin -- invoices
// issue|pay|cancel` goes through the console's services, each with its audit row.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { registry } from "@/server/registry";
import { signIn } from "@/tests/factories/commerce";
import { freshMonth, monthOfCommissions } from "@/tests/factories/commissions";
import { adminWithoutSecondFactor, reauthenticate, signedInOperator } from "@/tests/factories/operator";
import { call } from "@/tests/setup/api";
import { cliOperator } from "./audit";
import { invoicesCancel, invoicesIssue, invoicesPay } from "./commerce";

type Invoice = Record<string, unknown> & { _id: string; status: string; email?: string; user_id?: string };
type Issued = { invoices: { id: string; affiliate_id: string }[] };

async function ok<T>(path: string, body: Record<string, unknown>, cookie: string): Promise<T> {
  const res = await call<T>(path, body, { cookie });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  const parsed = registry[path]?.output?.safeParse(res.body.data);
  expect(parsed?.success, parsed?.error ? z.prettifyError(parsed.error) : "").toBe(true);
  expect(parsed?.data).toEqual(res.body.data);
  return res.body.data;
}

const auditAbout = async (targetId: string) =>
  (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);

beforeEach(() => resetLimitsForTests());

describe("/invoice/list-invoice", () => {
  it("answers an operator every affiliate's invoices, by person; anyone else their own", async () => {
    const op = await signedInOperator();
    await reauthenticate(op.cookie);
    const month = freshMonth();
    const { ann, bob } = await monthOfCommissions(month);
    const issued = await ok<Issued>("/admin/invoices/issue", { month }, op.cookie);
    const annInvoice = issued.invoices.find((i) => i.affiliate_id === ann.id)?.id;
    type Listed = { items: Invoice[]; total: number };
    const listed = (body: Record<string, unknown>, cookie: string) =>
      ok<Listed>("/invoice/list-invoice", { limit: 200, ...body }, cookie);

    const every = await listed({}, op.cookie);
    expect(every.items.map((r) => r.email)).toEqual(expect.arrayContaining([ann.email, bob.email]));
    const annOnly = await listed({ person: ann.id }, op.cookie);
    expect(annOnly.items).toEqual([
      {
        _id: annInvoice,
        month,
        total_amount: 150_000,
        status: "PENDING",
        created_at: expect.any(String),
        paid_at: null,
        commission_count: 2,
        user_id: ann.id,
        email: ann.email,
      },
    ]);
    expect((await listed({ person: bob.email }, op.cookie)).items.map((r) => r.user_id)).toEqual([bob.id]);

    // The affiliate: their own, whatever `person` says — the same as /invoice/my-invoice.
    const annCookie = await signIn(ann);
    const own = await listed({ person: bob.id }, annCookie);
    expect(own.items.map((r) => r._id)).toEqual([annInvoice]);
    expect(own.items[0]).not.toHaveProperty("email");
    expect(own).toEqual((await call("/invoice/my-invoice", { limit: 200 }, { cookie: annCookie })).body.data);

    // An admin whose sign-in proved no second factor is answered as a person: their own (none).
    const noSecond = await adminWithoutSecondFactor();
    expect(await listed({ person: ann.id }, noSecond.cookie)).toEqual({ items: [], total: 0 });
  });
});

describe("the command line", () => {
  it("issues, pays and cancels through the same services, each with its audit row", async () => {
    const db = await getDb();
    const month = freshMonth();
    const { ann, bob } = await monthOfCommissions(month);
    const carol = cliOperator(db, "carol");
    const issued = await invoicesIssue(carol, month);
    expect(issued.map((i) => [i.affiliate_id, i.total]).sort()).toEqual(
      [
        [ann.id, 150_000],
        [bob.id, 30_000],
      ].sort(),
    );
    expect(await invoicesIssue(db, month)).toEqual([]);
    const annInvoice = issued.find((i) => i.affiliate_id === ann.id)?.id ?? "";
    const bobInvoice = issued.find((i) => i.affiliate_id === bob.id)?.id ?? "";
    expect(await invoicesPay(carol, annInvoice, "2041-04-01")).toMatchObject({
      status: "PAID",
      paid_at: "2041-04-01T05:00:00.000Z",
    });
    expect(await invoicesCancel(cliOperator(db, "dave"), bobInvoice, "Duplicate")).toMatchObject({
      status: "CANCEL",
      note: "Duplicate",
    });
    await expect(invoicesPay(carol, bobInvoice)).rejects.toMatchObject({ code: "INVOICE_NOT_PENDING" });

    const rows = [
      ...(await auditAbout(month)),
      ...(await auditAbout(annInvoice)),
      ...(await auditAbout(bobInvoice)),
    ];
    expect(rows.map((r) => [r.action, r.operator, r.operatorId, r.ip])).toEqual([
      ["invoice.issue", "carol", null, null],
      ["invoice.issue", expect.stringMatching(/^cli:/), null, null],
      ["invoice.pay", "carol", null, null],
      ["invoice.cancel", "dave", null, null],
    ]);
    expect(rows[2]).toMatchObject({
      before: { status: "PENDING", paid_at: null },
      after: { status: "PAID", paid_at: "2041-04-01T05:00:00.000Z" },
    });
  });
});
