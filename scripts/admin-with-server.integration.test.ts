// Issue 35, finding 5: the operator command line beside a running server. On the embedded PGlite
// (one process per data directory) every command is refused while the server holds DATA_DIR, naming
// the server's pid, so nothing it would write can be lost at the server's shutdown; on PostgreSQL
// what it writes is seen by the running server. It reads the server's configuration (ENV_FILE),
// never invents secrets with DATABASE_URL, and never opens a database in ./.data by default.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface, type Interface } from "node:readline";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { createUser } from "@/tests/factories/user";

const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const TSCONFIG = path.join(ROOT, "tsconfig.server.json");
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const SECRETS = {
  SESSION_SECRET: "cli-test-session-secret-0123456789abcdef",
  DATA_ENCRYPTION_KEY: "cli-test-data-key-0123456789abcdef012345",
  ALTCHA_HMAC_KEY: "cli-test-altcha-key-0123456789abcdef",
};
/** Only what a shell would pass: no DATA_DIR, DATABASE_URL or secrets unless a test gives them. */
const bare = (settings: Record<string, string>): NodeJS.ProcessEnv =>
  ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: "silent",
    ...settings,
  }) as Record<string, string | undefined> as NodeJS.ProcessEnv;

const run = promisify(execFile);
type Result = { code: number; out: string; err: string };
const admin = (settings: Record<string, string>, args: string[], cwd = ROOT): Promise<Result> =>
  run(TSX, ["--tsconfig", TSCONFIG, path.join(ROOT, "scripts/admin.ts"), ...args], {
    cwd,
    env: bare(settings),
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

/** tests/support/hold-database.ts: the database open as the server holds it. */
type Holder = { pid: number; ask: (line: string) => Promise<string>; stop: () => Promise<number | null> };
const holders: ChildProcess[] = [];
afterEach(() => {
  for (const child of holders.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

async function holdDatabase(settings: Record<string, string>): Promise<Holder> {
  const child = spawn(TSX, ["--tsconfig", TSCONFIG, path.join(ROOT, "tests/support/hold-database.ts")], {
    cwd: ROOT,
    env: bare(settings),
    stdio: ["pipe", "pipe", "pipe"],
  });
  holders.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines: Interface = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const iterator = lines[Symbol.asyncIterator]();
  const next = async () => {
    const line = await iterator.next();
    if (line.done) throw new Error(`the holder ended: ${stderr}`);
    return line.value;
  };
  const ready = await next();
  const pid = Number(/^ready (\d+)$/.exec(ready)?.[1]);
  if (!pid) throw new Error(`unexpected holder line ${ready}: ${stderr}`);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    pid,
    ask: (line) => {
      child.stdin?.write(`${line}\n`);
      return next();
    },
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** The catalog the database holds, as the command exports it, plus one package of our own. */
function catalogWithOneMore(exported: string, dir: string, code: string): string {
  const catalog = JSON.parse(exported) as Array<Record<string, unknown>>;
  expect(catalog.length).toBeGreaterThan(0);
  const file = path.join(dir, "catalog.json");
  writeFileSync(file, JSON.stringify([...catalog, { ...catalog[0], code, name: `Added ${code}` }], null, 2));
  return file;
}

describe("npm run admin: configuration and secrets", () => {
  it("refuses to run without DATABASE_URL or DATA_DIR instead of opening a new database in ./.data", async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "admin-cwd-"));
    const result = await admin({}, ["list"], cwd);
    expect(result.code).toBe(1);
    expect(result.err).toContain("admin: neither DATABASE_URL nor DATA_DIR is set");
    expect(existsSync(path.join(cwd, ".data"))).toBe(false);
    // --help still answers, and says where the configuration comes from.
    const help = await admin({}, ["--help"], cwd);
    expect(help.code).toBe(0);
    expect(help.out).toContain("ENV_FILE");
    expect(existsSync(path.join(cwd, ".data"))).toBe(false);
  }, 60_000);

  it("never generates secrets with DATABASE_URL: it names the missing ones and writes nothing", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "admin-secrets-"));
    // The configuration is refused before any connection: no server needs to listen on 3549.
    const result = await admin(
      { DATABASE_URL: "postgres://portal@127.0.0.1:3549/portal", DATA_DIR: dataDir },
      ["list"],
    );
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      "Missing required secrets: SESSION_SECRET, DATA_ENCRYPTION_KEY, ALTCHA_HMAC_KEY. With DATABASE_URL they are never generated",
    );
    expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
  }, 60_000);
});

