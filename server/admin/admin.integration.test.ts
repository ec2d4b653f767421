import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createUser } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import { findPerson, listPeople, setAdminScope, setRequire2fa } from "./service";

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
