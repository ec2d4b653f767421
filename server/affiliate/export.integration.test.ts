// The affiliate's CSV downloads through their real route handlers: a customer's email that would
// start a spreadsheet formula is written inert, and an invoice counts its commissions.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as commissionExport } from "@/app/(account)/commission/export/route";
import { GET as invoiceExport } from "@/app/(account)/invoice/export/route";
import { env } from "@/lib/env";
import { setAffiliateStatus } from "@/server/admin/service";
import { getDb } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { issueInvoices } from "@/server/invoice/service";
import { transitionOrder } from "@/server/order/state";
import { recordReferral } from "@/server/referral/service";
import { configureProducts, productCreatesOrder, signIn } from "@/tests/factories/commerce";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";

beforeAll(() => configureProducts());

/** A GET of a download as the signed-in browser makes it: the CSV's rows, the BOM checked. */
async function download(
  handler: (request: Request) => Promise<Response>,
  path: string,
  cookie: string,
  lang = "en",
) {
  // The page's language (LANGUAGE cookie, the first one read) names the columns and the statuses.
  const response = await handler(
    new Request(`http://portal.test${path}`, { headers: { cookie: `LANGUAGE=${lang}; ${cookie}` } }),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  // No cell here holds a comma, a quote or a line break: a plain split reads it.
  const [header = [], ...rows] = bytes
    .subarray(3)
    .toString("utf8")
    .trimEnd()
    .split("\n")
    .map((line) => line.split(","));
  return { header, rows, column: (name: string) => rows.map((row) => row[header.indexOf(name)]) };
}

/** `customer` buys `lines` lines and the order is paid: one commission per line for its affiliate. */
async function paidOrder(customer: UserRow, lines: number) {
  const created = await productCreatesOrder(customer, {
    lines: Array.from({ length: lines }, (_, i) => ({
      store_id: `csv-store-${customer.id}-${i}`,
      store_name: `Shop ${i}`,
      package_code: "PRO",
      months: 1,
    })),
  });
  expect(created.body.code).toBe(200);
  const db = await getDb();
  const paid = await transitionOrder(
    { db, env: env(), now: new Date() },
    { orderId: created.body.data.order_id, to: "PAID", actor: "test" },
  );
  expect(paid.changed).toBe(true);
}

describe("CSV exports", () => {
  let cookie: string;

  beforeAll(async () => {
    const db = await getDb();
    const clock = () => new Date();
    const affiliate = await createUser();
    await setAffiliateStatus(db, affiliate.email, true);
    // Emails a probe signed up with: a spreadsheet reads both as formulas.
    const suffix = Math.random().toString(36).slice(2, 8);
    for (const [email, lines] of [
      [`-2+3${suffix}@example.test`, 5],
      [`+2+3${suffix}@example.test`, 3],
    ] as const) {
      const customer = await createUser({ email });
      await recordReferral({ db, clock }, customer.id, { referral_id: affiliate.code });
      await paidOrder(customer, lines);
    }
    cookie = await signIn(affiliate);
  });

  it("/commission/export writes an email that starts a formula with a leading ' and amounts as numbers", async () => {
    const csv = await download(commissionExport, "/commission/export", cookie);
    expect(csv.header[0]).toBe("Customer email");
    expect(csv.rows).toHaveLength(8);
    const emails = new Set(csv.column("Customer email"));
    expect([...emails].sort()).toEqual([
      expect.stringMatching(/^'\+2\+3[a-z0-9]+@example\.test$/),
      expect.stringMatching(/^'-2\+3[a-z0-9]+@example\.test$/),
    ]);
    for (const amount of csv.column("Commission amount (VND)")) expect(amount).toMatch(/^\d+$/);
  });

  it("/invoice/export and the invoice list count an invoice's 8 commissions", async () => {
    const month = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);
    await issueInvoices(await getDb(), month, new Date());
    const csv = await download(invoiceExport, "/invoice/export", cookie);
    expect(csv.rows).toHaveLength(1);
    expect(csv.column("Month")).toEqual([month]);
    expect(csv.column("Commissions")).toEqual(["8"]);
    const list = await call<{ items: { commission_count: number }[] }>("/invoice/my-invoice", {}, { cookie });
    expect(list.body.data.items.map((i) => i.commission_count)).toEqual([8]);
  });

  // First impression 4: the download speaks the person's language, like the list it comes from.
  it("/commission/export names its columns, types and statuses in the page's language (en, vi)", async () => {
    const en = await download(commissionExport, "/commission/export", cookie, "en");
    expect(en.header).toEqual([
      "Customer email",
      "Invoice date",
      "Created date",
      "Order reference",
      "Order amount (VND)",
      "Commission amount (VND)",
      "Rate (%)",
      "Level",
      "Type",
      "Program",
      "Status",
    ]);
    expect(new Set(en.column("Type"))).toEqual(new Set(["Affiliate"]));
    expect(new Set(en.column("Program"))).toEqual(new Set(["Affiliate"]));
    for (const status of en.column("Status")) expect(["Not invoiced", "Invoiced"]).toContain(status);

    const vi = await download(commissionExport, "/commission/export", cookie, "vi");
    expect(vi.header).toEqual([
      "Email khách hàng",
      "Ngày xuất hóa đơn",
      "Ngày tạo",
      "Mã đơn hàng",
      "Giá trị đơn hàng (VND)",
      "Tiền hoa hồng (VND)",
      "Tỷ lệ (%)",
      "Cấp",
      "Loại",
      "Chương trình",
      "Trạng thái",
    ]);
    expect(vi.rows).toHaveLength(en.rows.length);
    // The same rows: only the words change; amounts stay plain numbers and the formula guard stays.
    expect(vi.column("Tiền hoa hồng (VND)")).toEqual(en.column("Commission amount (VND)"));
    expect(vi.column("Email khách hàng").every((email) => email?.startsWith("'"))).toBe(true);
    for (const status of vi.column("Trạng thái"))
      expect(["Chưa xuất hóa đơn", "Đã xuất hóa đơn"]).toContain(status);
  });

  it("/invoice/export names its columns and statuses in the page's language", async () => {
    const vi = await download(invoiceExport, "/invoice/export", cookie, "vi");
    expect(vi.header).toEqual([
      "Mã hóa đơn",
      "Tháng",
      "Tổng tiền (VND)",
      "Ngày tạo",
      "Ngày thanh toán",
      "Trạng thái",
      "Số hoa hồng",
    ]);
    const en = await download(invoiceExport, "/invoice/export", cookie, "en");
    expect(en.header[0]).toBe("Invoice ID");
    expect(en.rows.length).toBe(vi.rows.length);
  });
});

// Issue 37, item 8: every character a spreadsheet starts a formula with (or strips before one),
// through the real download. The email column is the one a customer writes.
describe("CSV exports: each formula start is written inert", () => {
  let cookie: string;
  const suffix = Math.random().toString(36).slice(2, 8);
  const emails = {
    "=": `=1+2${suffix}@example.test`,
    "+": `+1+2${suffix}@example.test`,
    "-": `-1+2${suffix}@example.test`,
    "@": `@sum(1+2)${suffix}@example.test`,
    tab: `\t=1+2${suffix}@example.test`,
    "carriage return": `\r=1+2${suffix}@example.test`,
  };

  beforeAll(async () => {
    const db = await getDb();
    const affiliate = await createUser();
    await setAffiliateStatus(db, affiliate.email, true);
    for (const email of Object.values(emails)) {
      const customer = await createUser({ email });
      await recordReferral({ db, clock: () => new Date() }, customer.id, { referral_id: affiliate.code });
      await paidOrder(customer, 1);
    }
    cookie = await signIn(affiliate);
  });

  it.each(Object.entries(emails))("an email starting with %s gets a leading '", async (_, email) => {
    const response = await commissionExport(
      new Request("http://portal.test/commission/export", { headers: { cookie: `LANGUAGE=en; ${cookie}` } }),
    );
    const text = Buffer.from(await response.arrayBuffer()).toString("utf8");
    // csv-stringify quotes a cell holding a carriage return; the others are written bare.
    const cell = email.includes("\r") ? `"'${email}"` : `'${email}`;
    expect(text).toContain(`\n${cell},`);
    expect(text).not.toMatch(new RegExp(`[\\n,"]${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });
});
