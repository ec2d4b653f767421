import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { dayBound } from "@/lib/format";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { setPartner } from "@/server/admin/service";
import { adjustBalance } from "@/server/balance/service";
import { getDb } from "@/server/db/client";
import { creditLogs, pointLogs } from "@/server/db/tables/balances";
import type { UserRow } from "@/server/db/tables/users";
import { grantVerifyReward, recordReferral } from "@/server/referral/service";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call, lastCode, outbox } from "@/tests/setup/api";
import { signUp } from "@/tests/setup/signup";

type Data = Record<string, unknown> & { error?: string; fields?: Record<string, string> };
type Page<T> = { items: T[]; total: number };
type PointRow = {
  _id: string;
  user_email: string;
  reference_no: string;
  point: number;
  description: string | null;
  created_at: string;
};
type CreditRow = {
  _id: string;
  created_at: string;
  type: string;
  credit: number;
  balance: string;
  reference_no: string | null;
  description: string | null;
  app_code: string | null;
  affilate_user: { email: string } | null;
};
type ReferralRow = {
  _id: string;
  userInfo: { email: string };
  verify_reward: number | null;
  purchased_reward: number | null;
  created_at: string;
};

const LISTS = ["/point/my-point-log", "/partner/my-credit-log", "/referral/my-referral"] as const;
type ListPath = (typeof LISTS)[number];

const TZ = "Asia/Ho_Chi_Minh";
const T0 = Date.parse("2026-01-05T03:00:00.000Z");
const at = (hours: number) => new Date(T0 + hours * 60 * 60 * 1000);

beforeEach(() => {
  resetLimitsForTests();
});

async function signIn(email: string): Promise<string> {
  const res = await call("/auth/signin", { email, password: PASSWORD });
  expect(res.body.code).toBe(200);
  return res.cookie;
}

async function signedIn(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  return { user, cookie: await signIn(user.email) };
}

async function list<T>(apiPath: ListPath, query: Record<string, unknown>, cookie: string) {
  return call<Page<T> & Data>(apiPath, query, { cookie });
}

/**
 * One row of the list `apiPath` for `user` at `now`; returns what identifies it in the answer
 * (credit rows carry their reference only for partners, so they are found by their note).
 */
async function addKeyedRow(apiPath: ListPath, user: UserRow, now: Date): Promise<string> {
  const db = await getDb();
  if (apiPath === "/point/my-point-log") {
    return (await adjustBalance(db, { userId: user.id, balance: "point", amount: 1, now })).referenceNo;
  }
  if (apiPath === "/partner/my-credit-log") {
    const note = `row ${now.toISOString()}`;
    await adjustBalance(db, { userId: user.id, balance: "credit", amount: 1, type: "ADMIN_ADD", note, now });
    return note;
  }
  const referred = await createUser();
  await recordReferral({ db, clock: () => now }, referred.id, { referral_id: user.code });
  return referred.email;
}

/** What addKeyedRow returned, read back from a list item. */
function keyOf(apiPath: ListPath, item: Record<string, unknown>): string {
  if (apiPath === "/referral/my-referral") return (item as ReferralRow).userInfo.email;
  if (apiPath === "/point/my-point-log") return String((item as PointRow).reference_no);
  return String((item as CreditRow).description);
}

async function logCount(userId: string): Promise<{ credit: number; point: number }> {
  const db = await getDb();
  const [credit] = await db.select({ n: count() }).from(creditLogs).where(eq(creditLogs.userId, userId));
  const [point] = await db.select({ n: count() }).from(pointLogs).where(eq(pointLogs.userId, userId));
  return { credit: Number(credit?.n ?? 0), point: Number(point?.n ?? 0) };
}

