// Issue 37, finding 3: an operator could lock their own account from the console (every session
// ended, and the command line had no unlock). Now an operator cannot lock, delete, demote or reset
// the second factor of their own account, the last active admin keeps the admin scope, and
// `npm run admin -- unlock <email>` lets a locked account in again, audited like the console's.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, count, eq, ne } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/password";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb, openDatabase } from "@/server/db/client";
import { type AuditRow, auditLog } from "@/server/db/tables/audit";
import { securityEvents } from "@/server/db/tables/security-events";
import { type UserRow, users } from "@/server/db/tables/users";
import { insertUser } from "@/server/user/repository";
import { createOperator, reauthenticate, signedInOperator, signInWithTotp } from "@/tests/factories/operator";
import { createUser, PASSWORD } from "@/tests/factories/user";
import { call } from "@/tests/setup/api";
import { cliOperator, type OperatorCtx } from "./audit";
import { setAdminScope, unlockAccount } from "./service";

type Data = Record<string, unknown> & { error?: string };

const OWN_ACCOUNT_EN =
  "You can't lock, delete, demote or reset the two-factor of your own account: ask another operator";

async function personRow(id: string): Promise<UserRow> {
  const [row] = await (await getDb()).select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no such person");
  return row;
}

async function auditRowsOf(targetId: string): Promise<AuditRow[]> {
  return (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);
}

async function auditCount(): Promise<number> {
  const [row] = await (await getDb()).select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

/** An operator signed in with the code and re-authenticated now: ready for destructive calls. */
async function operator() {
  const op = await signedInOperator();
  await reauthenticate(op.cookie);
  return op;
}

/** The console's operator context for `user`, as consoleOperator makes it from their session. */
async function consoleAs(user: UserRow): Promise<OperatorCtx> {
  return {
    db: await getDb(),
    clock: () => new Date(),
    ip: "10.9.0.1",
    userAgent: "vitest",
    operator: { id: user.id, name: user.email, ip: "10.9.0.1" },
  };
}

beforeEach(() => resetLimitsForTests());

describe("an operator's own account", () => {
  it.each([
    ["/admin/people/lock", (id: string) => ({ id, reason: "Trying it out" })],
    ["/admin/people/reset-2fa", (id: string) => ({ id })],
    ["/admin/people/delete", (id: string) => ({ id, note: "Leaving the team" })],
  ])("%s on oneself is refused, and nothing changes", async (path, body) => {
    const { user, cookie } = await operator();
    const before = await auditCount();
    const res = await call<Data>(path, body(user.id), { cookie });
    expect([res.status, res.body.data.error, res.body.message]).toEqual([
      403,
      "OPERATOR_OWN_ACCOUNT",
      OWN_ACCOUNT_EN,
    ]);
    // Still signed in, active, an admin with two-factor on: the console still opens.
    expect((await call<Data>("/admin/audit/list", {}, { cookie })).body.code).toBe(200);
    const row = await personRow(user.id);
    expect(row).toMatchObject({ status: "ACTIVE", scope: "admin", deletionDueAt: null });
    expect(row.twoFaEnabledAt).not.toBeNull();
    expect(await auditCount()).toBe(before);
  });

  it("says so in the operator's language", async () => {
    const { user, cookie } = await operator();
    const res = await call<Data>(
      "/admin/people/lock",
      { id: user.id, reason: "x" },
      { cookie: cookie.replace("LANGUAGE=en", "LANGUAGE=vi") },
    );
    expect(res.body.message).toBe(
      "Bạn không thể khóa, xoá, hạ quyền hay đặt lại xác thực hai lớp của chính tài khoản mình: hãy nhờ một quản trị viên khác",
    );
  });

  it("another operator may lock them, and unlock them again", async () => {
    const { cookie } = await operator();
    const { user: other, secret } = await createOperator();
    const locked = await call<Data>("/admin/people/lock", { id: other.id, reason: "Checking" }, { cookie });
    expect(locked.body.code, JSON.stringify(locked.body)).toBe(200);
    expect((await call<Data>("/admin/people/unlock", { id: other.id }, { cookie })).body.code).toBe(200);
    expect(await signInWithTotp(other, secret)).toMatch(/SSID=/);
  });

  it("removing one's own admin scope is refused", async () => {
    const { user } = await createOperator();
    const self = await consoleAs(user);
    await expect(setAdminScope(self, user.email, false)).rejects.toMatchObject({
      code: "OPERATOR_OWN_ACCOUNT",
    });
    expect((await personRow(user.id)).scope).toBe("admin");
    expect(await auditRowsOf(user.id)).toEqual([]);
  });
});

describe("npm run admin -- unlock", () => {
  it("lets a locked operator in again: the console's unlock, audited under --by, with their security event", async () => {
    const db = await getDb();
    const { cookie } = await operator();
    const { user: locked, secret } = await createOperator();
    await call<Data>("/admin/people/lock", { id: locked.id, reason: "Left the laptop open" }, { cookie });
    const refused = await call<Data>(
      "/auth/signin",
      { email: locked.email, password: PASSWORD },
      { ip: "10.9.0.2" },
    );
    expect(refused.body.data.error).toBe("ACCOUNT_LOCKED");

    const out = await unlockAccount(cliOperator(db, "dave"), locked.email.toUpperCase());
    expect(out).toMatchObject({ email: locked.email, status: "ACTIVE", audit_id: expect.any(String) });
    expect((await auditRowsOf(locked.id)).at(-1)).toMatchObject({
      id: out.audit_id,
      action: "person.unlock",
      operator: "dave",
      operatorId: null,
      ip: null,
      before: { status: "LOCKED", locked_reason: "Left the laptop open" },
      after: { status: "ACTIVE", locked_reason: null },
    });
    const events = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, locked.id), eq(securityEvents.type, "account_unlocked")));
    expect(events.map((e) => e.data)).toEqual([{ operator: "dave" }]);
    // Their console opens again.
    const again = await signInWithTotp(locked, secret);
    expect((await call<Data>("/admin/audit/list", {}, { cookie: again })).body.code).toBe(200);

    await expect(unlockAccount(cliOperator(db, "dave"), locked.email)).rejects.toMatchObject({
      code: "ACCOUNT_NOT_LOCKED",
    });
    await expect(unlockAccount(cliOperator(db, "dave"), "nobody@example.com")).rejects.toMatchObject({
      code: "USER_NOT_FOUND",
    });
  });

  it("the command, on its own database", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "admin-unlock-cli-"));
    const email = `locked-${Date.now()}@example.com`;
    // The command opens the embedded database where `npm start` keeps it (server/db/client.ts).
    const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await insertUser(handle.db, {
      id: newId(),
      email,
      passwordHash: await hashPassword("Secret#123"),
      fullname: "Locked Operator",
      isVerified: true,
      scope: "admin",
      status: "LOCKED",
      lockedReason: "Locked by mistake",
      code: `lk${Date.now()}`,
    });
    await handle.close();

    const run = promisify(execFile);
    const result = await run(
      "npx",
      ["tsx", "--tsconfig", "tsconfig.server.json", "scripts/admin.ts", "unlock", email, "--by", "carol"],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" } },
    );
    expect(JSON.parse(result.stdout)).toMatchObject({
      email,
      status: "ACTIVE",
      audit_id: expect.any(String),
    });

    const after = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const [row] = await after.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ status: "ACTIVE", lockedReason: null });
      expect(await after.db.select().from(auditLog)).toEqual([
        expect.objectContaining({
          operator: "carol",
          operatorId: null,
          action: "person.unlock",
          targetType: "person",
          targetId: row?.id,
          before: { status: "LOCKED", locked_reason: "Locked by mistake" },
          after: { status: "ACTIVE", locked_reason: null },
        }),
      ]);
    } finally {
      await after.close();
    }
  }, 180_000);
});

