// What the app sends to the database while part of a test runs, seen below Drizzle so that nothing
// is missed: every statement's SQL, and the BEGIN / COMMIT of an explicit transaction (PGlite runs
// those itself, node-postgres gets them as statements). A statement outside a transaction is
// committed on its own.
import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { getDb } from "@/server/db/client";

type Watch = { seen: string[]; stop: () => void };

/** Runs `body` and answers its result with the SQL of every statement it sent, in order. */
export async function statementsDuring<T>(
  body: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  // Drizzle keeps the driver's client as `$client` (a pg Pool or a PGlite).
  const { $client: client } = (await getDb()) as unknown as { $client: unknown };
  const watch = client instanceof PGlite ? watchPglite(client) : await watchNodePostgres();
  try {
    const result = await body();
    return { result, statements: [...watch.seen] };
  } finally {
    watch.stop();
  }
}

/** node-postgres: every statement, pooled or in a transaction, goes through a Client's `query`. */
async function watchNodePostgres(): Promise<Watch> {
  const { Client } = await import("pg");
  const seen: string[] = [];
  const original = Client.prototype.query;
  function watched(this: InstanceType<typeof Client>, config: unknown, ...rest: unknown[]) {
    seen.push(typeof config === "string" ? config : String((config as { text?: unknown }).text));
    return Reflect.apply(original, this, [config, ...rest]);
  }
  Client.prototype.query = watched as unknown as typeof original;
  return {
    seen,
    stop: () => {
      Client.prototype.query = original;
    },
  };
}

/** PGlite: `query` and `exec`, and a transaction's own (its BEGIN and COMMIT are PGlite's). */
function watchPglite(client: PGlite): Watch {
  const seen: string[] = [];
  const { query, exec, transaction } = client;
  const watchedTx = (tx: Transaction): Transaction => ({
    ...tx,
    query: (sql: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(sql);
      return tx.query(sql, params, options);
    },
    exec: (sql: string, options?: QueryOptions) => {
      seen.push(sql);
      return tx.exec(sql, options);
    },
    get closed() {
      return tx.closed;
    },
  });
  Object.assign(client, {
    query: (sql: string, ...rest: unknown[]) => {
      seen.push(sql);
      return Reflect.apply(query, client, [sql, ...rest]);
    },
    exec: (sql: string, ...rest: unknown[]) => {
      seen.push(sql);
      return Reflect.apply(exec, client, [sql, ...rest]);
    },
    transaction: async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
      seen.push("BEGIN");
      try {
        const result = await (transaction.call(client, (tx) => callback(watchedTx(tx))) as Promise<T>);
        seen.push("COMMIT");
        return result;
      } catch (error) {
        seen.push("ROLLBACK");
        throw error;
      }
    },
  });
  return {
    seen,
    // The watchers are the instance's own properties; without them its methods answer again.
    stop: () => {
      for (const name of ["query", "exec", "transaction"]) Reflect.deleteProperty(client, name);
    },
  };
}
