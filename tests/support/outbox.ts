// The messages the outbox adapter wrote as files under a data dir (no SMTP or SMS configured),
// oldest first: read by the integration suites (their own dir) and the end-to-end specs (the server's).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** An email also keeps its HTML part. */
export type OutboxMessage = {
  channel: string;
  to: string;
  text: string;
  params: Record<string, string>;
  html?: string;
};

export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as OutboxMessage);
}