// Each pass runs the half for its own database (TEST_DATABASE_URL set or not).
describe.runIf(!ON_POSTGRES)("npm run admin beside a server on the embedded PGlite", () => {
  it("refuses every command while the server holds DATA_DIR, naming its pid; nothing is lost", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "admin-pglite-"));
    const dataDir = path.join(dir, "data");
    // The server and the command read one file, as an operator would keep it.
    const envFile = path.join(dir, "portal.env");
    writeFileSync(envFile, `DATA_DIR=${dataDir}\nLOG_LEVEL=silent\n`);
    const settings = { ENV_FILE: envFile };

    const exported = await admin(settings, ["packages", "export"]);
    expect(exported.code).toBe(0);
    const before = JSON.parse(exported.out) as unknown[];
    const catalog = catalogWithOneMore(exported.out, dir, "CLI_ADDED");

    const server = await holdDatabase(settings);
    const refused = await Promise.all(
      [
        ["packages", "import", catalog],
        ["add-credit", "someone@example.com", "5"],
        ["partner", "someone@example.com", "on"],
        ["orders", "mark", "REF123", "PAID"],
        ["invoices", "issue", "--month", "2025-01"],
        ["outbox", "drop", "01ABC"],
        ["deletions", "sweep"],
        ["list"],
      ].map((args) => admin(settings, args)),
    );
    for (const result of refused) {
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        `${path.join(dataDir, "pglite")} is open in another process: pid ${server.pid}`,
      );
      expect(result.err).toContain(`Stop that server first (kill -TERM ${server.pid}`);
      expect(result.err).toContain("operator console (/admin)");
    }
    expect(JSON.parse(await server.ask("packages"))).toHaveLength(before.length);
    const lockFile = path.join(dataDir, "pglite.lock");
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({ pid: server.pid });
    expect(await server.stop()).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    // The server stopped: the import runs, and the next server start sees it.
    const imported = await admin(settings, ["packages", "import", catalog]);
    expect(imported.err).toBe("");
    expect(imported.out).toContain("(1 added, 0 changed)");
    const again = await holdDatabase(settings);
    const seen = JSON.parse(await again.ask("packages")) as string[];
    expect(seen).toHaveLength(before.length + 1);
    expect(seen.some((entry) => entry.endsWith("/CLI_ADDED"))).toBe(true);
    expect(await again.stop()).toBe(0);
  }, 180_000);

  it("takes over a lock whose process is gone (a killed server)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "admin-stale-"));
    const gone = spawn(process.execPath, ["-e", ""]);
    const pid = gone.pid ?? 0;
    await new Promise((resolve) => gone.once("exit", resolve));
    writeFileSync(
      path.join(dataDir, "pglite.lock"),
      JSON.stringify({ pid, command: "portal-server.mjs", since: new Date().toISOString() }),
    );
    const result = await admin({ DATA_DIR: dataDir, ...SECRETS }, ["list"]);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  }, 120_000);
});

describe.runIf(ON_POSTGRES)("npm run admin beside a server on PostgreSQL", () => {
  it("writes what the running server then reads: packages import, balances, flags", async () => {
    const url = process.env.INTEGRATION_DATABASE_URL ?? "";
    const dir = mkdtempSync(path.join(tmpdir(), "admin-postgres-"));
    const settings = { DATABASE_URL: url, DATA_DIR: dir, ...SECRETS };
    const person = await createUser();
    const server = await holdDatabase(settings);

    const exported = await admin(settings, ["packages", "export"]);
    expect(exported.code).toBe(0);
    const before = JSON.parse(await server.ask("packages")) as string[];
    const catalog = catalogWithOneMore(exported.out, dir, "CLI_ADDED_PG");
    const imported = await admin(settings, ["packages", "import", catalog]);
    expect(imported.err).toBe("");
    expect(imported.out).toContain("(1 added, 0 changed)");
    const points = await admin(settings, ["add-points", person.email, "7"]);
    expect(points.err).toBe("");
    const partner = await admin(settings, ["partner", person.email, "on"]);
    expect(partner.err).toBe("");

    const seen = JSON.parse(await server.ask("packages")) as string[];
    expect(seen).toHaveLength(before.length + 1);
    expect(seen.some((entry) => entry.endsWith("/CLI_ADDED_PG"))).toBe(true);
    expect(JSON.parse(await server.ask(`find ${person.email}`))).toMatchObject({
      partner: true,
      balances: { point: 7 },
    });
    expect(await server.stop()).toBe(0);
    // Nothing generated beside the shared database.
    expect(existsSync(path.join(dir, "secrets.json"))).toBe(false);
  }, 180_000);
});