describe.each(LISTS)("%s", (apiPath) => {
  it("lists newest first, pages by limit/offset with the total, and past the end is empty", async () => {
    const { user, cookie } = await signedIn();
    const keys: string[] = [];
    // Written out of order: the list orders by the time of the row, not by insertion.
    for (const hours of [2, 0, 4, 1, 3]) keys[hours] = await addKeyedRow(apiPath, user, at(hours));
    const newestFirst = [...keys].reverse();

    const all = await list<Record<string, unknown>>(apiPath, {}, cookie);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(5);
    expect(all.body.data.items.map((i) => keyOf(apiPath, i))).toEqual(newestFirst);
    const times = all.body.data.items.map((i) => String(i.created_at));
    expect(times).toEqual([4, 3, 2, 1, 0].map((h) => at(h).toISOString()));

    const first = await list<Record<string, unknown>>(apiPath, { limit: 2, offset: 0 }, cookie);
    expect(first.body.data.items.map((i) => keyOf(apiPath, i))).toEqual(newestFirst.slice(0, 2));
    expect(first.body.data.total).toBe(5);
    const second = await list<Record<string, unknown>>(apiPath, { limit: 2, offset: 2 }, cookie);
    expect(second.body.data.items.map((i) => keyOf(apiPath, i))).toEqual(newestFirst.slice(2, 4));
    const last = await list<Record<string, unknown>>(apiPath, { limit: 2, offset: 4 }, cookie);
    expect(last.body.data.items.map((i) => keyOf(apiPath, i))).toEqual(newestFirst.slice(4));
    expect(last.body.data.total).toBe(5);

    for (const offset of [5, 6, 1000]) {
      const past = await list(apiPath, { limit: 2, offset }, cookie);
      expect(past.status).toBe(200);
      expect(past.body.data.items).toEqual([]);
      expect(past.body.data.total).toBe(5);
    }

    // Numbers may come as strings (a GET-like query).
    const strings = await list<Record<string, unknown>>(apiPath, { limit: "2", offset: "1" }, cookie);
    expect(strings.body.data.items.map((i) => keyOf(apiPath, i))).toEqual(newestFirst.slice(1, 3));
  });

  it("starts at 20 rows and refuses a limit of 0 or 201 and a negative offset", async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < 21; i++) await addKeyedRow(apiPath, user, at(i));
    const page = await list(apiPath, {}, cookie);
    expect(page.body.data.items).toHaveLength(20);
    expect(page.body.data.total).toBe(21);
    expect((await list(apiPath, { limit: 200 }, cookie)).body.data.items).toHaveLength(21);

    for (const query of [{ limit: 0 }, { limit: 201 }, { limit: 1.5 }, { limit: "x" }, { offset: -1 }]) {
      const res = await list(apiPath, query, cookie);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.data.error).toBe("VALIDATION");
      expect(Object.keys(res.body.data.fields ?? {})).toEqual([Object.keys(query)[0]]);
    }
  });

  it("bounds a day in the person's time zone: 00:00:00.000 to 23:59:59.999 inclusive", async () => {
    const from = dayBound("2026-03-10", TZ, "start");
    const to = dayBound("2026-03-10", TZ, "end");
    expect(from.toISOString()).toBe("2026-03-09T17:00:00.000Z");
    expect(to.toISOString()).toBe("2026-03-10T16:59:59.999Z");

    const { user, cookie } = await signedIn();
    const before = await addKeyedRow(apiPath, user, new Date("2026-03-09T16:59:59.999Z"));
    const start = await addKeyedRow(apiPath, user, new Date("2026-03-09T17:00:00.000Z"));
    const end = await addKeyedRow(apiPath, user, new Date("2026-03-10T16:59:59.999Z"));
    const after = await addKeyedRow(apiPath, user, new Date("2026-03-10T17:00:00.000Z"));

    const keys = async (query: Record<string, unknown>) => {
      const res = await list<Record<string, unknown>>(apiPath, query, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(res.body.data.items.length);
      return res.body.data.items.map((i) => keyOf(apiPath, i));
    };

    expect(await keys({ from_date: from.toISOString(), to_date: to.toISOString() })).toEqual([end, start]);
    // The same bounds written with the zone's offset, as a browser in Vietnam may send them.
    expect(
      await keys({ from_date: "2026-03-10T00:00:00.000+07:00", to_date: "2026-03-10T23:59:59.999+07:00" }),
    ).toEqual([end, start]);
    expect(await keys({ from_date: from.toISOString() })).toEqual([after, end, start]);
    expect(await keys({ to_date: to.toISOString() })).toEqual([end, start, before]);
    // The day before holds only the last millisecond before midnight.
    expect(
      await keys({
        from_date: dayBound("2026-03-09", TZ, "start").toISOString(),
        to_date: dayBound("2026-03-09", TZ, "end").toISOString(),
      }),
    ).toEqual([before]);
    // Issue 9: a caller that sends a plain date means that whole day in the person's time zone.
    expect(await keys({ from_date: "2026-03-10", to_date: "2026-03-10" })).toEqual([end, start]);
    expect(await keys({ from_date: "2026-03-10" })).toEqual([after, end, start]);
    expect(await keys({ to_date: "2026-03-09" })).toEqual([before]);
    // A range that ends before it starts is empty, not an error.
    expect(await keys({ from_date: to.toISOString(), to_date: from.toISOString() })).toEqual([]);
  });

  it("refuses a malformed from_date or to_date", async () => {
    const { cookie } = await signedIn();
    for (const [field, value] of [
      ["from_date", "2026-02-30"],
      ["from_date", "not a date"],
      ["from_date", "10/03/2026"],
      ["from_date", "2026-03-10T00:00:00"],
      ["to_date", "2026-13-40T00:00:00Z"],
      ["to_date", 1741564800000],
    ] as const) {
      const res = await list(apiPath, { [field]: value }, cookie);
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.data.fields?.[field], `${field}=${value}`).toBeTruthy();
    }
  });

  it("never shows another person's rows", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const mine = await addKeyedRow(apiPath, me.user, at(1));
    const theirs = await addKeyedRow(apiPath, other.user, at(2));
    const mineList = await list<Record<string, unknown>>(apiPath, {}, me.cookie);
    expect(mineList.body.data.items.map((i) => keyOf(apiPath, i))).toEqual([mine]);
    expect(mineList.body.data.total).toBe(1);
    const theirList = await list<Record<string, unknown>>(apiPath, {}, other.cookie);
    expect(theirList.body.data.items.map((i) => keyOf(apiPath, i))).toEqual([theirs]);
  });

  it("needs a session", async () => {
    expect((await call(apiPath, {})).status).toBe(401);
  });
});

