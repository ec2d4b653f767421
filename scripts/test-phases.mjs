// The test suite as timed phases (issue 34): each phase's wall time and test count, so a slowdown
// is seen where it happens. `npm test` runs the README's suite through it; `.ci/run` adds its own
// phases (browser, install, resilience) with `run` and prints the whole table with `table`.
//
//   node scripts/test-phases.mjs                    the suite: lint … end-to-end, then the table
//   node scripts/test-phases.mjs run NAME -- CMD…   one phase
//   node scripts/test-phases.mjs table              every phase recorded since `reset`
//   node scripts/test-phases.mjs reset              forget the recorded phases
//
// Only Node's own modules: `.ci/run` calls it before `npm ci`, on whatever Node the machine has.
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
/** Where the phases are kept between calls (not test-results/: Playwright empties it). */
const RECORD = process.env.TEST_PHASES_FILE ?? path.join(root, ".test-phases.jsonl");

/**
 * The README's suite. A group's phases run at the same time:
 * - lint, typecheck, catalogs and unit: tsc is one thread, so side by side they fill both cores
 *   instead of one (unit takes a worker per core: `test:unit`'s --maxWorkers=100%).
 * - integration on PGlite and on PostgreSQL use different databases and wait on different things
 *   (PGlite's one connection in the test process, PostgreSQL's own processes), so together they take
 *   less than one after the other; the end-to-end tests' `next build` runs beside them, and
 *   end-to-end then starts that build (E2E_NO_BUILD=1) instead of building inside its own phase.
 */
function suite() {
  const integration = [{ name: "integration PGlite", command: "npm run test:integration:pglite" }];
  if (process.env.TEST_DATABASE_URL)
    integration.push({ name: "integration PostgreSQL", command: "npm run test:integration:postgres" });
  return [
    [
      { name: "lint", command: "npm run lint" },
      { name: "typecheck", command: "npm run typecheck" },
      { name: "catalogs", command: "npm run i18n:check" },
      { name: "unit", command: "npm run test:unit" },
    ],
    [...integration, { name: "build", command: "npm run build" }],
    [{ name: "end-to-end", command: "E2E_NO_BUILD=1 npm run test:e2e" }],
  ];
}

/** The number of tests (or files, or keys) a phase's output says it ran, as text. */
export function countOf(output) {
  const plain = stripVTControlCharacters(output);
  // Vitest: "Tests  839 passed | 2 skipped (841)".
  const vitest = [...plain.matchAll(/^\s*Tests\s+(.+?)\s+\((\d+)\)\s*$/gm)].at(-1);
  if (vitest) return `${vitest[2]} tests (${vitest[1].trim()})`;
  // Playwright: "171 passed (25.3m)", with "2 skipped" / "1 failed" / "1 flaky" lines around it.
  const playwright = ["passed", "failed", "flaky", "skipped", "did not run"]
    .map((word) => {
      const found = [...plain.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, "gm"))].at(-1);
      return found ? { word, n: Number(found[1]) } : undefined;
    })
    .filter(Boolean);
  if (playwright.length > 0) {
    const total = playwright.reduce((sum, p) => sum + p.n, 0);
    return `${total} tests (${playwright.map((p) => `${p.n} ${p.word}`).join(" | ")})`;
  }
  const biome = /Checked (\d+) files?/.exec(plain);
  if (biome) return `${biome[1]} files`;
  const catalogs = /(\d+) keys?/.exec(plain);
  if (catalogs) return `${catalogs[1]} keys`;
  return "";
}

export function formatSeconds(seconds) {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

/** Runs one phase; its output goes through (prefixed when others run beside it) and is kept for its count. */
function runPhase({ name, command }, prefixed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { cwd: root, shell: true, stdio: ["inherit", "pipe", "pipe"] });
    let tail = "";
    const pass = (stream) => (chunk) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-200_000);
      stream.write(prefixed ? text.replaceAll(/^(?=.)/gm, `[${name}] `) : text);
    };
    child.stdout.on("data", pass(process.stdout));
    child.stderr.on("data", pass(process.stderr));
    child.on("close", (code, signal) => {
      const record = {
        name,
        seconds: (Date.now() - started) / 1000,
        count: countOf(tail),
        status: code === 0 ? "ok" : `failed (${signal ?? `exit ${code}`})`,
      };
      appendFileSync(RECORD, `${JSON.stringify(record)}\n`);
      resolve({ ...record, code: code ?? 1 });
    });
  });
}

function table() {
  if (!existsSync(RECORD)) return;
  const rows = readFileSync(RECORD, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log("\nPhase times (wall):");
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(width)}  ${formatSeconds(r.seconds).padStart(6)}  ${r.count || "-"}${r.status === "ok" ? "" : `  ${r.status}`}`,
    );
}

async function main(args) {
  if (args[0] === "table") return table();
  if (args[0] === "reset") return rmSync(RECORD, { force: true });
  if (args[0] === "run") {
    const at = args.indexOf("--");
    // TEST_PHASE_PREFIX=1: another phase runs beside this one (.ci/run's resilience), so its lines say whose they are.
    const prefixed = process.env.TEST_PHASE_PREFIX === "1";
    const result = await runPhase({ name: args[1], command: args.slice(at + 1).join(" ") }, prefixed);
    process.exitCode = result.code;
    return;
  }
  // The whole suite: it starts its own record unless `.ci/run` keeps one across its phases.
  if (!process.env.TEST_PHASES_KEEP) rmSync(RECORD, { force: true });
  for (const group of suite()) {
    const results = await Promise.all(group.map((phase) => runPhase(phase, group.length > 1)));
    const failed = results.find((r) => r.code !== 0);
    if (failed) {
      if (!process.env.TEST_PHASES_KEEP) table();
      process.exitCode = failed.code;
      return;
    }
  }
  // Under .ci/run the table comes once, at its end, with its own phases.
  if (!process.env.TEST_PHASES_KEEP) table();
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
