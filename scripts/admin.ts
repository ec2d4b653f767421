// The operator tool: `npm run admin -- <command> [arguments]` on the portal's database
// (DATABASE_URL, or the embedded PGlite in DATA_DIR — stop `npm start` first: PGlite is one process).
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { translator } from "@/lib/i18n";
import {
  type Addition,
  addToBalance,
  findPerson,
  listPeople,
  parseAmount,
  setAdminScope,
  setAffiliateStatus,
  setPartner,
  setRequire2fa,
} from "@/server/admin/service";
import { closeDatabase, getDb } from "@/server/db/client";

const HELP = `Usage: npm run admin -- <command> [arguments]

Commands:
  find <email>                      show one person
  list [--limit N] [--search TEXT]  people, newest first (default 20)
  require-2fa <email> on|off        make two-factor mandatory for a person (or not)
  admin-scope <email> on|off        grant or remove the admin scope (always requires two-factor)
  partner <email> on|off            grant or remove the partner flag
  affiliate <email> on|off          add to or remove from the affiliate programme
  add-credit <email> <amount> [--note TEXT]      partner credit (log ADMIN_ADD)
  add-api-credit <email> <amount> [--note TEXT]  API credit (log APP_DEPOSIT)
  add-money <email> <vnd> [--note TEXT]          money in whole đồng (log MONEY_ADD)
  add-points <email> <amount> [--note TEXT]      points (point log)
  --help                            this text

Runs on DATABASE_URL, or on the embedded PGlite in DATA_DIR (${env().DATA_DIR}).`;

function onOff(value: string | undefined): boolean {
  if (value === "on") return true;
  if (value === "off") return false;
  throw new Error(`expected "on" or "off", got ${JSON.stringify(value ?? "")}`);
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function run(args: string[]): Promise<unknown> {
  const [command, ...rest] = args;
  if (!command || command === "--help" || command === "-h" || command === "help") return HELP;
  const needEmail = () => {
    if (!rest[0]) throw new Error(`${command} needs an email`);
    return rest[0];
  };
  const db = await getDb();
  switch (command) {
    case "find":
      return findPerson(db, needEmail());
    case "list": {
      const limit = Number(option(rest, "--limit") ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error("--limit must be 1 to 1000");
      return listPeople(db, { limit, search: option(rest, "--search") });
    }
    case "require-2fa":
      return setRequire2fa(db, needEmail(), onOff(rest[1]));
    case "admin-scope":
      return setAdminScope(db, needEmail(), onOff(rest[1]));
    case "partner":
      return setPartner(db, needEmail(), onOff(rest[1]));
    case "affiliate":
      return setAffiliateStatus(db, needEmail(), onOff(rest[1]));
    case "add-credit":
    case "add-api-credit":
    case "add-money":
    case "add-points": {
      const what = command.slice("add-".length) as Addition;
      const email = needEmail();
      return addToBalance(db, email, what, parseAmount(rest[1], what), option(rest, "--note"));
    }
    default:
      throw new Error(`unknown command ${JSON.stringify(command)}\n\n${HELP}`);
  }
}

try {
  const out = await run(process.argv.slice(2));
  console.log(typeof out === "string" ? out : JSON.stringify(out, null, 2));
  process.exitCode = 0;
} catch (error) {
  const message =
    error instanceof AppError
      ? translator("en")(`errors.${error.code}`, error.params)
      : (error as Error).message;
  console.error(`admin: ${message}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