describe("/point/my-point-log rows", () => {
  it("carry the person's email, the reference, signed points and the note", async () => {
    const { user, cookie } = await signedIn();
    const db = await getDb();
    const added = await adjustBalance(db, {
      userId: user.id,
      balance: "point",
      amount: 12.5,
      note: "bonus",
      now: at(0),
    });
    const spent = await adjustBalance(db, { userId: user.id, balance: "point", amount: -2.25, now: at(1) });
    const res = await list<PointRow>("/point/my-point-log", {}, cookie);
    expect(res.body.data.items).toMatchObject([
      { user_email: user.email, reference_no: spent.referenceNo, point: -2.25, description: null },
      { user_email: user.email, reference_no: added.referenceNo, point: 12.5, description: "bonus" },
    ]);
    expect(added.referenceNo).toMatch(/^PT260105[A-Z0-9]{6}$/);
  });
});

// First impression 4: what the system wrote is a key, put in words in the reader's language;
// rows the old code wrote in English read as their key when the sentence is one it wrote.
describe("log descriptions in the reader's language", () => {
  const inLanguage = (cookie: string, lang: string) => `${cookie}; LANGUAGE=${lang}`;

  it("/point/my-point-log: a keyed row and an old English row in vi and en; a note as written", async () => {
    const { user, cookie } = await signedIn();
    const db = await getDb();
    await adjustBalance(db, {
      userId: user.id,
      balance: "point",
      amount: 10,
      reason: { key: "welcomePoints" },
      now: at(0),
    });
    // What the code before the keys wrote: an English sentence in the free-text column.
    await adjustBalance(db, {
      userId: user.id,
      balance: "point",
      amount: 5,
      note: "Referral bonus",
      now: at(1),
    });
    await adjustBalance(db, {
      userId: user.id,
      balance: "point",
      amount: -2,
      note: "Checkout OD260105AAAAAA",
      now: at(2),
    });
    await adjustBalance(db, {
      userId: user.id,
      balance: "point",
      amount: 1,
      note: "thưởng tay từ admin",
      now: at(3),
    });
    const read = async (lang: string) => {
      const res = await list<PointRow & { description_key: string | null }>(
        "/point/my-point-log",
        {},
        inLanguage(cookie, lang),
      );
      expect(res.status).toBe(200);
      return res.body.data.items.map((i) => [i.description, i.description_key]);
    };
    expect(await read("vi")).toEqual([
      ["thưởng tay từ admin", null],
      ["Dùng điểm khi thanh toán đơn hàng OD260105AAAAAA", "checkoutPoints"],
      ["Thưởng giới thiệu", "referralBonus"],
      ["Điểm chào mừng", "welcomePoints"],
    ]);
    expect(await read("en")).toEqual([
      ["thưởng tay từ admin", null],
      ["Points spent at checkout of order OD260105AAAAAA", "checkoutPoints"],
      ["Referral bonus", "referralBonus"],
      ["Welcome points", "welcomePoints"],
    ]);
    // The body's lang wins over the cookie, as for every call.
    const th = await list<PointRow>("/point/my-point-log", { lang: "th" }, inLanguage(cookie, "vi"));
    expect(th.body.data.items.at(-1)?.description).toBe("คะแนนต้อนรับ");
  });

  it("/partner/my-credit-log: a keyed partner order and an old English row in vi and en", async () => {
    const { user, cookie } = await signedIn({ isPartner: true, credit: "50" });
    const db = await getDb();
    await adjustBalance(db, {
      userId: user.id,
      balance: "credit",
      amount: -12,
      type: "USER_BUY_ORDER",
      reason: { key: "partnerOrder", params: { package: "PREMIUM_5", months: 12, store: "Minh Shop" } },
      now: at(0),
    });
    await adjustBalance(db, {
      userId: user.id,
      balance: "credit",
      amount: -3,
      type: "USER_BUY_ORDER",
      note: "PRO 1m for Lan Shop",
      now: at(1),
    });
    await adjustBalance(db, {
      userId: user.id,
      balance: "money",
      amount: 100000,
      type: "MONEY_ADD",
      note: "Bank transfer top-up",
      now: at(2),
    });
    await adjustBalance(db, {
      userId: user.id,
      balance: "credit",
      amount: 7,
      type: "ADMIN_ADD",
      note: "from the operator",
      now: at(3),
    });
    const read = async (lang: string) => {
      const res = await list<CreditRow & { description_key: string | null }>(
        "/partner/my-credit-log",
        {},
        inLanguage(cookie, lang),
      );
      expect(res.status).toBe(200);
      return res.body.data.items.map((i) => [i.description, i.description_key]);
    };
    expect(await read("vi")).toEqual([
      ["from the operator", null],
      ["Nạp tiền bằng chuyển khoản", "bankTopUp"],
      ["Pro, 1 tháng, cho cửa hàng Lan Shop", "partnerOrder"],
      ["Business 3, 12 tháng, cho cửa hàng Minh Shop", "partnerOrder"],
    ]);
    expect(await read("en")).toEqual([
      ["from the operator", null],
      ["Top-up by bank transfer", "bankTopUp"],
      ["Pro, 1 month, for the store Lan Shop", "partnerOrder"],
      ["Business 3, 12 months, for the store Minh Shop", "partnerOrder"],
    ]);
  });

  it("keeps the key and its parameters in the row, not a sentence", async () => {
    const { user } = await signedIn();
    const db = await getDb();
    const { referenceNo } = await adjustBalance(db, {
      userId: user.id,
      balance: "point",
      amount: 3,
      reason: { key: "checkoutPoints", params: { order: "OD1" } },
      now: at(0),
    });
    const [stored] = await db.select().from(pointLogs).where(eq(pointLogs.referenceNo, referenceNo));
    expect(stored).toMatchObject({
      description: null,
      descriptionKey: "checkoutPoints",
      descriptionParams: { order: "OD1" },
    });
  });
});

