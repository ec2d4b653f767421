import { stdSerializers } from "pino";
import { maskEmail, maskPhone } from "./mask";

// What the logger's serializers do to values before they are written: the log is read by more
// people than the database (operators, log shippers, support), so personal data is masked and a
// failed query's parameters (emails, addresses, hashes, codes) never reach it.

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/**
 * drizzle's `Failed query: <sql>\nparams: <values>` in a text whose error is gone (a caller logged
 * only its message): the values are cut up to the stack or the end, whatever follows them.
 */
const SQL_PARAMS = /\nparams: (?!\[redacted\])[\s\S]*?(?=\n {4}at |$)/g;
/** PostgreSQL's detail names the row's values: `Key (email)=(a@b.c) already exists.` */
const KEY_VALUES = /\)=\([^)]*\)/g;
/** Keys whose values are a failed query's parameters. */
const DROPPED_KEYS = new Set(["params", "parameters"]);
const MAX_DEPTH = 6;

/** An email or a phone number, masked: the log may say whose, never the whole address. */
export function maskContact(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value.includes("@") ? maskEmail(value) : maskPhone(value);
}

/** A text with its SQL parameters cut and every email address in it masked. */
export function scrubText(text: string): string {
  return text
    .replace(SQL_PARAMS, "\nparams: [redacted]")
    .replace(KEY_VALUES, ")=([redacted])")
    .replace(EMAIL, (email) => maskEmail(email));
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!DROPPED_KEYS.has(key)) out[key] = scrubValue(item, depth + 1);
  }
  return out;
}

/**
 * The exact `\nparams: <values>` texts of the failed queries in an error's cause chain (drizzle's
 * DrizzleQueryError keeps `query` and `params`), so they can be cut without losing what follows
 * (pino appends the causes' messages: `…params: a,b: duplicate key value…`).
 */
function paramsTexts(error: Error): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < MAX_DEPTH; depth++) {
    if ("params" in current && "query" in current) texts.push(`\nparams: ${String(current.params)}`);
    current = current.cause;
  }
  return texts;
}

/**
 * An error as logged (or a message string a caller passed as `err`): pino's own serialization,
 * then a failed query's parameters cut from its message and stack, its `params` dropped, and
 * email addresses masked.
 */
export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return scrubValue(value, 0);
  const serialized: Record<string, unknown> = { ...stdSerializers.err(value) };
  for (const text of paramsTexts(value)) {
    for (const key of ["message", "stack"]) {
      const field = serialized[key];
      if (typeof field === "string") serialized[key] = field.split(text).join("\nparams: [redacted]");
    }
  }
  return scrubValue(serialized, 0);
}
