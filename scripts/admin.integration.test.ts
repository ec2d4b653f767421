import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
// The real command on its own embedded database (a fresh DATA_DIR).
const dataDir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
const admin = (...args: string[]) =>
  run("npx", ["tsx", "--tsconfig", "tsconfig.server.json", "scripts/admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

describe("npm run admin", () => {
  it("prints its help, and fails clearly on an unknown email or a bad amount", async () => {
    const help = await admin("--help");
    expect(help.code).toBe(0);
    expect(help.out).toContain("add-money <email> <vnd>");
    const unknown = await admin("add-credit", "nobody@example.com", "5");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No account has the email nobody@example.com");
    const bad = await admin("add-money", "nobody@example.com", "12.5");
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("The amount is not valid");
    const wrong = await admin("frobnicate");
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('unknown command "frobnicate"');
  }, 180_000);
});