describe("/partner/my-credit-log types and partner columns", () => {
  /** One row of every SPEC §4 type, in this order in time; returns the user, a customer and the references. */
  async function everyType() {
    const { user, cookie } = await signedIn();
    const customer = await createUser();
    const db = await getDb();
    const rows: [string, Parameters<typeof adjustBalance>[1]["balance"], number, string?][] = [
      ["ADMIN_ADD", "credit", 100],
      ["USER_BUY_ORDER", "credit", -10, customer.id],
      ["APP_DEPOSIT", "credit_app", 50],
      ["APP_PURCHASED", "credit_app", -5],
      ["APP_RENEW_CREDIT", "credit_app", -5],
      ["MONEY_ADD", "money", 100000],
      ["MONEY_PURCHASED", "money", -20000],
    ];
    const refs: Record<string, string> = {};
    for (const [i, [type, balance, amount, customerId]] of rows.entries()) {
      const result = await adjustBalance(db, {
        userId: user.id,
        balance,
        amount,
        type: type as "ADMIN_ADD",
        customerId,
        appCode: type.startsWith("APP_") ? "lp" : undefined,
        note: `${type} note`,
        now: at(i),
      });
      refs[type] = result.referenceNo;
    }
    return { user, cookie, customer, refs, types: rows.map((r) => r[0]) };
  }

  it("filters by each type (only that type) and refuses an unknown one", async () => {
    const { cookie, types } = await everyType();
    const all = await list<CreditRow>("/partner/my-credit-log", {}, cookie);
    expect(all.body.data.items.map((i) => i.type)).toEqual([...types].reverse());
    expect(all.body.data.items.map((i) => i.credit)).toEqual([-20000, 100000, -5, -5, 50, -10, 100]);

    for (const type of types) {
      const res = await list<CreditRow>("/partner/my-credit-log", { type }, cookie);
      expect(res.status, type).toBe(200);
      expect(
        res.body.data.items.map((i) => i.type),
        type,
      ).toEqual([type]);
      expect(res.body.data.total).toBe(1);
    }
    const paged = await list<CreditRow>(
      "/partner/my-credit-log",
      { type: "APP_PURCHASED", offset: 1 },
      cookie,
    );
    expect(paged.body.data).toEqual({ items: [], total: 1 });

    for (const type of ["FOO", "admin_add", "ADMIN_ADD "]) {
      const res = await list("/partner/my-credit-log", { type }, cookie);
      expect(res.status, type).toBe(400);
      expect(res.body.data.fields?.type, type).toBeTruthy();
    }
  });

  it("shows the reference and the customer of an order only to partners", async () => {
    const { user, cookie, customer, refs } = await everyType();
    const plain = await list<CreditRow>("/partner/my-credit-log", {}, cookie);
    for (const item of plain.body.data.items) {
      expect(item.reference_no, item.type).toBeNull();
      expect(item.affilate_user, item.type).toBeNull();
    }

    await setPartner(await getDb(), user.email, true);
    const partner = await list<CreditRow>("/partner/my-credit-log", {}, cookie);
    for (const item of partner.body.data.items) {
      expect(item.reference_no, item.type).toBe(refs[item.type]);
      expect(item.affilate_user, item.type).toEqual(
        item.type === "USER_BUY_ORDER" ? { email: customer.email } : null,
      );
      expect(item.description).toBe(`${item.type} note`);
    }
    const apps = partner.body.data.items.filter((i) => i.app_code === "lp").map((i) => i.type);
    expect(apps.sort()).toEqual(["APP_DEPOSIT", "APP_PURCHASED", "APP_RENEW_CREDIT"]);

    await setPartner(await getDb(), user.email, false);
    const again = await list<CreditRow>("/partner/my-credit-log", {}, cookie);
    expect(again.body.data.items.every((i) => i.reference_no === null)).toBe(true);
  });

  it("a USER_BUY_ORDER without a customer shows no customer, even to partners", async () => {
    const { user, cookie } = await signedIn({ isPartner: true, credit: "5" });
    await adjustBalance(await getDb(), {
      userId: user.id,
      balance: "credit",
      amount: -1,
      type: "USER_BUY_ORDER",
      now: at(0),
    });
    const res = await list<CreditRow>("/partner/my-credit-log", {}, cookie);
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.items[0]?.affilate_user).toBeNull();
    expect(res.body.data.items[0]?.reference_no).toMatch(/^CR/);
  });
});

