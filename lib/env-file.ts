import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/**
 * ENV_FILE: the path of a dotenv file (`NAME=value` lines, `#` comments) that the server, the
 * operator command line and `npm run migrate` all read before their configuration, so an operator
 * keeps one file for all three. A setting already in the environment wins over the file (as with
 * Node's own `--env-file`). A relative path is taken from the working directory. Returns the file
 * read, or undefined without ENV_FILE.
 */
export function applyEnvFile(target: Record<string, string | undefined> = process.env): string | undefined {
  const file = target.ENV_FILE?.trim();
  if (!file) return undefined;
  const resolved = path.resolve(file);
  let text: string;
  try {
    text = readFileSync(resolved, "utf8");
  } catch (error) {
    throw new Error(`ENV_FILE: cannot read ${resolved} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (target[name] === undefined) target[name] = value;
  }
  return resolved;
}
