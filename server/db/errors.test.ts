import { describe, expect, it } from "vitest";
import { CONNECT_TIMEOUT, describeConnectionError, describeMigrationFailure, rootCause } from "./errors";

/** What drizzle throws: its `Failed query:` wrapper around the driver's error. */
function drizzleWrapped(cause: Error, query = 'CREATE SCHEMA IF NOT EXISTS "drizzle"'): Error {
  return Object.assign(new Error(`Failed query: ${query}\nparams: `, { cause }), { query, params: [] });
}
const driverError = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

const URL_WITH_SECRET = "postgres://app:s3cret-pw@db.internal:6432/portal";
const describe_ = (error: Error, url = URL_WITH_SECRET) =>
  describeConnectionError(error, { setting: "DATABASE_URL", url });

describe("start-up errors of DATABASE_URL", () => {
  it.each([
    [
      "connection refused (ECONNREFUSED), at the address the socket tried",
      driverError("connect ECONNREFUSED 127.0.0.1:5499", {
        code: "ECONNREFUSED",
        errno: -111,
        syscall: "connect",
        address: "127.0.0.1",
        port: 5499,
      }),
      "DATABASE_URL: connection refused at 127.0.0.1:5499",
    ],
    [
      "an unknown database (3D000)",
      driverError('database "x" does not exist', { code: "3D000" }),
      'DATABASE_URL: database "x" does not exist',
    ],
    [
      "a wrong password (28P01)",
      driverError('password authentication failed for user "app"', { code: "28P01" }),
      'DATABASE_URL: password authentication failed for user "app"',
    ],
    [
      "an unknown role or no pg_hba.conf line (28000)",
      driverError('role "nobody" does not exist', { code: "28000" }),
      'DATABASE_URL: authentication failed: role "nobody" does not exist',
    ],
    [
      "an unknown host (ENOTFOUND)",
      driverError("getaddrinfo ENOTFOUND db.internal", { code: "ENOTFOUND", syscall: "getaddrinfo" }),
      'DATABASE_URL: host "db.internal" not found (ENOTFOUND)',
    ],
    [
      "DNS not answering (EAI_AGAIN)",
      driverError("getaddrinfo EAI_AGAIN db.internal", { code: "EAI_AGAIN" }),
      'DATABASE_URL: host "db.internal" not found (EAI_AGAIN)',
    ],
    [
      "our connect time-out",
      driverError("no answer within 10000 ms", { code: CONNECT_TIMEOUT }),
      "DATABASE_URL: no answer from db.internal:6432 within 10 s (time-out)",
    ],
    [
      "the system's time-out (ETIMEDOUT)",
      driverError("connect ETIMEDOUT 10.0.0.9:6432", { code: "ETIMEDOUT" }),
      "DATABASE_URL: no answer from db.internal:6432 within 10 s (time-out)",
    ],
    [
      "no route (EHOSTUNREACH)",
      driverError("connect EHOSTUNREACH 10.0.0.9:6432", { code: "EHOSTUNREACH" }),
      "DATABASE_URL: db.internal:6432 is unreachable (EHOSTUNREACH)",
    ],
    [
      "a reset (ECONNRESET)",
      driverError("read ECONNRESET", { code: "ECONNRESET" }),
      "DATABASE_URL: db.internal:6432 closed the connection (ECONNRESET)",
    ],
    [
      "a server starting up (57P03)",
      driverError("the database system is starting up", { code: "57P03" }),
      "DATABASE_URL: db.internal:6432 is not accepting connections yet: the database system is starting up",
    ],
    [
      "too many connections (53300)",
      driverError("sorry, too many clients already", { code: "53300" }),
      "DATABASE_URL: db.internal:6432 refused: sorry, too many clients already",
    ],
    [
      "a socket closed before PostgreSQL answered (pg's own words, no code)",
      new Error("Connection terminated unexpectedly"),
      "DATABASE_URL: db.internal:6432 closed the connection before PostgreSQL answered",
    ],
    [
      "any other PostgreSQL error: its code and message",
      driverError("permission denied for database portal", { code: "42501" }),
      "DATABASE_URL: 42501 permission denied for database portal",
    ],
  ])("%s", (_, cause, line) => {
    expect(describe_(drizzleWrapped(cause))).toBe(line);
    expect(describe_(cause)).toBe(line);
  });

  it("takes the default port and the host of a URL without them", () => {
    const timeout = driverError("no answer", { code: CONNECT_TIMEOUT });
    expect(describe_(timeout, "postgres://app@db.internal/portal")).toBe(
      "DATABASE_URL: no answer from db.internal:5432 within 10 s (time-out)",
    );
  });

  it("never prints the URL's password, even when a message carries it", () => {
    const leaky = driverError(`could not connect with s3cret-pw`, { code: "XX000" });
    const line = describe_(drizzleWrapped(leaky));
    expect(line).not.toContain("s3cret-pw");
    expect(line).toBe("DATABASE_URL: XX000 could not connect with ***");
  });

  it("is one line", () => {
    const multi = driverError("first line\nsecond line", { code: "XX000" });
    expect(describe_(multi)).toBe("DATABASE_URL: XX000 first line");
  });
});

describe("a failed migration", () => {
  it("names PostgreSQL's code and message and the statement's first line, not drizzle's wrapper", () => {
    const error = drizzleWrapped(
      driverError('relation "flow_tokens" already exists', { code: "42P07" }),
      '\nCREATE TABLE "flow_tokens" (\n\t"id" text PRIMARY KEY NOT NULL\n);\n',
    );
    expect(describeMigrationFailure(error)).toBe(
      'migration failed: 42P07 relation "flow_tokens" already exists (statement: CREATE TABLE "flow_tokens" ()',
    );
  });

  it("finds the driver's error under drizzle's wrapper", () => {
    const cause = driverError("x", { code: "3D000" });
    expect(rootCause(drizzleWrapped(cause))).toBe(cause);
  });
});
