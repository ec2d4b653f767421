import "server-only";

/** The fields node-postgres and PGlite put on a server's error, and Node on a socket's. */
type DriverError = Error & {
  code?: string;
  errno?: number;
  syscall?: string;
  address?: string;
  port?: number;
};

/** Start-up and migration failures whose message is already the one line an operator should read. */
export class DatabaseSetupError extends Error {
  override name = "DatabaseSetupError";
}

/**
 * The error PostgreSQL (or the socket) raised, under drizzle's `Failed query:` wrapper, whose own
 * message names only the statement and its parameters.
 */
export function rootCause(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const next: unknown = current.cause;
    if (!(next instanceof Error) && !isErrorLike(next)) return current;
    current = next;
  }
  return isErrorLike(current) ? (current as DriverError) : undefined;
}

function isErrorLike(value: unknown): value is DriverError {
  return typeof value === "object" && value !== null && typeof (value as Error).message === "string";
}

/** The first line of a statement, enough to find it in the migration file. */
function firstLine(statement: string): string {
  const line =
    statement
      .split("\n")
      .map((l) => l.trim())
      .find(Boolean) ?? "";
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/**
 * One line for an operator whose migration failed: PostgreSQL's code and message and the first line
 * of the statement, not drizzle's `Failed query:` with the whole statement and its parameters.
 */
export function describeMigrationFailure(error: unknown): string {
  const cause = rootCause(error);
  const query: unknown = error instanceof Error ? (error as { query?: unknown }).query : undefined;
  const statement = typeof query === "string" ? firstLine(query) : undefined;
  const code = cause?.code ? `${cause.code} ` : "";
  const message = cause?.message ?? String(error);
  return `migration failed: ${code}${message}${statement ? ` (statement: ${statement})` : ""}`;
}

/** How long a start waits for PostgreSQL to answer before it says so (a host that drops packets). */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Our own time-out's code: pg's reads "Connection terminated unexpectedly", like a server closing. */
export const CONNECT_TIMEOUT = "CONNECT_TIMEOUT";

/** Where a URL points, as `host:port`, and whose password must never be printed. */
function target(url: string): { where: string; host: string; password?: string } {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, "") || parsed.searchParams.get("host") || "localhost";
    return {
      where: `${host}:${parsed.port || "5432"}`,
      host,
      password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    };
  } catch {
    return { where: "(unreadable URL)", host: "(unreadable URL)" };
  }
}

/**
 * One line naming the setting and the cause when PostgreSQL cannot be reached or refuses us, instead
 * of drizzle's `Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"`. Never the URL's password.
 */
export function describeConnectionError(error: unknown, options: { setting: string; url: string }): string {
  const cause = rootCause(error);
  const { where, host, password } = target(options.url);
  const code = cause?.code;
  const message = (cause?.message ?? String(error)).split("\n")[0] ?? "";
  const why = (() => {
    switch (code) {
      case "ECONNREFUSED":
        return `connection refused at ${cause?.address && cause.port ? `${cause.address}:${cause.port}` : where}`;
      case "ENOTFOUND":
      case "EAI_AGAIN":
        return `host "${host}" not found (${code})`;
      case "EHOSTUNREACH":
      case "ENETUNREACH":
        return `${where} is unreachable (${code})`;
      case "ETIMEDOUT":
      case CONNECT_TIMEOUT:
        return `no answer from ${where} within ${CONNECT_TIMEOUT_MS / 1000} s (time-out)`;
      case "ECONNRESET":
        return `${where} closed the connection (ECONNRESET)`;
      // invalid_catalog_name: PostgreSQL's own words name the database.
      case "3D000":
        return message;
      // invalid_password: "password authentication failed for user "…"" (the user, never the password).
      case "28P01":
        return message;
      // invalid_authorization_specification: an unknown role, or no pg_hba.conf line for us.
      case "28000":
        return `authentication failed: ${message}`;
      // cannot_connect_now: starting up, shutting down or in recovery.
      case "57P03":
        return `${where} is not accepting connections yet: ${message}`;
      // too_many_connections.
      case "53300":
        return `${where} refused: ${message}`;
      default:
        if (code) return `${code} ${message}`;
        // pg's words for a socket closed before PostgreSQL's first answer (a proxy, a firewall, TLS).
        if (message.startsWith("Connection terminated"))
          return `${where} closed the connection before PostgreSQL answered`;
        return message;
    }
  })();
  const line = `${options.setting}: ${why}`;
  // PostgreSQL and Node never echo it; this is the belt to that pair of braces (short ones would
  // blank out ordinary words).
  return password && password.length >= 4 ? line.replaceAll(password, "***") : line;
}
