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
