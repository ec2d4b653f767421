// Issue 24: `npm run admin` runs the console's services and is audited too: its people and outbox
// commands write one audit row each, signed with `--by NAME` or `cli:<the OS user>`, with no
// operator account and no address.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/password";
import { getDb, openDatabase } from "@/server/db/client";
import { auditLog } from "@/server/db/tables/audit";
import { outbox } from "@/server/db/tables/outbox";
import { insertUser } from "@/server/user/repository";
import { createUser } from "@/tests/factories/user";
import { cliOperator } from "./audit";
import { outboxDrop, outboxRetry } from "./commerce";
import {
  addToBalance,
  deleteAccountAsOperator,
  exportAccountAsOperator,
  setAdminScope,
  setAffiliateLevel,
  setAffiliateStatus,
  setPartner,
  setRequire2fa,
} from "./service";

const rowsAbout = async (targetId: string) =>
  (await getDb()).select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);

describe("the command line's services write audit rows", () => {
  it("signs them with --by, without an account or an address", async () => {
    const db = await getDb();
    const person = await createUser();
    const alice = cliOperator(db, "alice");
    await setPartner(alice, person.email, true);
    await setRequire2fa(alice, person.email, true);
    await setAdminScope(alice, person.email, true);
    await setAffiliateStatus(alice, person.email, true, 2);
    await setAffiliateLevel(alice, person.email, 3);
    await addToBalance(alice, person.email, "api-credit", 4.5, "Pilot credit");
    const rows = await rowsAbout(person.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ["person.set_partner", { is_partner: false }, { is_partner: true }],
      ["person.set_require_2fa", { is_require_2fa: false }, { is_require_2fa: true }],
      ["person.set_scope", { scope: "user" }, { scope: "admin" }],
      ["person.set_affiliate", { is_affiliate: false, level: null }, { is_affiliate: true, level: 2 }],
      ["person.set_affiliate_level", { level: 2 }, { level: 3 }],
      ["person.adjust_balance", { credit_app: 0 }, { credit_app: 4.5, reference_no: expect.any(String) }],
    ]);
    for (const row of rows) expect(row).toMatchObject({ operator: "alice", operatorId: null, ip: null });
    expect(rows[5]?.note).toBe("Pilot credit");
  });

  it("without --by, the OS user is named; a bare database (older callers) acts the same", async () => {
    const db = await getDb();
    const person = await createUser();
    await setPartner(cliOperator(db), person.email, true);
    await setPartner(db, person.email, false);
    const rows = await rowsAbout(person.id);
    expect(rows.map((r) => r.operator)).toEqual([`cli:${userInfo().username}`, `cli:${userInfo().username}`]);
  });

  it("outbox retry and drop, account deletion and export are audited", async () => {
    const db = await getDb();
    const bob = cliOperator(db, "bob");
    const id = `msg_${newId()}`;
    await db.insert(outbox).values({ id, kind: "message", target: "SMS", payload: {}, attempts: 12 });
    await outboxRetry(bob, id);
    await outboxDrop(bob, id);
    expect((await rowsAbout(id)).map((r) => [r.action, r.operator])).toEqual([
      ["outbox.retry", "bob"],
      ["outbox.drop", "bob"],
    ]);

    const person = await createUser();
    const config = env();
    await exportAccountAsOperator(
      { ...bob, env: config, origin: "http://portal.test" },
      { email: person.email, lang: "en" },
    );
    await deleteAccountAsOperator({ ...bob, env: config }, person.email);
    const rows = await rowsAbout(person.id);
    expect(rows.map((r) => r.action)).toEqual(["person.export", "person.delete"]);
    expect(rows[0]).toMatchObject({ before: null, after: null, note: expect.stringMatching(/\.zip$/) });
  });
});

describe("npm run admin", () => {
  it("writes the audit row of a people command on its own database", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "admin-audit-cli-"));
    const email = `cli-${Date.now()}@example.com`;
    // The command opens the embedded database where `npm start` keeps it (server/db/client.ts).
    const handle = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    await insertUser(handle.db, {
      id: newId(),
      email,
      passwordHash: await hashPassword("Secret#123"),
      fullname: "Cli Person",
      isVerified: true,
      code: `cli${Date.now()}`,
    });
    await handle.close();

    const run = promisify(execFile);
    const result = await run(
      "npx",
      [
        "tsx",
        "--tsconfig",
        "tsconfig.server.json",
        "scripts/admin.ts",
        "partner",
        email,
        "on",
        "--by",
        "carol",
      ],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" } },
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ email, partner: true });

    const after = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const rows = await after.db.select().from(auditLog);
      expect(rows).toEqual([
        expect.objectContaining({
          operator: "carol",
          operatorId: null,
          action: "person.set_partner",
          targetType: "person",
          before: { is_partner: false },
          after: { is_partner: true },
        }),
      ]);
    } finally {
      await after.close();
    }
  }, 180_000);
});