describe("balances and their log rows", () => {
  it("each change writes exactly one log row, in the list of its balance", async () => {
    const { user, cookie } = await signedIn();
    const db = await getDb();
    let counts = await logCount(user.id);
    expect(counts).toEqual({ credit: 0, point: 0 });

    await adjustBalance(db, { userId: user.id, balance: "point", amount: 3, now: at(0) });
    expect(await logCount(user.id)).toEqual({ credit: 0, point: 1 });
    await adjustBalance(db, { userId: user.id, balance: "credit", amount: 2, type: "ADMIN_ADD", now: at(1) });
    expect(await logCount(user.id)).toEqual({ credit: 1, point: 1 });
    await adjustBalance(db, {
      userId: user.id,
      balance: "money",
      amount: 5000,
      type: "MONEY_ADD",
      now: at(2),
    });
    await adjustBalance(db, {
      userId: user.id,
      balance: "credit_app",
      amount: 1.5,
      type: "APP_DEPOSIT",
      now: at(3),
    });
    counts = await logCount(user.id);
    expect(counts).toEqual({ credit: 3, point: 1 });

    const me = (await call<Record<string, number>>("/auth/userinfo", {}, { cookie })).body.data;
    expect(me).toMatchObject({ point: 3, credit: 2, money: 5000, credit_app: 1.5 });
    expect((await list("/point/my-point-log", {}, cookie)).body.data.total).toBe(1);
    expect((await list("/partner/my-credit-log", {}, cookie)).body.data.total).toBe(3);
  });

  it.each([
    ["point", undefined, 5],
    ["credit", "USER_BUY_ORDER", 5],
    ["credit_app", "APP_PURCHASED", 5],
    ["money", "MONEY_PURCHASED", 5000],
  ] as const)(
    "%s never goes below zero: INSUFFICIENT_BALANCE, nothing written",
    async (balance, spendType, start) => {
      const { user, cookie } = await signedIn();
      const db = await getDb();
      const addType = {
        point: undefined,
        credit: "ADMIN_ADD",
        credit_app: "APP_DEPOSIT",
        money: "MONEY_ADD",
      } as const;
      await adjustBalance(db, {
        userId: user.id,
        balance,
        amount: start,
        type: addType[balance],
        now: at(0),
      });
      const before = await logCount(user.id);

      await expect(
        adjustBalance(db, { userId: user.id, balance, amount: -(start + 1), type: spendType, now: at(1) }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
      expect(await logCount(user.id)).toEqual(before);
      const me = (await call<Record<string, number>>("/auth/userinfo", {}, { cookie })).body.data;
      expect(me[balance]).toBe(start);

      // Spending exactly everything is allowed and lands on zero.
      const all = await adjustBalance(db, {
        userId: user.id,
        balance,
        amount: -start,
        type: spendType,
        now: at(2),
      });
      expect(all.balance).toBe(0);
      const after = await logCount(user.id);
      expect(after.credit + after.point).toBe(before.credit + before.point + 1);
    },
  );

  it("refuses a zero amount, a wrong sign for the type and fractional money", async () => {
    const { user } = await signedIn();
    const db = await getDb();
    const base = { userId: user.id, now: at(0) };
    await expect(adjustBalance(db, { ...base, balance: "point", amount: 0 })).rejects.toMatchObject({
      code: "AMOUNT_INVALID",
    });
    await expect(
      adjustBalance(db, { ...base, balance: "credit", amount: -1, type: "ADMIN_ADD" }),
    ).rejects.toMatchObject({ code: "AMOUNT_INVALID" });
    await expect(
      adjustBalance(db, { ...base, balance: "money", amount: 10.5, type: "MONEY_ADD" }),
    ).rejects.toMatchObject({ code: "AMOUNT_INVALID" });
    await expect(adjustBalance(db, { ...base, balance: "credit", amount: 1 })).rejects.toMatchObject({
      code: "AMOUNT_INVALID",
    });
    expect(await logCount(user.id)).toEqual({ credit: 0, point: 0 });
  });
});

describe("referral verify reward", () => {
  const verifyMailsTo = (to: string) =>
    outbox().filter((m) => m.to === to && (m as { template?: string }).template === "verify_email");

  async function referralsOf(cookie: string) {
    const res = await list<ReferralRow>("/referral/my-referral", {}, cookie);
    expect(res.status).toBe(200);
    return res.body.data.items;
  }

  it("is granted once when the referred account verifies its email by the mailed link", async () => {
    const referrer = await signedIn();
    const referred = await signedIn({ isVerifyEmail: false });
    const db = await getDb();
    await recordReferral({ db, clock: () => at(0) }, referred.user.id, { referral_id: referrer.user.code });

    expect(await referralsOf(referrer.cookie)).toMatchObject([
      { userInfo: { email: referred.user.email }, verify_reward: null, purchased_reward: null },
    ]);

    const sent = await call("/user/send-verify-mail", {}, { cookie: referred.cookie });
    expect(sent.body.code).toBe(200);
    const link = new URL(String(verifyMailsTo(referred.user.email).at(-1)?.params.link));
    const token = String(link.searchParams.get("token"));
    const verified = await call("/user/verify-email", { token });
    expect(verified.body.code).toBe(200);

    expect(await referralsOf(referrer.cookie)).toMatchObject([
      { userInfo: { email: referred.user.email }, verify_reward: env().REFERRAL_VERIFY_REWARD_MONTHS },
    ]);
    expect((await referralsOf(referrer.cookie))[0]?.verify_reward).toBe(1);
    const info = await call<{ total: number; verified: number }>(
      "/user/my-refferral-info",
      {},
      {
        cookie: referrer.cookie,
      },
    );
    expect(info.body.data).toMatchObject({ total: 1, verified: 1 });

    // Once: the link is spent, and a later grant (even with another setting) changes nothing.
    const again = await call<Data>("/user/verify-email", { token });
    expect(again.body.data.error).toBe("FLOW_TOKEN_INVALID");
    await grantVerifyReward({ db, env: { ...env(), REFERRAL_VERIFY_REWARD_MONTHS: 3 } }, referred.user.id);
    const rows = await referralsOf(referrer.cookie);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.verify_reward).toBe(1);
  });

  it("is granted when a referred sign-up verifies by its EMAIL code", async () => {
    const referrer = await signedIn();
    const { body, response } = await signUp({ referral_id: referrer.user.code });
    expect((response.body.data as Data).verify_type).toBe("EMAIL");
    expect(await referralsOf(referrer.cookie)).toMatchObject([
      { userInfo: { email: String(body.email) }, verify_reward: null },
    ]);

    const verified = await call("/auth/verify-account", {
      token: String((response.body.data as Data).token),
      code: lastCode(String(body.email)),
    });
    expect(verified.body.code).toBe(200);
    const rows = await referralsOf(referrer.cookie);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userInfo: { email: String(body.email) },
      verify_reward: 1,
      purchased_reward: null,
    });
  });

  it("is not granted to anyone for an account nobody referred", async () => {
    const referrer = await signedIn();
    const other = await createUser({ isVerifyEmail: false });
    await grantVerifyReward({ db: await getDb(), env: env() }, other.id);
    expect(await referralsOf(referrer.cookie)).toEqual([]);
  });
});
