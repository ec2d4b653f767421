import "server-only";
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

// Named prepared statements for the statements every sign-in runs (issue 21). PostgreSQL parses and
// plans an unnamed statement on every execution: for the sign-in's lookup and its one write that
// was 0.7 ms of the database's 1 ms per sign-in, all of it spent again for the same text. A named
// statement is parsed once per connection and, after PostgreSQL's first five executions, runs on
// its cached generic plan; drizzle also builds its text once, not per call. Values are bound with
// `sql.placeholder(name)`, so the text never changes under its name.

const dialect = new PgDialect();

/**
 * `prepare(db)` once per database handle (the process's pool, or a transaction), kept while the
 * handle lives: the statement's text and name are built once, and each connection prepares it on
 * first use.
 */
export function preparedFor<P>(prepare: (db: Executor) => P): (db: Executor) => P {
  const byHandle = new WeakMap<Executor, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}

/** Raw SQL (a CTE the query builder cannot write) as a named prepared statement; rows as objects. */
export function prepareRaw<Row>(
  db: Executor,
  name: string,
  statement: SQL,
): PgPreparedQuery<PreparedQueryConfig & { execute: { rows: Row[] } }> {
  return db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
}
