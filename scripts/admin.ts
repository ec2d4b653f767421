// The operator tool: `npm run admin -- <command> [arguments]` on the portal's database
// (DATABASE_URL, or the embedded PGlite in DATA_DIR, which it refuses to open while a server holds it).
// It reads the configuration as the server does: the environment, then ENV_FILE.

import "@/lib/load-env-file";
import { writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { translator } from "@/lib/i18n";
import { toLocale } from "@/lib/locales";
import { sweepDueDeletions } from "@/server/account-deletion/service";
import { cliOperator } from "@/server/admin/audit";
import {
  affiliateCustomers,
  affiliateUnpaid,
  invoicesCancel,
  invoicesIssue,
  invoicesPay,
  ordersConfirmTransfer,
  ordersCreate,
  ordersMark,
  ordersPending,
  outboxDrop,
  outboxRetry,
  packagesExport,
  packagesImport,
  paymentsReconcile,
  paymentsTransfers,
} from "@/server/admin/commerce";
import {
  type Addition,
  addToBalance,
  deleteAccountAsOperator,
  exportAccountAsOperator,
  findPerson,
  listPeople,
  parseAmount,
  setAdminScope,
  setAffiliateLevel,
  setAffiliateStatus,
  setPartner,
  setRequire2fa,
  unlockAccount,
} from "@/server/admin/service";
import { closeDatabase, getDb } from "@/server/db/client";
import { describeOutboxRows } from "@/server/outbox/service";

const HELP = `Usage: npm run admin -- <command> [arguments]

Commands:
  find <email>                      show one person
  list [--limit N] [--search TEXT]  people, newest first (default 20)
  require-2fa <email> on|off        make two-factor mandatory for a person (or not)
  admin-scope <email> on|off        grant or remove the admin scope (always requires two-factor;
                                    the last active admin keeps it)
  unlock <email> [--by NAME]        allow a locked account to sign in again (the console's unlock,
                                    e.g. for an operator no one else can unlock)
  partner <email> on|off            grant or remove the partner flag
  affiliate <email> on|off [--level N]  add to or remove from the affiliate programme
  affiliate-level <email> <1-4>     set an affiliate's level (its row of AFFILIATE_LEVEL_RATES)
  affiliate-customers <email> [--limit N]  the affiliate's customers and how many paid
  affiliate-unpaid <email> [--limit N]     commissions not yet invoiced
  delete-account <email> [--by NAME]        a support request: suspend the account now (all sessions
                                    ended), erased after ACCOUNT_DELETION_GRACE_DAYS; the operator's
                                    name goes to the person's security events
  deletions sweep                   erase the accounts past their grace period now (the server
                                    does it every minute)
  export-account <email> --out FILE [--lang vi|en|th|my|id] [--by NAME]
                                    a support request: the person's data as the zip "Download my
                                    data" gives (JSON + readable summary) written to FILE; the
                                    operator's name goes to the person's security events

  invoices issue --month YYYY-MM    one PENDING invoice per affiliate of that month's commissions
                                    (running it again issues nothing new)
  invoices pay <id> [--date YYYY-MM-DD]   mark an invoice paid (its commissions PAID)
  invoices cancel <id> [--note TEXT]  cancel an invoice (its commissions can be invoiced again)
  add-credit <email> <amount> [--note TEXT]      partner credit (log ADMIN_ADD)
  add-api-credit <email> <amount> [--note TEXT]  API credit (log APP_DEPOSIT)
  add-money <email> <vnd> [--note TEXT]          money in whole đồng (log MONEY_ADD)
  add-points <email> <amount> [--note TEXT]      points (point log)

  packages export                   print the package catalog as JSON (> catalog.json)
  packages import <file>            write a catalog file (validated whole; nothing written on error)

  orders pending [--limit N]        orders waiting for payment, newest first
  orders create <email> --app APP --store ID --name NAME --package CODE --months N [--note TEXT]
                                    an order for a person (a support case), priced from the catalog
  orders mark <reference> PAID|PAID_DEBIT|INVALID|CANCEL [--note TEXT]
                                    move an order (e.g. a confirmed bank transfer); stores, rewards
                                    and product events follow
  orders confirm-transfer <reference> --amount VND
                                    a bank transfer the operator saw arrive (same path as the
                                    bank notification: pays when the amount covers the due)

  payments reconcile                ask VNPAY/ZaloPay about attempts past their expiry, apply the
                                    answers; unpaid ones end and their points come back
  payments transfers [--status partial|unmatched|late|matched|applied] [--limit N]
                                    bank transfers received

  outbox list [--failed|--done|--all] [--limit N]   deliveries waiting (default), given up, sent;
                                    SMS/ZNS rows show the vendor's delivery status (eSMS reports)
  outbox retry <id>                 send a row again now, with a fresh set of attempts
  outbox drop <id>                  delete a row

  --by NAME                         who is acting: recorded on orders (default $USER) and in the
                                    audit log of people, outbox and invoices commands (default cli:<OS user>)
  --help                            this text

Configuration: the server's, from the environment and ENV_FILE (a dotenv file; the environment
wins). Runs on DATABASE_URL (the secrets must be set, as on the servers: none is generated), or on
the embedded PGlite in DATA_DIR, which must be set (the server's folder) and not be open in a
running server (PGlite is one process: stop it, or use its operator console /admin).`;

/**
 * Where the data is must be said, not guessed: without DATABASE_URL or DATA_DIR the tool would open
 * (and create) a second, empty database in ./.data of whatever folder it was started from, and
 * generate secrets there (issue 35, finding 5). The server keeps its documented default.
 */
function refuseUnsaidDatabase(source: NodeJS.ProcessEnv): void {
  if (source.DATABASE_URL?.trim() || source.DATA_DIR?.trim()) return;
  throw new Error(
    "neither DATABASE_URL nor DATA_DIR is set: set the server's own (in the environment or in ENV_FILE), e.g. DATA_DIR=/srv/portal/.data npm run admin -- …, so the command opens the server's database rather than a new one in ./.data.",
  );
}

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
  refuseUnsaidDatabase(process.env);
  const db = await getDb();
  // People and outbox commands are audited under this name (server/admin/audit.ts).
  const cli = () => cliOperator(db, option(rest, "--by"));
  switch (command) {
    case "find":
      return findPerson(db, needEmail());
    case "list": {
      const limit = Number(option(rest, "--limit") ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error("--limit must be 1 to 1000");
      return listPeople(db, { limit, search: option(rest, "--search") });
    }
    case "require-2fa":
      return setRequire2fa(cli(), needEmail(), onOff(rest[1]));
    case "admin-scope":
      return setAdminScope(cli(), needEmail(), onOff(rest[1]));
    case "unlock":
      return unlockAccount(cli(), needEmail());
    case "partner":
      return setPartner(cli(), needEmail(), onOff(rest[1]));
    case "affiliate": {
      const level = option(rest, "--level");
      return setAffiliateStatus(cli(), needEmail(), onOff(rest[1]), level ? Number(level) : undefined);
    }
    case "affiliate-level":
      return setAffiliateLevel(cli(), needEmail(), Number(rest[1]));
    case "affiliate-customers":
      return affiliateCustomers(db, needEmail(), limitOf(rest));
    case "affiliate-unpaid":
      return affiliateUnpaid(db, needEmail(), limitOf(rest));
    case "delete-account":
      return deleteAccountAsOperator({ ...cli(), env: env() }, needEmail());
    case "export-account": {
      const out = option(rest, "--out");
      if (!out) throw new Error("export-account needs --out FILE");
      const config = env();
      const file = await exportAccountAsOperator(
        {
          ...cli(),
          env: config,
          origin: config.APP_URL ? new URL(config.APP_URL).origin : `http://localhost:${config.PORT}`,
        },
        { email: needEmail(), lang: toLocale(option(rest, "--lang")) },
      );
      writeFileSync(out, file.bytes);
      return { file: out, bytes: file.bytes.length, name: file.fileName };
    }
    case "deletions":
      if (rest[0] === "sweep") return { erased: await sweepDueDeletions(db, new Date(), 1000) };
      throw new Error("usage: deletions sweep");
    case "invoices":
      if (rest[0] === "issue") return invoicesIssue(cli(), required(rest, "--month"));
      if (rest[0] === "pay" && rest[1]) return invoicesPay(cli(), rest[1], option(rest, "--date"));
      if (rest[0] === "cancel" && rest[1]) return invoicesCancel(cli(), rest[1], option(rest, "--note"));
      throw new Error(
        "usage: invoices issue --month YYYY-MM | invoices pay <id> [--date D] | invoices cancel <id>",
      );
    case "add-credit":
    case "add-api-credit":
    case "add-money":
    case "add-points": {
      const what = command.slice("add-".length) as Addition;
      const email = needEmail();
      return addToBalance(cli(), email, what, parseAmount(rest[1], what), option(rest, "--note"));
    }
    case "packages":
      if (rest[0] === "export") return packagesExport(db);
      if (rest[0] === "import" && rest[1]) return packagesImport(cli(), rest[1]);
      throw new Error("usage: packages export | packages import <file>");
    case "orders":
      return ordersCommand(db, rest);
    case "outbox":
      return outboxCommand(db, rest);
    case "payments":
      if (rest[0] === "reconcile") return paymentsReconcile(db);
      if (rest[0] === "transfers") return paymentsTransfers(db, option(rest, "--status"), limitOf(rest));
      throw new Error("usage: payments reconcile | payments transfers [--status S]");
    default:
      throw new Error(`unknown command ${JSON.stringify(command)}\n\n${HELP}`);
  }
}

function limitOf(args: string[]): number {
  const limit = Number(option(args, "--limit") ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error("--limit must be 1 to 1000");
  return limit;
}

function required(args: string[], name: string): string {
  const value = option(args, name);
  if (!value || value.startsWith("--")) throw new Error(`${name} is required`);
  return value;
}

/** `--by NAME`, else `cli:<the OS user>`: the name the audit log and the order records give the command line. */
const actor = (args: string[]) => option(args, "--by") ?? `cli:${userInfo().username}`;

async function ordersCommand(db: Awaited<ReturnType<typeof getDb>>, args: string[]): Promise<unknown> {
  const [sub, ...rest] = args;
  if (sub === "pending") return ordersPending(db, limitOf(rest));
  if (sub === "create") {
    if (!rest[0] || rest[0].startsWith("--")) throw new Error("orders create needs an email");
    const months = Number(required(rest, "--months"));
    if (!Number.isInteger(months)) throw new Error("--months must be a whole number");
    return ordersCreate(db, {
      email: rest[0],
      app: required(rest, "--app"),
      storeId: required(rest, "--store"),
      storeName: required(rest, "--name"),
      packageCode: required(rest, "--package"),
      months,
      note: option(rest, "--note"),
      by: actor(rest),
    });
  }
  if (sub === "confirm-transfer") {
    if (!rest[0] || rest[0].startsWith("--")) throw new Error("orders confirm-transfer needs a reference");
    const amount = Number(required(rest, "--amount"));
    if (!Number.isInteger(amount) || amount <= 0) throw new Error("--amount must be whole đồng above 0");
    return ordersConfirmTransfer(db, { reference: rest[0], amount, by: actor(rest) });
  }
  if (sub === "mark") {
    if (!rest[0] || !rest[1])
      throw new Error("usage: orders mark <reference> PAID|PAID_DEBIT|INVALID|CANCEL");
    return ordersMark(db, {
      reference: rest[0],
      status: rest[1],
      note: option(rest, "--note"),
      by: actor(rest),
    });
  }
  throw new Error("usage: orders pending | orders create … | orders mark …");
}

async function outboxCommand(db: Awaited<ReturnType<typeof getDb>>, args: string[]): Promise<unknown> {
  const [sub, ...rest] = args;
  if (sub === "list") {
    const filter = rest.includes("--failed")
      ? "failed"
      : rest.includes("--done")
        ? "done"
        : rest.includes("--all")
          ? "all"
          : "pending";
    // Each row with its delivery as the vendor reported it (eSMS reports, Zalo's acceptance).
    return describeOutboxRows(db, filter, limitOf(rest));
  }
  if (sub === "retry" && rest[0]) return outboxRetry(cliOperator(db, option(rest, "--by")), rest[0]);
  if (sub === "drop" && rest[0]) return outboxDrop(cliOperator(db, option(rest, "--by")), rest[0]);
  throw new Error("usage: outbox list [--failed|--done|--all] | outbox retry <id> | outbox drop <id>");
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
