import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import {
  addToBalance,
  findPerson,
  listPeople,
  parseAmount,
  setAdminScope,
  setAffiliateStatus,
  setPartner,
  setRequire2fa,
} from "./service";

describe("operator tool", () => {
  it("requires two-factor for a person, who is then sent through /require-enable-2fa", async () => {
    const user = await createUser();
    const db = await getDb();
    expect((await setRequire2fa(db, user.email.toUpperCase(), true)).require_2fa).toBe(true);
    const signin = await call<{ redirect_url: string }>("/auth/signin", {
      email: user.email,
      password: "Secret#123",
    });
    expect(signin.body.data.redirect_url).toMatch(/^\/require-enable-2fa\?/);
    await setRequire2fa(db, user.email, false);
    const again = await call<{ redirect_url: string }>("/auth/signin", {
      email: user.email,
      password: "Secret#123",
    });
    expect(again.body.data.redirect_url).toBe("/account/profile");
  });

  it("an admin scope always needs two-factor", async () => {
    const user = await createUser();
    expect((await setAdminScope(await getDb(), user.email, true)).scope).toBe("admin");
    const signin = await call<{ redirect_url: string }>("/auth/signin", {
      email: user.email,
      password: "Secret#123",
    });
    expect(signin.body.data.redirect_url).toMatch(/^\/require-enable-2fa\?/);
  });

  it("finds and lists people, and names an unknown email clearly", async () => {
    const user = await createUser({ fullname: "Operator Findme" });
    const db = await getDb();
    expect((await findPerson(db, user.email)).id).toBe(user.id);
    expect((await listPeople(db, { limit: 5, search: "findme" })).map((p) => p.email)).toEqual([user.email]);
    await expect(findPerson(db, "nobody@example.com")).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });
});

describe("operator tool: flags and balances", () => {
  it("grants partner and affiliate status", async () => {
    const user = await createUser();
    const db = await getDb();
    expect((await setPartner(db, user.email, true)).partner).toBe(true);
    expect((await setAffiliateStatus(db, user.email, true)).affiliate).toBe(true);
    const { cookie } = await call("/auth/signin", { email: user.email, password: "Secret#123" });
    const info = await call<{ affilateInfo: unknown }>("/affilate/my-affilate-info", {}, { cookie });
    expect(info.body.data.affilateInfo).not.toBeNull();
    await setAffiliateStatus(db, user.email, false);
    const after = await call<{ affilateInfo: unknown }>("/affilate/my-affilate-info", {}, { cookie });
    expect(after.body.data.affilateInfo).toBeNull();
  });

  it.each([
    ["credit", "12.5", "credit", "ADMIN_ADD"],
    ["api-credit", "3.25", "credit_app", "APP_DEPOSIT"],
    ["money", "150000", "money", "MONEY_ADD"],
  ] as const)("add-%s writes the balance and its log row", async (what, raw, field, type) => {
    const user = await createUser();
    const db = await getDb();
    const result = await addToBalance(db, user.email, what, parseAmount(raw, what), "from the operator");
    expect(result.new_balance).toBe(Number(raw));
    const { cookie } = await call("/auth/signin", { email: user.email, password: "Secret#123" });
    const me = (await call<Record<string, number>>("/auth/userinfo", {}, { cookie })).body.data;
    expect(me[field]).toBe(Number(raw));
    const log = await call<{ items: { type: string; credit: number; description: string }[] }>(
      "/partner/my-credit-log",
      {},
      { cookie },
    );
    expect(log.body.data.items).toEqual([
      expect.objectContaining({ type, credit: Number(raw), description: "from the operator" }),
    ]);
  });

  it("add-points writes the point log", async () => {
    const user = await createUser();
    await addToBalance(await getDb(), user.email, "points", parseAmount("7.75", "points"), "gift");
    const { cookie } = await call("/auth/signin", { email: user.email, password: "Secret#123" });
    const log = await call<{ items: { point: number }[] }>("/point/my-point-log", {}, { cookie });
    expect(log.body.data.items.map((r) => r.point)).toEqual([7.75]);
  });

  it.each([
    ["money", "12.5"],
    ["money", "-100"],
    ["credit", "0"],
    ["credit", "1.234"],
    ["points", "abc"],
    ["credit", undefined],
  ] as const)("refuses %s amount %j", (what, raw) => {
    expect(() => parseAmount(raw, what)).toThrow(expect.objectContaining({ code: "AMOUNT_INVALID" }));
  });

  it("writes nothing for an unknown email", async () => {
    await expect(
      addToBalance(await getDb(), "nobody@example.com", "credit", 5, undefined),
    ).rejects.toMatchObject({
      code: "USER_NOT_FOUND",
    });
  });
});