// Last: it takes the admin scope from every other admin of this file's database.
describe("the last active admin", () => {
  it("keeps the admin scope; a locked admin does not count; once another is active it can go", async () => {
    const db = await getDb();
    const { user: last } = await createOperator();
    await db
      .update(users)
      .set({ scope: "user" })
      .where(and(eq(users.scope, "admin"), ne(users.id, last.id)));
    const cli = cliOperator(db, "alice");

    await expect(setAdminScope(cli, last.email, false)).rejects.toMatchObject({ code: "LAST_ACTIVE_ADMIN" });
    const { user: locked } = await createOperator({ status: "LOCKED" });
    await expect(setAdminScope(cli, last.email, false)).rejects.toMatchObject({ code: "LAST_ACTIVE_ADMIN" });
    expect((await personRow(last.id)).scope).toBe("admin");
    expect(await auditRowsOf(last.id)).toEqual([]);
    // A locked admin is not one of the active ones: removing their scope leaves the console staffed.
    expect((await setAdminScope(cli, locked.email, false)).scope).toBe("user");

    const { user: second } = await createOperator();
    expect((await setAdminScope(cli, last.email, false)).scope).toBe("user");
    expect((await auditRowsOf(last.id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ["person.set_scope", { scope: "admin" }, { scope: "user" }],
    ]);
    await expect(setAdminScope(cli, second.email, false)).rejects.toMatchObject({
      code: "LAST_ACTIVE_ADMIN",
    });
    // Granting the scope is never refused.
    expect((await setAdminScope(cli, (await createUser()).email, true)).scope).toBe("admin");
  });
});
