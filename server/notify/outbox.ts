import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { type OutboxEntry, outboxDir } from "./send";

/** Development only (DESIGN §5): the outbox is readable when NODE_ENV=development or OUTBOX_UI=1. */
export function isOutboxVisible(): boolean {
  const config = env();
  return config.NODE_ENV === "development" || config.OUTBOX_UI;
}

/** The newest messages first. */
export async function listOutbox(limit = 50): Promise<OutboxEntry[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir())).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  const newest = files.sort().reverse().slice(0, limit);
  return Promise.all(
    newest.map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), "utf8")) as OutboxEntry),
  );
}
